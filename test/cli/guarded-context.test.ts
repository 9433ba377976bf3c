import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/core/context.js';
import { guardContext } from '../../src/cli/guarded-context.js';
import { ALL_PROXY_VARIABLES } from '../../src/config/proxy-route.js';
import type { ConfigStore } from '../../src/config/store.js';
import { createFakeContext, createMemoryStore } from '../support/fake-context.js';

// The redaction layer every command prints through, driven through a fake context: what
// a user would see on stdout and stderr when a secret reaches a message.

const KEY = 'sk_live_4f9a2c7e1b';
const TOKEN = 'svc_agent_7Qp3vXm9LkT2wR8n';

/** No six characters of a secret past the `shown` ones its redacted form starts with are printed. */
function expectNoPartOf(secret: string, printed: string): void {
  const shown = secret.startsWith('svc_agent_') ? 14 : 4;
  for (let from = shown; from + 6 <= secret.length; from++) expect(printed).not.toContain(secret.slice(from, from + 6));
}

function guarded(options: Parameters<typeof createFakeContext>[0] = {}) {
  const fake = createFakeContext(options);
  return { ...fake, guarded: guardContext(fake.ctx) };
}

describe('guardContext: SERVICE_API_KEY', () => {
  it('is redacted on stdout and stderr before any config is read', () => {
    const { guarded: ctx, out, err } = guarded({ env: { SERVICE_API_KEY: KEY } });
    ctx.io.out(`key=${KEY}\n`);
    ctx.io.err(`svc: error: 401 for ${KEY} and again ${KEY}\n`);
    expect(out()).toMatch(/^key=\*{8}\n$/);
    expect(err()).toMatch(/^svc: error: 401 for \*{8} and again \*{8}\n$/);
  });

  it('an empty SERVICE_API_KEY redacts nothing', () => {
    const { guarded: ctx, out } = guarded({ env: { SERVICE_API_KEY: '' } });
    ctx.io.out('nothing secret here\n');
    expect(out()).toBe('nothing secret here\n');
  });

  it('leaves text without a secret exactly as it was', () => {
    const { guarded: ctx, out, err } = guarded({ env: { SERVICE_API_KEY: KEY } });
    ctx.io.out('{"draftId":"dr_1"}\n');
    ctx.io.err('svc: warning: slow\n');
    expect([out(), err()]).toEqual(['{"draftId":"dr_1"}\n', 'svc: warning: slow\n']);
  });
});

describe('guardContext: one secret inside another is redacted whole', () => {
  it('SERVICE_API_KEY a substring of the stored token: the rest of the token never prints', async () => {
    const stored = `svc_agent_Z${KEY}_tail9Xq2`;
    const { guarded: ctx, out } = guarded({ env: { SERVICE_API_KEY: KEY }, profiles: { default: { token: stored } } });
    await ctx.config();
    ctx.io.out(`stored: ${stored}\nkey: ${KEY}\n`);
    expectNoPartOf(stored, out());
    expectNoPartOf(KEY, out());
    expect(out()).toMatch(/^stored: svc_agent_\*{8}\nkey: \*{8}\n$/);
  });

  it('a stored token inside a secret learned later (a new login) is redacted whole too', async () => {
    const longer = `${TOKEN}EXTRA_part_55`;
    const { guarded: ctx, err } = guarded({ env: { SERVICE_API_KEY: undefined }, profiles: { default: { token: TOKEN } } });
    await ctx.config();
    ctx.secrets!.add(longer);
    ctx.io.err(`svc: error: ${longer} / ${TOKEN}\n`);
    expectNoPartOf(longer, err());
    expect(err()).toMatch(/^svc: error: svc_agent_\*{8} \/ svc_agent_\*{8}\n$/);
  });
});

describe('guardContext: stored tokens', () => {
  it('learns the token of every profile when the config is read', async () => {
    const other = 'svc_agent_OtherProfileToken1';
    const { guarded: ctx, out } = guarded({
      env: { SERVICE_API_KEY: undefined },
      profiles: { default: { token: TOKEN }, work: { token: other }, bare: { baseUrl: 'http://127.0.0.1:1/v1' } },
    });
    const store = await ctx.config();
    ctx.io.out(`${store.profile('default').token} ${store.profile('work').token}\n`);
    expectNoPartOf(TOKEN, out());
    expectNoPartOf(other, out());
    expect(store.profileNames()).toEqual(['bare', 'default', 'work']);
    expect(store.path).toBe('/memory/config.json');
  });

  it('learns a token as it is saved, and reveal() alone prints it whole', async () => {
    const { guarded: ctx, out, store } = guarded({ env: { SERVICE_API_KEY: undefined } });
    const config = await ctx.config();
    await config.updateProfile('default', (current) => ({ ...current, token: TOKEN }));
    expect(store.profile('default').token).toBe(TOKEN);
    ctx.io.out(`saved ${TOKEN}\n`);
    ctx.secrets!.reveal(`${TOKEN}\n`);
    expect(out()).toMatch(/^saved svc_agent_\*{8}\nsvc_agent_7Qp3vXm9LkT2wR8n\n$/);
  });

  it('reads the config once, however many commands ask', async () => {
    const fake = createFakeContext();
    let reads = 0;
    const ctx = guardContext({ ...fake.ctx, config: async () => (reads++, fake.store) });
    expect(await ctx.config()).toBe(await ctx.config());
    expect(reads).toBe(1);
  });
});

