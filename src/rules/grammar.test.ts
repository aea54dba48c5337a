import { describe, expect, it } from 'vitest';
import { checkSelector, MAX_COMPOUNDS, MAX_SELECTOR_CHARS, parseSelector } from './grammar.ts';

const reason = (text: string): string => {
  const parsed = parseSelector(text);
  return parsed.ok ? 'accepted' : parsed.reason;
};

const ONLY = 'only tag, #id, .class and :nth-of-type(n)';

describe('the selectors a fix may hold', () => {
  it('say each problem as a code and its arguments, which an app can put in its own words', () => {
    expect(checkSelector('a'.repeat(MAX_SELECTOR_CHARS + 1), 'remove')).toMatchObject({
      problem: { code: 'tooLong', args: [MAX_SELECTOR_CHARS + 1, MAX_SELECTOR_CHARS] },
    });
    expect(checkSelector('div:has(> img)', 'remove')).toMatchObject({
      problem: { code: 'pseudo', args: [':has(…)'] },
    });
    expect(checkSelector('a ~ b', 'remove')).toMatchObject({ problem: { code: 'sibling', args: ['~'] } });
  });

  it('accept what the builder writes: tags, ids, class words and positions, inside or directly inside', () => {
    for (const built of [
      'div.callout-box',
      'p.story__credit',
      'div.story__body p',
      '#content > div:nth-of-type(2) > p',
      'body > main > div:nth-of-type(12) > p:nth-of-type(3)',
      'my-widget.promo',
      '*.promo',
      '*',
      'section.a.b#main:nth-of-type(1)',
    ])
      expect(reason(built), built).toBe('accepted');
  });

  it('read each box into its parts, and how it stands to the one before it', () => {
    const parsed = parseSelector('  main#content  >  DIV.a.b:nth-of-type( 2 ) *.c  ');
    expect(parsed).toEqual({
      ok: true,
      selector: {
        compounds: [
          { tag: 'main', ids: ['content'], classes: [], positions: [], within: null },
          { tag: 'div', ids: [], classes: ['a', 'b'], positions: [2], within: 'child' },
          { tag: null, ids: [], classes: ['c'], positions: [], within: 'descendant' },
        ],
      },
    });
  });

  it('read ids and class words as CSS.escape writes them: digits first, odd characters, non-ASCII', () => {
    const one = (text: string) => {
      const parsed = parseSelector(text);
      if (!parsed.ok) throw new Error(`${text}: ${parsed.reason}`);
      const [compound] = parsed.selector.compounds;
      return [...(compound?.ids ?? []), ...(compound?.classes ?? [])];
    };
    // CSS.escape('123') and CSS.escape('2col'): a digit first is written as a hex escape and a space.
    expect(one('#\\31 23')).toEqual(['123']);
    expect(one('.\\32 col')).toEqual(['2col']);
    expect(one('#-\\31 x')).toEqual(['-1x']);
    // Punctuation is escaped by itself: CSS.escape('a:b.c[d]'), CSS.escape('x,p'), CSS.escape('50%').
    expect(one('.a\\:b\\.c\\[d\\]')).toEqual(['a:b.c[d]']);
    expect(one('#x\\,p')).toEqual(['x,p']);
    expect(one('.\\35 0\\%')).toEqual(['50%']);
    expect(one('.\\-')).toEqual(['-']);
    // Control characters as hex escapes; a zero, a surrogate or past U+10FFFF is U+FFFD, as CSS reads it.
    expect(one('.a\\1 b')).toEqual(['a\u0001b']);
    expect(one('.a\\0 b')).toEqual(['a\ufffdb']);
    expect(one('.\\d800 x')).toEqual(['\ufffdx']);
    expect(one('.\\110000')).toEqual(['\ufffd']);
    // Six hex digits end an escape without a space; CRLF after one is one whitespace.
    expect(one('.\\00004Ab')).toEqual(['Jb']);
    expect(one('.\\4a\r\nb')).toEqual(['Jb']);
    // Non-ASCII and astral characters are name characters as they are; `--` starts a name.
    expect(one('.café.日本.😀x.--x')).toEqual(['café', '日本', '😀x', '--x']);
    expect(one('#a#b.c')).toEqual(['a', 'b', 'c']);
  });

  it('refuse a list, other pseudo-classes and pseudo-elements, attributes, siblings and namespaces, each by name', () => {
    expect(reason('x,p:not(.q),*.promo')).toBe('a list of selectors (",") is not allowed');
    expect(reason('div.a , p')).toBe('a list of selectors (",") is not allowed');
    expect(reason('p:has(a)')).toBe(`":has(…)" is not allowed: ${ONLY}`);
    expect(reason('p:is(.a)')).toBe(`":is(…)" is not allowed: ${ONLY}`);
    expect(reason('p:not(.q)')).toBe(`":not(…)" is not allowed: ${ONLY}`);
    expect(reason(':where(p)')).toBe(`":where(…)" is not allowed: ${ONLY}`);
    expect(reason('a:hover')).toBe(`":hover" is not allowed: ${ONLY}`);
    expect(reason('p::before')).toBe(`"::before" is not allowed: ${ONLY}`);
    expect(reason('p:nth-child(2)')).toBe(`":nth-child(…)" is not allowed: ${ONLY}`);
    expect(reason('div[title]')).toBe('attribute selectors ([…]) are not allowed');
    expect(reason('[class~="promo"]')).toBe('attribute selectors ([…]) are not allowed');
    expect(reason('h2 + p')).toBe(
      '"+" (boxes beside each other) is not allowed: only a space (inside) and ">" (directly inside) join boxes',
    );
    expect(reason('h2~p')).toBe(
      '"~" (boxes beside each other) is not allowed: only a space (inside) and ">" (directly inside) join boxes',
    );
    expect(reason('svg|a')).toBe('namespaces ("|") are not allowed');
    expect(reason('p /* x */')).toBe('comments (/* … */) are not allowed');
  });

  it('take only a whole number from 1 as a position', () => {
    const position =
      '":nth-of-type(…)" takes a position: a whole number from 1 to 100000, as in :nth-of-type(2)';
    for (const bad of [
      'p:nth-of-type(0)',
      'p:nth-of-type(2n+1)',
      'p:nth-of-type(odd)',
      'p:nth-of-type(-1)',
      'p:nth-of-type',
      'p:nth-of-type(',
      'p:nth-of-type(100001)',
    ])
      expect(reason(bad), bad).toBe(position);
    expect(reason('p:nth-of-type(100000)')).toBe('accepted');
  });

  it('refuse tags that are no plain name, and what is no selector at all', () => {
    expect(reason('x\\,p')).toBe('the tag "x\\,p" is not a plain name (letters, digits, "-" and "_")');
    expect(reason('café')).toBe('the tag "café" is not a plain name (letters, digits, "-" and "_")');
    expect(reason('-x')).toBe('the tag "-x" is not a plain name (letters, digits, "-" and "_")');
    expect(reason('')).toBe('it is empty');
    expect(reason('  \n ')).toBe('it is empty');
    expect(reason('> p')).toBe('a box must come before ">"');
    expect(reason('div > > p')).toBe('a box must come before ">"');
    expect(reason('div >')).toBe('it ends with ">": a box must follow it');
    expect(reason('div*')).toBe('"*" (any tag) can only begin a box');
    expect(reason('div.')).toBe('"." must be followed by a name');
    expect(reason('#1a')).toBe('"#" must be followed by a name');
    expect(reason('.a\\')).toMatch(/^"\\" can't stand here/);
    expect(reason('p\u0001')).toBe('it holds a control character');
    expect(reason('1p')).toBe(`"1" can't stand here: ${ONLY}, joined by a space or ">"`);
    expect(reason('div { color: red }')).toBe(`"{" can't stand here: ${ONLY}, joined by a space or ">"`);
    expect(reason('p:')).toBe('":" must be followed by a name, as in :nth-of-type(2)');
    expect(reason('p:NTH-OF-TYPE(2)')).toBe('":nth-of-type(n)" is written in lower case');
    expect(reason('*div')).toBe('a tag ("div") can only begin a box');
    // Letters that only case-folding makes ASCII (the Kelvin sign, the long s) are no plain tag.
    expect(reason('\u212Abd')).toBe('the tag "\u212Abd" is not a plain name (letters, digits, "-" and "_")');
    expect(reason('di\u017F')).toBe('the tag "di\u017F" is not a plain name (letters, digits, "-" and "_")');
  });

  it(`refuse more than ${MAX_SELECTOR_CHARS} characters and more than ${MAX_COMPOUNDS} boxes`, () => {
    const long = `div.${'a'.repeat(MAX_SELECTOR_CHARS - 4)}`;
    expect(reason(long)).toBe('accepted');
    expect(reason(`${long}b`)).toBe(`too long (${MAX_SELECTOR_CHARS + 1} characters; at most 300)`);
    const boxes = (n: number) => Array.from({ length: n }, () => 'div').join(' > ');
    expect(reason(boxes(MAX_COMPOUNDS))).toBe('accepted');
    expect(reason(boxes(MAX_COMPOUNDS + 1))).toBe(`too deep (${MAX_COMPOUNDS + 1} boxes; at most 20)`);
  });

  it('never let a picked or added root be the page itself', () => {
    for (const role of ['root', 'add'] as const) {
      for (const page of ['body', 'html', 'HTML', 'html > body', 'main body', 'body.home#top'])
        expect(checkSelector(page, role).ok, `${role}: ${page}`).toBe(false);
      expect(checkSelector('body > main', role).ok).toBe(true);
    }
    expect(checkSelector('body', 'root')).toEqual({
      ok: false,
      reason: '"body" is the whole page: the article must be a box in it',
      problem: { code: 'rootIsPage', args: ['body'] },
    });
    expect(checkSelector('html', 'add')).toEqual({
      ok: false,
      reason: '"html" is the whole page: a box added must be a box in it',
      problem: { code: 'addedIsPage', args: ['html'] },
    });
    // A removal of the page is read as none where it is applied (index.ts matchRule), not refused here.
    expect(checkSelector('body', 'remove').ok).toBe(true);
    expect(checkSelector(42, 'remove')).toEqual({
      ok: false,
      reason: 'it is not text',
      problem: { code: 'notText', args: [] },
    });
  });
});
