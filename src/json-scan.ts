// The walk behind describeJsonSyntax (json-syntax.ts): V8's JSON parser's order of checks, iterative,
// throwing a Refusal in V8's words at the first fault.

/** V8's message templates that name a position. */
const AT = {
  number: 'Unexpected number',
  string: 'Unexpected string',
  unterminated: 'Unterminated string',
  fraction: 'Unterminated fractional number',
  exponent: 'Exponent part is missing a number',
  minus: 'No number after minus sign',
  control: 'Bad control character in string literal',
  unicode: 'Bad Unicode escape',
  escape: 'Bad escaped character',
  after: 'Unexpected non-whitespace character after',
  firstKey: "Expected property name or '}'",
  nextKey: 'Expected double-quoted property name',
  colon: "Expected ':' after property name",
  objectNext: "Expected ',' or '}' after property value",
  arrayNext: "Expected ',' or ']' after array element",
} as const;

/** The texts V8 names whole, as they are what String() makes of a value that is not JSON. */
const SPECIAL = new Set(['[object Object]', 'undefined', 'Infinity', 'NaN']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

export class Refusal {
  constructor(readonly message: string) {}
}

/** Walks a JSON text as V8's parser does; document() throws a Refusal at the first fault. */
export class JsonScan {
  private at = 0;
  /** The containers open around the cursor: '{' or '['. */
  private readonly open: string[] = [];

  constructor(private readonly text: string) {}

  document(): void {
    while (this.value());
    for (;;) {
      this.skipSpace();
      const container = this.open.at(-1);
      if (container === undefined) break;
      if (container === '[' ? this.afterElement() : this.afterProperty()) while (this.value());
    }
    if (this.at < this.text.length) throw this.fault(AT.after, ' ');
  }

  /** After an array's element: true at a comma (an element follows), false at the array's end. */
  private afterElement(): boolean {
    const c = this.text[this.at++];
    if (c === ',') return true;
    this.at--;
    if (c !== ']') throw this.fault(AT.arrayNext);
    this.at++;
    this.open.pop();
    return false;
  }

  /** After an object's value: true once the next property's name is read, false at the object's end. */
  private afterProperty(): boolean {
    const c = this.text[this.at];
    if (c === '}') {
      this.at++;
      this.open.pop();
      return false;
    }
    if (c !== ',') throw this.fault(AT.objectNext);
    this.at++;
    this.name(AT.nextKey);
    return true;
  }

  /** A property's name and its colon. */
  private name(missing: string): void {
    this.skipSpace();
    if (this.text[this.at] !== '"') throw this.fault(missing);
    this.string();
    this.skipSpace();
    if (this.text[this.at] !== ':') throw this.fault(AT.colon);
    this.at++;
  }

  /** A value; true when it opened an object or an array whose first value comes next (its name read). */
  private value(): boolean {
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '{' || c === '[') return this.start(c);
    if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else if (c === 't') this.literal('true');
    else if (c === 'f') this.literal('false');
    else if (c === 'n') this.literal('null');
    else throw this.unexpected();
    return false;
  }

  private start(c: '{' | '['): boolean {
    this.at++;
    this.skipSpace();
    if (this.text[this.at] === (c === '{' ? '}' : ']')) {
      this.at++;
      return false;
    }
    this.open.push(c);
    if (c === '{') this.name(AT.firstKey);
    return true;
  }

  private literal(word: string): void {
    for (let i = 1; i < word.length; i++) {
      if (this.text[this.at + i] !== word[i]) {
        this.at += i;
        throw this.unexpected();
      }
    }
    this.at += word.length;
  }

  private number(): void {
    if (this.text[this.at] === '-') this.at++;
    if (this.text[this.at] === '0') {
      this.at++;
      if (this.isDigit()) throw this.fault(AT.number);
    } else if (!this.digits()) throw this.fault(AT.minus);
    if (this.text[this.at] === '.') {
      this.at++;
      if (!this.digits()) throw this.fault(AT.fraction);
    }
    if (this.text[this.at] === 'e' || this.text[this.at] === 'E') {
      this.at++;
      if (this.text[this.at] === '+' || this.text[this.at] === '-') this.at++;
      if (!this.digits()) throw this.fault(AT.exponent);
    }
  }

  /** Reads a run of digits; false when there is none. */
  private digits(): boolean {
    const from = this.at;
    while (this.isDigit()) this.at++;
    return this.at > from;
  }

  private isDigit(): boolean {
    const c = this.text.charCodeAt(this.at);
    return c >= 0x30 && c <= 0x39;
  }

  private string(): void {
    this.at++;
    for (;;) {
      const c = this.text.charCodeAt(this.at);
      if (Number.isNaN(c)) throw this.fault(AT.unterminated);
      if (c === 0x22) break;
      if (c < 0x20) throw this.fault(AT.control);
      this.at++;
      if (c === 0x5c) this.escape();
    }
    this.at++;
  }

  /** The character after a backslash. */
  private escape(): void {
    const c = this.text[this.at];
    if (c === undefined) throw new Refusal('Unexpected end of JSON input');
    if (c === 'u') {
      for (let i = 1; i <= 4; i++) {
        if (!/[0-9a-fA-F]/.test(this.text[this.at + i] ?? '')) {
          this.at += i;
          throw this.fault(AT.unicode);
        }
      }
      this.at += 5;
    } else if (ESCAPES.has(c)) this.at++;
    else if (c.charCodeAt(0) > 0xff)
      throw this.unexpected(); // V8 words a character past Latin-1 so
    else throw this.fault(AT.escape);
  }

  /** JSON's white space: space, tab, line feed and carriage return, no other. */
  private skipSpace(): void {
    for (let c = this.text[this.at]; c === ' ' || c === '\t' || c === '\n' || c === '\r'; c = this.text[this.at]) this.at++;
  }

  /** What V8 says of the character at the cursor where a value or a literal's next letter should be. */
  private unexpected(): Refusal {
    if (this.at >= this.text.length) return new Refusal('Unexpected end of JSON input');
    const c = this.text[this.at]!;
    if (c === '"') return this.fault(AT.string);
    if (c === '-' || (c >= '0' && c <= '9')) return this.fault(AT.number);
    if (SPECIAL.has(this.text)) return new Refusal(`"${this.text}" is not valid JSON`);
    return new Refusal(`Unexpected token '${c}'`);
  }

  /** A template that names the cursor's position, line and column (\r\n, \r and \n each end a line). */
  private fault(template: string, before = ' in '): Refusal {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < this.at; i++) {
      if (this.text[i] === '\r' && this.text[i + 1] === '\n' && i < this.at - 1) i++;
      if (this.text[i] === '\r' || this.text[i] === '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new Refusal(`${template}${before}JSON at position ${this.at} (line ${line} column ${this.at - lineStart + 1})`);
  }
}