describe('guardContext: warnings of config writes', () => {
  function withWarnings(warnings: string[]): Context {
    const memory = createMemoryStore();
    const store: ConfigStore = { ...memory, updateProfile: async (name, change) => (await memory.updateProfile(name, change), warnings) };
    return { ...createFakeContext().ctx, config: async () => store };
  }

  it('prints every warning on stderr, redacted, in one line, and returns them', async () => {
    const fake = createFakeContext();
    const warnings = ['the config file mode was 0644; set to 0600', `the old token ${TOKEN} was replaced`];
    const ctx = guardContext({ ...withWarnings(warnings), io: fake.ctx.io });
    expect(await (await ctx.config()).updateProfile('default', () => ({ token: TOKEN }))).toEqual(warnings);
    expect(fake.err()).toMatch(/^svc: warning: the config file mode was 0644; set to 0600; the old token svc_agent_\*{8} was replaced\n$/);
    expect(fake.out()).toBe('');
  });

  it('prints nothing when a write has no warning', async () => {
    const fake = createFakeContext();
    const ctx = guardContext({ ...withWarnings([]), io: fake.ctx.io });
    expect(await (await ctx.config()).updateProfile('default', () => ({ baseUrl: 'http://127.0.0.1:1/v1' }))).toEqual([]);
    expect(fake.err()).toBe('');
  });
});

describe('guardContext keeps the context it wraps lazy', () => {
  it('copies getters as getters: stdin and the terminal are set up only when a command asks', () => {
    const fake = createFakeContext();
    let opened = 0;
    const io = Object.defineProperty({ ...fake.ctx.io }, 'stdinIsTTY', {
      enumerable: true,
      get: () => (opened++, true),
    });
    const ctx = guardContext({ ...fake.ctx, io });
    expect(opened).toBe(0);
    expect(ctx.io.stdinIsTTY).toBe(true);
    expect(opened).toBe(1);
    expect(ctx.env).toBe(fake.ctx.env);
  });
});

