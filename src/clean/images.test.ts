import { describe, expect, it } from 'vitest';
import { parseSrcset } from './images.ts';
import { sameTitle } from './tidy.ts';
import { safeHref } from './urls.ts';

describe('parseSrcset', () => {
  it('reads width and density descriptors', () => {
    expect(parseSrcset('a.jpg 400w, b.jpg 1600w,c.jpg 800w')).toEqual([
      { url: 'a.jpg', width: 400, density: 1 },
      { url: 'b.jpg', width: 1600, density: 1 },
      { url: 'c.jpg', width: 800, density: 1 },
    ]);
    expect(parseSrcset('a.jpg, b.jpg 2x')).toEqual([
      { url: 'a.jpg', width: 0, density: 1 },
      { url: 'b.jpg', width: 0, density: 2 },
    ]);
  });

  it('keeps commas inside URLs (image CDNs)', () => {
    expect(
      parseSrcset('https://cdn.test/w_400,h_300/x.jpg 400w, https://cdn.test/w_800,h_600/x.jpg 800w'),
    ).toEqual([
      { url: 'https://cdn.test/w_400,h_300/x.jpg', width: 400, density: 1 },
      { url: 'https://cdn.test/w_800,h_600/x.jpg', width: 800, density: 1 },
    ]);
  });

  it('returns nothing for an empty attribute', () => {
    expect(parseSrcset('  , ')).toEqual([]);
  });
});

describe('safeHref', () => {
  it('resolves in-page and absolute links as the URL parser does', () => {
    const bases = [
      'https://news.test/a/b?q=1#old',
      'https://News.TEST:443/a%20b/',
      'http://news.test',
      'mailto:desk@news.test',
      'about:blank',
      'not a url',
    ];
    const links = [
      'https://other.test/x?y#z',
      'HTTP://Other.Test:80/a/../b',
      'https://',
      'http:relative',
      'https:/one-slash',
      '#',
      '#cite_note-2',
      '#a:b/c?d=e&f',
      "#x!$&'()*+,;=@~%41",
      '#with space',
      '#"q"',
      '#<b>',
      '#`',
      '#é',
      '#a#b',
    ];
    for (const base of bases) {
      for (const link of links) {
        // The URL parser, with parseUrl's fallback: an absolute link survives a base that is no URL.
        let url: URL | null = null;
        try {
          url = new URL(link, base);
        } catch {
          url = URL.canParse(link) ? new URL(link) : null;
        }
        const expected = url && ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
        expect(safeHref(link, base), `${link} against ${base}`).toBe(expected);
        expect(safeHref(` ${link}\n`, base), `padded ${link} against ${base}`).toBe(expected);
      }
    }
  });

  it('makes links absolute and refuses script and data URLs', () => {
    expect(safeHref('/a?b=1#c', 'https://news.test/x/')).toBe('https://news.test/a?b=1#c');
    expect(safeHref('mailto:desk@news.test', 'https://news.test/')).toBe('mailto:desk@news.test');
    expect(safeHref(' java\tscript:alert(1)', 'https://news.test/')).toBeNull();
    expect(safeHref('JAVASCRIPT:alert(1)', 'https://news.test/')).toBeNull();
    expect(safeHref('data:text/html,hi', 'https://news.test/')).toBeNull();
    expect(safeHref('vbscript:x', 'https://news.test/')).toBeNull();
  });

  it('still accepts absolute links when the base is not a URL', () => {
    expect(safeHref('https://ok.test/', 'about:blank')).toBe('https://ok.test/');
    expect(safeHref('/relative', 'not a url')).toBeNull();
  });
});

describe('sameTitle', () => {
  it('matches a heading that repeats the title, ignoring case and punctuation', () => {
    expect(sameTitle('First medal for Tanzania!', 'first medal for Tanzania')).toBe(true);
    expect(sameTitle('Live: First medal for Tanzania', 'First medal for Tanzania')).toBe(true);
  });

  it('does not match a heading that only shares a word', () => {
    expect(sameTitle('Tanzania', 'First medal for Tanzania')).toBe(false);
    expect(sameTitle('', 'Title')).toBe(false);
  });
});
