// Sizes used by test/commands/config-file.test.ts, apart so test/readme-figures.test.ts can count them.

/** How many `svc auth login --profile pN` processes run at once. */
export const concurrentLogins = 10;

/**
 * Settings files that are valid JSON, or not, but cannot be used: each must give one line naming
 * the file, exit 2, the file untouched, and never the value (it may be a token).
 */
export const unusableSettings: readonly (readonly [what: string, text: string, problem: string])[] = [
  ['not JSON', '{"profiles": {"default": {"token": "svc_agent_x"', 'is not valid JSON; fix or remove it'],
  ['a list', '[1, 2, 3]', 'does not hold svc settings (it is not a JSON object); fix or remove it'],
  ['null', 'null', 'does not hold svc settings (it is not a JSON object); fix or remove it'],
  ['a string', '"svc_agent_secret12345678"', 'does not hold svc settings (it is not a JSON object); fix or remove it'],
  ['profiles not an object', '{"profiles": "all"}', 'does not hold svc settings ("profiles" is not an object); fix or remove it'],
  ['profiles a list', '{"profiles": [{"token": "svc_agent_secret12345678"}]}', 'does not hold svc settings ("profiles" is not an object); fix or remove it'],
  [
    'a profile that is a list',
    '{"profiles": {"default": ["svc_agent_secret12345678"]}}',
    'does not hold svc settings (profile "default" is not an object); fix or remove it',
  ],
  ['a profile that is null', '{"profiles": {"default": null}}', 'does not hold svc settings (profile "default" is not an object); fix or remove it'],
  [
    'a token that is a number',
    '{"profiles": {"default": {"token": 12345678}}}',
    'does not hold svc settings (token of profile "default" is not a string); fix or remove it',
  ],
  [
    'a token that is a list',
    '{"profiles": {"default": {"token": ["svc_agent_secret12345678"]}}}',
    'does not hold svc settings (token of profile "default" is not a string); fix or remove it',
  ],
  [
    'a token that is an object',
    '{"profiles": {"default": {"token": {"value": "svc_agent_secret12345678"}}}}',
    'does not hold svc settings (token of profile "default" is not a string); fix or remove it',
  ],
  [
    'a base URL that is a number',
    '{"profiles": {"default": {"baseUrl": 12345678}}}',
    'does not hold svc settings (baseUrl of profile "default" is not a string); fix or remove it',
  ],
  [
    'a timeout that is text',
    '{"profiles": {"default": {"timeout": "30"}}}',
    'does not hold svc settings (timeout of profile "default" is not a number); fix or remove it',
  ],
  [
    'retries that are null',
    '{"profiles": {"default": {"retries": null}}}',
    'does not hold svc settings (retries of profile "default" is not a number); fix or remove it',
  ],
  [
    'another profile broken',
    '{"profiles": {"default": {}, "ci": {"token": true}}}',
    'does not hold svc settings (token of profile "ci" is not a string); fix or remove it',
  ],
  [
    'an escape in a base URL',
    '{"profiles": {"default": {"baseUrl": "https://api.example.com/v1\\u001b[2J"}}}',
    'does not hold svc settings (baseUrl of profile "default" holds a control character); fix or remove it',
  ],
  [
    'a line break in a proxy',
    '{"profiles": {"ci": {"proxy": "http://proxy:3128\\nbase-url = x"}}}',
    'does not hold svc settings (proxy of profile "ci" holds a control character); fix or remove it',
  ],
  [
    'an escape in a profile name',
    '{"profiles": {"e\\u001b[31mvil": {}}}',
    'does not hold svc settings (profile "e\\u001b[31mvil" has a control character in its name); fix or remove it',
  ],
];

/** Profile names that are also names of every JavaScript object's properties. */
export const prototypeProfileNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

/** Rounds of `config set` ×3, `auth logout` and `auth login` on one profile, all at once. */
export const concurrentWriteRounds = 3;