describe('guardContext: what the server says is shown on a terminal, never obeyed', () => {
  const hostile = 'title\u001b]0;pwned\u0007 \u001b[31mred\u001b[0m\n';

  it('stdout on a terminal: controls shown, svc colour kept only when colour is on', () => {
    const colour = guarded({ tty: true, env: { FORCE_COLOR: '1' } });
    colour.guarded.io.out(hostile);
    expect(colour.out()).toBe('title^[]0;pwned^G \u001b[31mred\u001b[0m\n');
    const plain = guarded({ tty: true, env: { NO_COLOR: '1' } });
    plain.guarded.io.out(hostile);
    expect(plain.out()).toBe('title^[]0;pwned^G ^[[31mred^[[0m\n');
  });

  it('stdout piped: the data stays exact, secrets still redacted', () => {
    const { guarded: ctx, out } = guarded({ tty: false, env: { SERVICE_API_KEY: KEY } });
    ctx.io.out(`${hostile}${KEY}\n`);
    expect(out()).toMatch(/^title\u001b\]0;pwned\u0007 \u001b\[31mred\u001b\[0m\n\*{8}\n$/);
  });

  it('stderr always: controls shown, line breaks kept', () => {
    const { guarded: ctx, err } = guarded({ tty: false });
    ctx.io.err(`svc: error: ${hostile}`);
    expect(err()).toBe('svc: error: title^[]0;pwned^G ^[[31mred^[[0m\n');
  });

  it('the status line is drawn over itself: one line, redacted, controls shown', () => {
    const { guarded: ctx, err } = guarded({ env: { SERVICE_API_KEY: KEY } });
    ctx.io.status!(`12/40 ${KEY}\nforged\u001b[2J`);
    expect(err()).toMatch(/^\r12\/40 \*{8}\^Jforged\^\[\[2J\u001b\[K$/);
  });

  it('the status line never wraps: cut to the width of the terminal stderr is on, wide characters counted as two cells', () => {
    const { guarded: ctx, err } = guarded({ tty: true, columns: 20, env: { SERVICE_API_KEY: KEY } });
    ctx.io.status!('syncStatus: pending · 3 polls · 4.2 s of 5 min');
    ctx.io.status!('12 → 13 · 3 polls');
    ctx.io.status!(`名前: 保留中の下書き ${KEY}`);
    ctx.io.status!('\u001b[2J\u001b[2J\u001b[2J\u001b[2J');
    // What each redraw puts between its \r and its erase-to-end-of-line: at most 19 cells, the last column kept free.
    expect(err().split('\r').slice(1)).toEqual([
      'syncStatus: pendin…\u001b[K',
      '12 → 13 · 3 polls\u001b[K',
      '名前: 保留中の下書…\u001b[K',
      '^[[2J^[[2J^[[2J^[[…\u001b[K',
    ]);
  });
});

describe('guardContext: passwords in base URLs are secrets too', () => {
  const url = (password: string) => `https://ada:${password}@api.example.com/v1`;

  it('from SERVICE_BASE_URL at once, and from a stored profile once the config is read', async () => {
    const { guarded: ctx, out } = guarded({ env: { SERVICE_BASE_URL: url('envPass_77aa') }, profiles: { work: { baseUrl: url('storedPass_88bb') } } });
    ctx.io.out('envPass_77aa\n');
    await ctx.config();
    ctx.io.out('storedPass_88bb\n');
    expect(out()).toBe('********\n********\n');
  });

  it('from a profile being saved, with its token', async () => {
    const { guarded: ctx, out } = guarded({ env: { SERVICE_API_KEY: undefined } });
    await (await ctx.config()).updateProfile('work', () => ({ baseUrl: url('newPass_99cc'), token: TOKEN }));
    ctx.io.out(`newPass_99cc ${TOKEN}\n`);
    expect(out()).toMatch(/^\*{8} svc_agent_\*{8}\n$/);
  });

  it('extra secrets given to the door (a proxy password), and values redacted deep', () => {
    const fake = createFakeContext({ env: { SERVICE_API_KEY: undefined } });
    const ctx = guardContext(fake.ctx, ['proxyPw_1234']);
    expect(ctx.secrets!.redact('proxyPw_1234')).toBe('********');
    expect(ctx.secrets!.redactValue({ list: ['proxyPw_1234'] })).toEqual({ list: ['********'] });
  });
});

describe('guardContext: proxy passwords are secrets too', () => {
  it.each(ALL_PROXY_VARIABLES)('from %s at once, raw, decoded and as the Basic credential svc sends the proxy', (name) => {
    const { guarded: ctx, out, err } = guarded({ env: { SERVICE_API_KEY: undefined, [name]: 'http://ada:envProxy%40Pw_42@proxy.example:3128' } });
    const basic = Buffer.from('ada:envProxy@Pw_42').toString('base64');
    ctx.io.out(`envProxy%40Pw_42 envProxy@Pw_42 Proxy-Authorization: Basic ${basic}\n`);
    ctx.io.err('svc: error: proxy envProxy@Pw_42 refused\n');
    expect(out()).not.toMatch(/Proxy%40Pw|Proxy@Pw/);
    expect(out()).not.toContain(basic);
    expect(out()).toBe('******** ******** Proxy-Authorization: Basic ********\n');
    expect(err()).toBe('svc: error: proxy ******** refused\n');
  });

  it("from a stored profile's proxy once the config is read, and from a proxy being saved", async () => {
    const { guarded: ctx, out } = guarded({ env: { SERVICE_API_KEY: undefined }, profiles: { work: { proxy: 'http://ada:storedProxy_55@proxy:3128' } } });
    await ctx.config();
    ctx.io.out('storedProxy_55\n');
    await (await ctx.config()).updateProfile('home', () => ({ proxy: 'http://bob:savedProxy_66@proxy:3128' }));
    ctx.io.out('savedProxy_66\n');
    expect(out()).toBe('********\n********\n');
  });
});

describe('guardContext: a hand-edited settings file', () => {
  it('holding numbers where URLs and tokens belong is read without an error, nothing learned from them', async () => {
    const odd = { token: 12345678, baseUrl: 443, proxy: 3128 } as unknown as Record<string, string>;
    const { guarded: ctx, out } = guarded({ env: { SERVICE_API_KEY: undefined }, profiles: { work: odd } });
    const store = await ctx.config();
    expect(store.profileNames()).toEqual(['work']);
    ctx.io.out('12345678 443 3128\n');
    expect(out()).toBe('12345678 443 3128\n');
  });
});
