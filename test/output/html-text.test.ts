import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../src/output/html-entities.js';
import { htmlToText } from '../../src/output/html-text.js';

// HTML in, the text a reader sees out.
const cases: [name: string, html: string, text: string][] = [
  ['paragraphs become blocks apart by a blank line', '<p>Hi Ada,</p><p>Welcome to Acme.</p>', 'Hi Ada,\n\nWelcome to Acme.'],
  ['<br> breaks a line, twice leaves a blank line', 'one<br>two<br/><br />three', 'one\ntwo\n\nthree'],
  ['white space in the source collapses', '<p>\n  Hello\n    <b>big</b>\t world  </p>', 'Hello big world'],
  ['inline tags keep the spaces between them', '<b>Hi</b> <i>there</i>,<span>friend</span>', 'Hi there,friend'],
  ['named, decimal and hex entities', '<p>A &amp; B &lt;c&gt; &quot;d&quot; &#39;e&#x27; &copy; &hellip;</p>', 'A & B <c> "d" \'e\' © …'],
  ['&nbsp; is kept as a no-break space', 'a&nbsp;&nbsp;b', 'a\u00a0\u00a0b'],
  ['an unknown entity stays as written', 'x &bogus; y &amp', 'x &bogus; y &amp'],
  ['numeric references to C1 codes read as windows-1252', '&#150; &#8212;', '– —'],
  ['headings and divs start their own blocks', '<h1>Title</h1>text<div>block</div>after', 'Title\n\ntext\nblock\nafter'],
  [
    'script, style, head and comments are dropped',
    '<head><title>T</title><style>p{color:red}</style></head><!-- note --><script>if (a < b) x()</script><p>Body</p>',
    'Body',
  ],
  ['unordered list items get bullets', '<ul><li>One</li><li>Two</li></ul>', '• One\n• Two'],
  ['ordered lists count, nested lists indent', '<ol><li>first</li><li>second<ul><li>inner</li></ul></li></ol>', '1. first\n2. second\n  • inner'],
  ['a link shows where it points', '<a href="https://example.com/a?b=1&amp;c=2">the docs</a>', 'the docs (https://example.com/a?b=1&c=2)'],
  [
    'a link whose text is its address is shown once',
    '<a href="https://example.com">https://example.com</a> and <a href="mailto:ada@example.com">ada@example.com</a>',
    'https://example.com and ada@example.com',
  ],
  ['table cells are spaced, rows are lines', '<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Pro</td><td>$9</td></tr></table>', 'Plan  Price\nPro  $9'],
  ['<pre> keeps its spacing', '<p>x</p><pre>  a\n    b</pre>', 'x\n\n  a\n    b'],
  ['an image shows its alt text', '<p>Logo: <img src="x.png" alt="Acme"></p>', 'Logo: [Acme]'],
  ['a lone < is text, not a tag', '<p>1 < 2 and 3 > 2</p>', '1 < 2 and 3 > 2'],
  ['attributes holding > do not end the tag', '<p title="a > b">text</p>', 'text'],
  ['upper-case tags', '<P>One</P><P>Two<BR>Three</P>', 'One\n\nTwo\nThree'],
  ['a horizontal rule', '<p>a</p><hr><p>b</p>', 'a\n\n———\n\nb'],
  ['plain text passes through', 'just text', 'just text'],
  [
    'the mock template, rendered',
    '<p>Hi Ada,</p><p>Welcome to Acme &amp; &lt;Co&gt;. Reply any time, Ada.</p>',
    'Hi Ada,\n\nWelcome to Acme & <Co>. Reply any time, Ada.',
  ],
];

describe('htmlToText', () => {
  it.each(cases)('%s', (_name, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});

describe('decodeEntities', () => {
  it('refuses code points that are not characters', () => {
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('decodes astral characters and references without a semicolon', () => {
    expect(decodeEntities('&#128512;&#x1F600 &#65')).toBe('😀😀 A');
  });
});
