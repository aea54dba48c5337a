import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_DATA } from './corpora.ts';
import { normalizeSpace, tokenize } from './metric.ts';
import { articlesFrom, generateSites, type SourceArticle, type TemplatedSite } from './templated.ts';

/** modern-dev-shaped gold entries: articles of plain prose lines and a few headings, and other page types. */
function syntheticGold(): Record<string, unknown> {
  const gold: Record<string, unknown> = {};
  for (let i = 0; i < 90; i++) {
    const lines: string[] = [];
    for (let j = 0; j < 6 + (i % 12); j++) {
      if (j % 4 === 3) lines.push(`Section ${j} of story ${i} in brief`);
      lines.push(
        `Paragraph ${j} of story ${i} tells of the river, the mill and the weavers who worked the looms there until the flood.`,
      );
    }
    gold[String(i).padStart(4, '0')] = {
      articleBody: lines.join('\n'),
      title: `Story number ${i}`,
      page_type: i % 10 === 9 ? 'product' : 'article',
      url: `https://source${i}.test/story`,
    };
  }
  return gold;
}

const MODERN_DEV_GOLD = path.join(SHARED_DATA, 'modern-dev', 'gold.json');
const normal = (text: string) => normalizeSpace(text).toLowerCase();

/** The checks every generated set must pass, whatever articles it was made of. */
function checkSites(sites: TemplatedSite[], articles: readonly SourceArticle[]): void {
  expect(sites).toHaveLength(12);
  const sources = sites.flatMap((site) => site.pages.map((page) => page.sourceId));
  expect(new Set(sources).size).toBe(sources.length);
  for (const site of sites) {
    expect(site.pages.map((page) => page.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(site.pages.map((page) => page.url)).size).toBe(6);
    for (const page of site.pages) {
      expect(articles.some((a) => a.id === page.sourceId)).toBe(true);
      const gold = normal(page.gold);
      const paragraphs = page.gold.split('\n\n');
      expect(paragraphs.length).toBeGreaterThanOrEqual(4);
      expect(paragraphs.filter((p) => p.length >= 80).length).toBeLessThanOrEqual(15);
      // The template's prose is on the page, and none of it (no block, no sentence of one) is in the gold.
      expect(page.template.length).toBeGreaterThan(0);
      for (const text of page.template) {
        expect(gold).not.toContain(normal(text));
        for (const sentence of text.split(/(?<=[.!?])\s+/)) expect(gold).not.toContain(normal(sentence));
      }
      // The gold's tokens, and the template's, are all on the page.
      const pageTokens = new Set(tokenize(page.html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&')));
      for (const token of tokenize(page.gold)) expect(pageTokens.has(token)).toBe(true);
      // Neutral names: nothing a name list reads as boilerplate, and no <aside> at all.
      for (const [, name] of page.html.matchAll(/\s(?:class|id)="([^"]*)"/g))
        expect(name).not.toMatch(
          /footer|sidebar|related|newsletter|author|share|promo|subscribe|social|bio/i,
        );
      expect(page.html).not.toMatch(/<aside/i);
      // The template's prose sits in <main>, never in the page's header, nav or footer.
      const main = page.html.slice(page.html.indexOf('<main'), page.html.indexOf('</main>'));
      for (const text of page.template) expect(main).toContain(text.replace(/&/g, '&amp;'));
    }
  }
}

describe('generated templated sites', () => {
  const articles = articlesFrom(syntheticGold());

  it('takes the article pages with four paragraphs or more', () => {
    expect(articles).toHaveLength(81);
    expect(articles[0]).toMatchObject({ id: '0000', title: 'Story number 0' });
  });

  it('is deterministic: the same seed gives the same sites, another seed others', () => {
    const a = generateSites(articles);
    const b = generateSites(articles);
    expect(b).toEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const c = generateSites(articles, { seed: 7 });
    expect(c.map((site) => site.pages.map((page) => page.html))).not.toEqual(
      a.map((site) => site.pages.map((page) => page.html)),
    );
  });

  it('repeats the template from page to page of a site and keeps it out of the gold', () => {
    const sites = generateSites(articles);
    checkSites(sites, articles);
    for (const site of sites) {
      // Most of a site's template text is on every one of its pages (an author panel may alternate).
      const [first, ...rest] = site.pages.map((page) => new Set(page.template));
      const everywhere = [...(first ?? [])].filter((text) => rest.every((set) => set.has(text)));
      expect(everywhere.length).toBeGreaterThanOrEqual(2);
    }
    // Where the blocks go varies: some site has a block before the article, some one inside it.
    expect(sites.some((site) => site.layout[0] !== 'article')).toBe(true);
    expect(sites.some((site) => site.layout.includes('article:3'))).toBe(true);
    expect(new Set(sites.map((site) => site.layout.join(' '))).size).toBeGreaterThan(6);
  });

  it.skipIf(!existsSync(MODERN_DEV_GOLD))('passes the same checks on modern-dev’s gold texts', () => {
    const gold = JSON.parse(readFileSync(MODERN_DEV_GOLD, 'utf8')) as Record<string, unknown>;
    const real = articlesFrom(gold);
    const sites = generateSites(real);
    expect(generateSites(real)).toEqual(sites);
    checkSites(sites, real);
  });
});
