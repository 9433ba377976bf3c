import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's chromium (CI installs it: .ci/run). */
export const CHROMIUM = ['chromium', 'chromium-browser'].find((name) => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0);

/**
 * Headless Chromium driven over the DevTools protocol (Node's own WebSocket): one page, loaded at
 * a window width and a colour scheme, to measure with a script and to photograph. Its profile is a
 * fresh folder, removed on close, and it makes no network traffic of its own.
 */
export class Browser {
  private next = 0;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners: ((method: string) => void)[] = [];

  private constructor(
    private readonly process: ChildProcess,
    private readonly socket: WebSocket,
    private readonly profile: string,
    private readonly session: { id?: string },
  ) {}

  static async open(): Promise<Browser> {
    const profile = mkdtempSync(join(tmpdir(), 'svc-chromium-'));
    const flags = [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      `--user-data-dir=${profile}`,
      '--remote-debugging-port=0',
      'about:blank',
    ];
    // Its scratch files (org.chromium.*) go in the profile folder too, so closing leaves nothing in the temp folder.
    const child = spawn(CHROMIUM!, flags, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: profile } });
    const endpoint = await new Promise<string>((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`chromium did not start: ${text}`)), 60_000);
      child.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.on('exit', () => reject(new Error(`chromium exited: ${text}`)));
    });
    const socket = new WebSocket(endpoint);
    await new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = () => reject(new Error('no DevTools connection'));
    });
    const browser = new Browser(child, socket, profile, {});
    socket.onmessage = (event) => browser.receive(JSON.parse(String(event.data)));
    const { targetId } = (await browser.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string };
    const { sessionId } = (await browser.send('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
    browser.session.id = sessionId;
    await browser.send('Page.enable');
    return browser;
  }

  private receive(message: { id?: number; method?: string; result?: unknown; error?: { message: string } }): void {
    if (message.id !== undefined) {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
    } else if (message.method) for (const listener of this.listeners) listener(message.method);
  }

  send(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.next;
    this.socket.send(JSON.stringify({ id, method, params, ...(this.session.id ? { sessionId: this.session.id } : {}) }));
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** Loads `url` in a window `width` px wide, in the light or dark scheme, and waits for its load event. */
  async load(url: string, width: number, scheme: 'light' | 'dark'): Promise<void> {
    await this.send('Emulation.setDeviceMetricsOverride', { width, height: 900, deviceScaleFactor: 1, mobile: width < 600 });
    await this.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
    const loaded = new Promise<void>((resolve) => this.listeners.push((method) => method === 'Page.loadEventFired' && resolve()));
    await this.send('Page.navigate', { url });
    await loaded;
    this.listeners.length = 0;
  }

  /** The value of a JavaScript expression in the page (JSON-serialisable). */
  async evaluate<T>(expression: string): Promise<T> {
    const { result, exceptionDetails } = (await this.send('Runtime.evaluate', { expression, returnByValue: true })) as {
      result: { value: T };
      exceptionDetails?: { text: string };
    };
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.text}`);
    return result.value;
  }

  /**
   * A PNG of the page: the whole of it, down to `maxHeight` px (an index of a thousand commands is
   * tens of thousands of pixels tall, which takes Chromium minutes to encode), or the window alone.
   */
  async screenshot(file: string, fullPage = true, maxHeight = 8000): Promise<void> {
    const height = Math.min(maxHeight, await this.evaluate<number>('document.documentElement.scrollHeight'));
    const width = await this.evaluate<number>('innerWidth');
    const { data } = (await this.send(
      'Page.captureScreenshot',
      fullPage ? { format: 'png', captureBeyondViewport: true, clip: { x: 0, y: 0, width, height, scale: 1 } } : { format: 'png' },
    )) as { data: string };
    writeFileSync(file, Buffer.from(data, 'base64'));
  }

  /**
   * Ends Chromium and removes its profile once it has exited: a browser told to stop still writes
   * to its profile while it shuts down, so a folder removed at once could come back.
   */
  async close(): Promise<void> {
    this.socket.close();
    if (this.process.exitCode === null && this.process.signalCode === null) {
      const exited = new Promise((resolve) => this.process.once('exit', resolve));
      this.process.kill();
      const timer = setTimeout(() => this.process.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

/**
 * Runs in the page: the document's width against the window's, the widest elements past it, and
 * the contrast of every element's own text colour on the background it is drawn on (WCAG 2).
 */
export const MEASURE = `(() => {
  const rgb = (css) => (css.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; }).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (el) => {
    for (let node = el; node; node = node.parentElement) {
      const c = rgb(getComputedStyle(node).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
    }
    return rgb(getComputedStyle(document.documentElement).backgroundColor).slice(0, 3);
  };
  const low = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('[hidden]') || el.getClientRects().length === 0) continue;
    const fg = luminance(rgb(getComputedStyle(el).color));
    const bg = luminance(background(el));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    if (ratio < 4.5) low.push(el.tagName.toLowerCase() + '.' + el.className + ' ' + ratio.toFixed(2) + ': ' + el.textContent.trim().slice(0, 40));
  }
  const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > innerWidth + 1 && !el.closest('pre, table')).map((el) => el.tagName.toLowerCase() + ' ' + Math.round(el.getBoundingClientRect().right)).slice(0, 5);
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth, low, wide };
})()`;
