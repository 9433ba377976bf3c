// Character references of HTML: the named ones that e-mail templates use, and every numeric one.

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad',
  copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', minus: '−',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»',
  lsaquo: '‹', rsaquo: '›', bull: '•', middot: '·', dagger: '†', Dagger: '‡', permil: '‰', prime: '′',
  euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤', sect: '§', para: '¶', deg: '°',
  plusmn: '±', times: '×', divide: '÷', frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³',
  micro: 'µ', iexcl: '¡', iquest: '¿', larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔',
  check: '✓', hearts: '♥', star: '☆', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  zwnj: '\u200c', zwj: '\u200d', lrm: '\u200e', rlm: '\u200f',
  auml: 'ä', ouml: 'ö', uuml: 'ü', Auml: 'Ä', Ouml: 'Ö', Uuml: 'Ü', szlig: 'ß',
  eacute: 'é', egrave: 'è', ecirc: 'ê', Eacute: 'É', aacute: 'á', agrave: 'à', acirc: 'â',
  iacute: 'í', oacute: 'ó', uacute: 'ú', ntilde: 'ñ', Ntilde: 'Ñ', ccedil: 'ç', Ccedil: 'Ç',
  aring: 'å', Aring: 'Å', aelig: 'æ', oslash: 'ø', Oslash: 'Ø',
};

// Numeric references 128–159 name windows-1252 characters, as browsers read them (HTML spec).
const WINDOWS_1252: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰',
  0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•',
  0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

function fromCodePoint(code: number): string {
  if (WINDOWS_1252[code]) return WINDOWS_1252[code];
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

/**
 * Decodes character references: `&amp;`, `&#39;`, `&#x27;`. A numeric one may omit the `;`;
 * an unknown name is left as written.
 */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,8});?|#(\d{1,10});?|([a-zA-Z][a-zA-Z0-9]{1,31});)/g, (whole, hex?: string, dec?: string, name?: string) => {
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    return Object.hasOwn(NAMED, name!) ? NAMED[name!]! : whole;
  });
}
