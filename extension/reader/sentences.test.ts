import { describe, expect, it } from 'vitest';
import { collapseWhitespace, lineBoxes, sentenceSpans, wordSpan } from './sentences.ts';

const cut = (text: string, lang: string | null) =>
  sentenceSpans(text, lang).map(({ start, end }) => text.slice(start, end));

describe('collapseWhitespace', () => {
  it('joins the pieces with each run of whitespace one space, trimmed', () => {
    expect(collapseWhitespace(['  Ten years\n ago ', 'the ', '', ' branch  ']).text).toBe(
      'Ten years ago the branch',
    );
  });

  it('remembers where each character came from', () => {
    const { text, places } = collapseWhitespace(['a \n', 'b']);
    expect(text).toBe('a b');
    expect(places).toEqual([
      { piece: 0, offset: 0 },
      { piece: 0, offset: 1 },
      { piece: 1, offset: 0 },
    ]);
  });

  it('gives nothing for whitespace alone', () => {
    expect(collapseWhitespace([' \n\t', ' '])).toEqual({ text: '', places: [] });
  });
});

describe('sentenceSpans', () => {
  it('cuts English into sentences without the spaces between them', () => {
    expect(
      cut('Not every branch has the staff. Harbour Road closes at five! Will it change? Yes.', 'en'),
    ).toEqual(['Not every branch has the staff.', 'Harbour Road closes at five!', 'Will it change?', 'Yes.']);
  });

  it('keeps a closing quote with its sentence', () => {
    expect(cut('“It never left.” She smiled.', 'en')).toEqual(['“It never left.”', 'She smiled.']);
  });

  it('cuts Japanese at its full stops, which have no space after them', () => {
    expect(cut('図書館は戻ってきた。利用者は増えた。', 'ja')).toEqual([
      '図書館は戻ってきた。',
      '利用者は増えた。',
    ]);
  });

  it('reads an unknown or malformed language tag as the default language', () => {
    expect(cut('One. Two.', 'not a tag!')).toEqual(['One.', 'Two.']);
    expect(cut('One. Two.', null)).toEqual(['One.', 'Two.']);
  });

  it('gives no sentence for an empty text', () => {
    expect(sentenceSpans('', 'en')).toEqual([]);
  });
});

describe('wordSpan', () => {
  const text = 'Loans of printed books rose too.';

  it('takes the length the voice gave', () => {
    expect(wordSpan(text, 9, 7, 'en')).toEqual({ start: 9, end: 16 });
  });

  it('finds the word that starts there when the voice gave no length', () => {
    const span = wordSpan(text, 17, undefined, 'en');
    expect(span && text.slice(span.start, span.end)).toBe('books');
  });

  it('gives nothing for an index outside the text', () => {
    expect(wordSpan(text, -1, 3, 'en')).toBeNull();
    expect(wordSpan(text, text.length, 3, 'en')).toBeNull();
    expect(wordSpan(text, Number.NaN, 3, 'en')).toBeNull();
  });
});

describe('lineBoxes', () => {
  it('joins the boxes on one line and keeps lines apart', () => {
    expect(
      lineBoxes([
        { left: 10, top: 0, right: 50, bottom: 20 },
        { left: 30, top: 1, right: 80, bottom: 19 },
        { left: 0, top: 24, right: 40, bottom: 44 },
        { left: 5, top: 30, right: 5, bottom: 40 },
      ]),
    ).toEqual([
      { left: 10, top: 0, right: 80, bottom: 20 },
      { left: 0, top: 24, right: 40, bottom: 44 },
    ]);
  });
});
