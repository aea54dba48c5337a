import { describe, expect, it } from 'vitest';
import { isGlyphText, isSelfHref } from './anchors.ts';

const PAGE = 'https://docs.example/guide/cache.html?v=2';

describe('isSelfHref', () => {
  it('takes a fragment of the page itself for a place on it', () => {
    expect(isSelfHref('#expiry', PAGE, PAGE)).toBe(true);
    expect(isSelfHref('  #where-settings-live ', PAGE, PAGE)).toBe(true);
    expect(isSelfHref('https://docs.example/guide/cache.html?v=2#sizes', PAGE, PAGE)).toBe(true);
    expect(isSelfHref('cache.html?v=2#sizes', PAGE, `${PAGE}#top`)).toBe(true);
  });

  it('does not take a script button or an app route for one', () => {
    expect(isSelfHref('#', PAGE, PAGE)).toBe(false);
    expect(isSelfHref('#/settings', PAGE, PAGE)).toBe(false);
    expect(isSelfHref('#!/inbox', PAGE, PAGE)).toBe(false);
  });

  it('does not take another page, or this page without a fragment, for one', () => {
    expect(isSelfHref('eviction.html#sizes', PAGE, PAGE)).toBe(false);
    expect(isSelfHref('cache.html#sizes', PAGE, PAGE)).toBe(false);
    expect(isSelfHref('https://other.example/guide/cache.html?v=2#sizes', PAGE, PAGE)).toBe(false);
    expect(isSelfHref(PAGE, PAGE, PAGE)).toBe(false);
    expect(isSelfHref('', PAGE, PAGE)).toBe(false);
  });
});

describe('isGlyphText', () => {
  it('is true of the glyphs docs pages set beside a heading', () => {
    for (const glyph of ['¶', '#', '§', '🔗', '\u200b', '', ' ¶ ']) expect(isGlyphText(glyph)).toBe(true);
  });

  it('is false of text with a letter or digit', () => {
    for (const text of ['Syntax', 'C#', '§ 2', 'Link']) expect(isGlyphText(text)).toBe(false);
  });
});
