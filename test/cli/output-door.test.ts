import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/auth/redaction.js';
import { guardContext } from '../../src/cli/guarded-context.js';
import { formatDocument } from '../../src/output/document.js';
import { preparePresenter } from '../../src/core/presenter.js';
import { printPresentation } from '../../src/cli/report.js';
import { run } from '../../src/cli/run.js';
import { createFakeContext, json } from '../support/fake-context.js';

// The one output door (src/cli/guarded-context.ts) through a fake context: secrets redacted before
// any formatter cuts or folds them, and what the server says shown on a terminal, never obeyed.

const KEY = 'ws_key_CANARYenv9d8c7b6a5f4e3d2c';
const GET = ['email', 'drafts', 'get', 'dr_1'];
const draft = { ok: true, kind: 'email', draftId: 'dr_1', syncStatus: 'synced', revision: 3 };
/** A redaction shows the first 4 characters; any more of the secret, or its tail, is a leak. */
const leaks = (printed: string, secret = KEY) => printed.includes(secret.slice(0, 6)) || printed.includes(secret.slice(-8));

describe('secrets are redacted before anything cuts or folds them', () => {
  it('a table on a narrow terminal cuts a cell after the secret in it was redacted', async () => {
    const { ctx, out } = createFakeContext({
      tty: true,
      env: { SERVICE_API_KEY: KEY },
      respond: () => json(200, [{ id: 'x', note: `${'n'.repeat(20)} ${KEY} ${'m'.repeat(40)}` }]),
    });
    ctx.io.columns = 40;
    expect(await run(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_1', '--output', 'table'], ctx)).toBe(0);
    expect(out()).toContain('********');
    expect(leaks(out())).toBe(false);
  });

  it('YAML folding a long string does not split a secret with spaces in it (a proxy password) out of reach', async () => {
    const spaced = 'correct horse battery staple canary';
    const long = `${'word '.repeat(12)}${spaced}${' tail'.repeat(20)}`;
    const { ctx, out } = createFakeContext();
    const guarded = guardContext(ctx, [spaced]);
    printPresentation(guarded, await (await preparePresenter(guarded, { output: 'yaml' })).present({ note: long }));
    expect(out()).toMatch(/\n/);
    expect(out()).not.toContain('staple');
  });

  it('--debug clips a long body after redacting it: a secret across the clip does not leave its head', async () => {
    const padTo = (n: number) => JSON.stringify({ ...draft, pad: 'p'.repeat(n), echo: KEY });
    const body = padTo(4096 - 10 - padTo(0).indexOf(KEY));
    const at = body.indexOf(KEY);
    expect(at).toBeLessThan(4096);
    expect(at + KEY.length).toBeGreaterThan(4096); // the secret straddles the clip
    const { ctx, err } = createFakeContext({
      env: { SERVICE_API_KEY: KEY },
      respond: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body }),
    });
    expect(await run([...GET, '--debug'], ctx)).toBe(0);
    expect(err()).toContain('********');
    expect(leaks(err())).toBe(false);
  });

  it('a stored token that holds SERVICE_API_KEY is redacted whole', async () => {
    const stored = `svc_agent_${KEY}_stored_tail_42`;
    const echo = () => json(400, { error: { message: `bad: ${stored} / ${KEY}`, type: 'x', code: 'y' } });
    const { ctx, err } = createFakeContext({ env: { SERVICE_API_KEY: KEY }, profiles: { default: { token: stored } }, respond: echo });
    expect(await run([...GET, '--retries', '0'], ctx)).toBe(1);
    await ctx.config(); // the stored token is known once the settings are read, as in a real run
    expect(err()).not.toContain('_stored_tail_42');
    expect(leaks(err())).toBe(false);
  });

  it('a template preview whose HTML spells a secret with character references is redacted before it is wrapped', () => {
    const spaced = 'correct horse battery staple canary'; // a proxy password may hold spaces, where wrapping breaks lines
    const spelled = [...spaced].map((c) => `&#${c.charCodeAt(0)};`).join('');
    const redact = createRedactor([spaced]).text;
    const text = formatDocument(
      { htmlBody: `<p>${'word '.repeat(5)}${spelled} more</p>` },
      { fields: {}, html: 'htmlBody' },
      { color: false, width: 30, redact },
    );
    expect(text).toContain('********');
    expect(text).not.toMatch(/corr|horse|battery|staple|canary/);
  });
});

describe('what the server says is shown, never obeyed', () => {
  const hostile = 'bad\u001b]0;pwned\u0007\u001b[2J\nsvc: all good, nothing failed\r\u009b1A';

  it('an error message is one line: no forged "svc:" line, no escape sequence, no carriage return', async () => {
    const { ctx, err } = createFakeContext({ respond: () => json(400, { error: { message: hostile, type: 't', code: 'c' } }) });
    expect(await run(GET, ctx)).toBe(1);
    expect(err()).toBe('svc: bad^[]0;pwned^G^[[2J^Jsvc: all good, nothing failed^M^[[1A (t/c, HTTP 400)\n');
  });

  it('on a terminal, a JSON answer with C1 controls and a table with escapes in keys and cells are inert', async () => {
    const { ctx, out } = createFakeContext({ tty: true, respond: () => json(200, [{ '\u001b[2Jkey': `v\u009b2J`, other: '\u001b]0;t\u0007' }]) });
    expect(await run(['crm', 'tasks', 'series', 'occurrences', 'list', 'ser_1'], ctx)).toBe(0);
    const withoutColour = out().replace(/\u001b\[\d+m/g, ''); // svc's own bold headers
    expect(withoutColour).toContain('v^[[2J'); // C1 CSI, shown
    expect(withoutColour).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('--debug marks every line of a body, so a body cannot print a line of its own', async () => {
    const { ctx, err } = createFakeContext({
      respond: () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: `${JSON.stringify(draft)}\nsvc: forged\r\n* forged\rsvc: again` }),
    });
    await run([...GET, '--debug'], ctx);
    const lines = err().split('\n').filter(Boolean);
    expect(lines.every((line) => /^(svc: |\* |> |< )/.test(line) || line === '<' || line === '>')).toBe(true);
    expect(err()).toContain('< svc: forged\n< * forged^Msvc: again\n');
  });

  it('piped, the data stays exact: JSON escapes C0 itself, and C1 characters are data', async () => {
    const { ctx, out } = createFakeContext({ respond: () => json(200, { ...draft, note: 'a\u009bb\u001bc' }) });
    expect(await run(GET, ctx)).toBe(0);
    expect(JSON.parse(out()).note).toBe('a\u009bb\u001bc');
  });
});
