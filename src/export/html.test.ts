import { describe, expect, it } from 'vitest';
import type { Article } from '../types.ts';
import { toHtml, toHtmlDocument } from './html.ts';

function article(overrides: Partial<Article> = {}): Article {
  return {
    title: 'Bridges & <tunnels>',
    byline: 'Ana "AP" Pereira',
    siteName: 'The Courier',
    published: '2025-03-12T07:30:00+00:00',
    lang: 'en-GB',
    dir: 'ltr',
    url: 'https://news.test/a?x=1&y="2"',
    kind: 'article',
    records: 0,
    leadImage: null,
    excerpt: '',
    content: '<h2>What the money buys</h2><p>A <a href="https://news.test/b">new bridge</a>.</p>',
    text: 'What the money buys\n\nA new bridge.',
    wordCount: 6,
    readingMinutes: 1,
    diagnostics: {
      method: 'segments',
      styled: true,
      segmentCount: 1,
      run: null,
      dropped: 0,
      truncated: false,
      capped: [],
      pageChoice: null,
      listing: null,
      timings: {},
      rule: null,
      fingerprints: [],
      template: 0,
      attempts: [],
    } as Article['diagnostics'],
    ...overrides,
  };
}

// Node has no window for DOMPurify, so here the content is left out (never passed on unchecked); the
// browser tests (e2e/extension/overlay.spec.ts, popup.spec.ts) check the body of the HTML copy and file.
describe('toHtml', () => {
  it('builds an escaped header', () => {
    expect(toHtml(article())).toBe(
      '<header><h1>Bridges &amp; &lt;tunnels&gt;</h1>' +
        '<p><em>Ana "AP" Pereira · The Courier · 2025-03-12</em></p>' +
        '<p><a href="https://news.test/a?x=1&amp;y=&quot;2&quot;">https://news.test/a?x=1&amp;y="2"</a></p></header>',
    );
  });

  it('leaves content out when no sanitizer can check it', () => {
    expect(toHtml(article(), { header: false })).toBe('');
  });

  it('links the source only when it is a web URL', () => {
    expect(toHtml(article({ url: 'javascript:alert(1)' }))).not.toContain('javascript:');
  });
});

describe('toHtmlDocument', () => {
  it('is a standalone page with the language, direction, styles and a CSP that allows no script', () => {
    const page = toHtmlDocument(article({ lang: 'ar', dir: 'rtl' }), { css: 'body { color: #222 }' });
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="ar" dir="rtl">')).toBe(true);
    expect(page).toContain(
      "content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\"",
    );
    expect(page).toContain('<meta name="referrer" content="no-referrer">');
    expect(page).toContain('<title>Bridges &amp; &lt;tunnels&gt;</title>');
    expect(page).toContain('<style>body { color: #222 }</style>');
    expect(page).not.toContain('<script');
  });

  it('drops a language tag that is not one and cannot end the style element early', () => {
    const page = toHtmlDocument(article({ lang: 'en" onload="x' }), { css: 'a{}</style><script>x</script>' });
    expect(page).toContain('<html dir="ltr">');
    expect(page).not.toContain('</style><script>');
  });
});
