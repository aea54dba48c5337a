import { describe, expect, it } from 'vitest';
import { LISTING_FEATURES, LISTING_THRESHOLD } from '../src/choose/listing-page.ts';
import { PAGE_FEATURES } from '../src/choose/page-choice.ts';
import { contentProbability } from '../src/score/model.ts';
import type { CachedSegment } from './collect.ts';
import { labelSegments } from './label.ts';
import { fitListing, type ListingPage } from './listing.ts';
import { type Dataset, fitLogistic, predict } from './logistic.ts';
import { type ChoicePage, fitPageChoice } from './page-choice.ts';
import { assignFolds, siteOf, siteOfHost } from './sites.ts';

const seg = (t: string): CachedSegment => ({ t, n: t.replace(/\s/g, '').length, f: [] });

describe('labels from a full-text gold', () => {
  const gold =
    'By Ann Lee\nThe river rose four metres overnight and the old bridge was closed before dawn. ' +
    'Residents of the lower town were moved to the school hall, where volunteers served soup until noon.';
  it('marks article text 1 and chrome 0, and judges short segments by where the gold has them', () => {
    const labels = labelSegments(
      [
        seg('Home News Sport Weather'),
        seg('By Ann Lee'),
        seg('The river rose four metres overnight and the old bridge was closed before dawn.'),
        seg('Share'),
        seg(
          'Residents of the lower town were moved to the school hall, where volunteers served soup until noon.',
        ),
        seg('Most read: five things to do this weekend in the city centre'),
        seg(''),
      ],
      { kind: 'text', text: gold },
    );
    expect(labels).toEqual([0, 1, 1, 0, 1, 0, 0]);
  });
});

describe('labels from snippets', () => {
  it('labels what holds or is held by a snippet and leaves the rest out', () => {
    const labels = labelSegments(
      [
        seg('The river rose four metres overnight and the old bridge was closed before dawn.'),
        seg('Sign up for our newsletter'),
        seg('Something nobody annotated at all, long enough to count'),
        seg('Hi'),
      ],
      {
        kind: 'snippets',
        with: ['the old bridge was closed before dawn'],
        without: ['Sign up for our newsletter'],
      },
    );
    expect(labels).toEqual([1, 0, null, null]);
  });
});

describe('sites and folds', () => {
  it('groups hosts by their registrable name', () => {
    expect(siteOfHost('news.bbc.co.uk')).toBe('bbc.co.uk');
    expect(siteOfHost('www.example.com')).toBe('example.com');
    expect(siteOfHost('localhost')).toBe('localhost');
    expect(siteOf({ id: 'x', sourceUrl: 'https://forum.example.org/t/1' })).toBe('example.org');
    expect(siteOf({ id: 'wikipedia-3' })).toBe('wikipedia');
    expect(siteOf({ id: '003-metadata-preferred' })).toBe('metadata-preferred');
  });

  it('puts every page of a site in one fold and balances the folds', () => {
    const sites = new Map([
      ['a.com', 10],
      ['b.com', 6],
      ['c.com', 5],
      ['d.com', 5],
      ['e.com', 2],
      ['f.com', 2],
    ]);
    const folds = assignFolds(sites, 3);
    expect(folds.size).toBe(6);
    const sizes = [0, 0, 0];
    for (const [site, fold] of folds) sizes[fold] = (sizes[fold] ?? 0) + (sites.get(site) ?? 0);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(2);
    expect(assignFolds(sites, 3)).toEqual(folds);
  });
});

describe('the logistic fit', () => {
  it('recovers a separating weight and predicts as it was fitted', () => {
    // y = 1 when x0 > x1, with x2 pure noise; weights are what tells them apart.
    const rows = 400;
    const x = new Float64Array(rows * 3);
    const y = new Float64Array(rows);
    const w = new Float64Array(rows).fill(1);
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let r = 0; r < rows; r++) {
      const a = random() * 4;
      const b = random() * 4;
      x.set([a, b, random()], r * 3);
      y[r] = a > b ? 1 : 0;
    }
    const data: Dataset = { x, rows, columns: 3, y, w };
    const fitted = fitLogistic(data, 0.001);
    expect(fitted.weights[0]).toBeGreaterThan(1);
    expect(fitted.weights[1]).toBeLessThan(-1);
    expect(Math.abs(fitted.weights[2] ?? 0)).toBeLessThan(0.5);
    let right = 0;
    for (let r = 0; r < rows; r++) {
      const p = predict(fitted, Array.from(x.subarray(r * 3, r * 3 + 3)));
      if (p >= 0.5 === (y[r] ?? 0) >= 0.5) right++;
    }
    expect(right / rows).toBeGreaterThan(0.95);
  });
});

describe('the page-kind decision', () => {
  // Ten sites, two per fold: where the run holds under 30 % of the page's own text (feature 0), the whole page
  // scored higher; where it holds half or more, the run did. The other features say nothing.
  const pages: ChoicePage[] = [];
  for (let k = 0; k < 40; k++) {
    const share = (k % 20) / 20;
    if (share >= 0.3 && share < 0.5) continue;
    const features = PAGE_FEATURES.map((_, i) => (i === 0 ? share : 0.5));
    pages.push({
      corpus: 'c',
      id: String(k),
      pageType: k % 10 === 0 ? 'listing' : null,
      site: `site${k % 10}`,
      features,
      run: share < 0.3 ? 0.2 : 0.9,
      whole: share < 0.3 ? 0.8 : 0.5,
      error: null,
    });
  }
  pages.push({ ...(pages[1] as ChoicePage), id: 'not asked', features: null });
  const foldOf = new Map(Array.from({ length: 10 }, (_, s) => [`site${s}`, s % 5] as const));

  it('answers whole where the whole page scored higher, out of fold too', () => {
    const fit = fitPageChoice(pages, foldOf, 0.01);
    expect(fit.foldModels).toHaveLength(5);
    const asked = pages.filter((p) => p.features !== null);
    expect(fit.outOfFold.size).toBe(asked.length);
    for (const page of asked) expect(fit.outOfFold.get(page)).toBe(page.whole > page.run);
    const row = (share: number) => PAGE_FEATURES.map((_, i) => (i === 0 ? share : 0.5));
    expect(contentProbability(fit.shipped, row(0.1))).toBeGreaterThan(0.5);
    expect(contentProbability(fit.shipped, row(0.8))).toBeLessThan(0.5);
  });
});

describe('the listing decision', () => {
  // Ten sites, two per fold: the listing pages' addresses have a one-word slug (feature 8 low), the others a
  // story's (high); the other features say nothing.
  const SLUG = LISTING_FEATURES.indexOf('words in the address slug');
  const row = (slug: number) => LISTING_FEATURES.map((_, i) => (i === SLUG ? slug : 0.5));
  const pages: ListingPage[] = [];
  for (let k = 0; k < 40; k++) {
    const listing = k % 4 === 0;
    pages.push({
      corpus: 'c',
      id: String(k),
      pageType: listing ? 'listing' : 'article',
      site: `site${k % 10}`,
      features: row(listing ? 0.125 : 0.75 + (k % 3) / 12),
      listing,
    });
  }
  pages.push({ ...(pages[1] as ListingPage), id: 'not asked', features: null });
  const foldOf = new Map(Array.from({ length: 10 }, (_, s) => [`site${s}`, s % 5] as const));

  it('answers "listing" on the listing pages and no other, out of fold too', () => {
    const fit = fitListing(pages, foldOf, 0.01);
    expect(fit.foldModels).toHaveLength(5);
    const asked = pages.filter((p) => p.features !== null);
    expect(fit.outOfFold.size).toBe(asked.length);
    for (const page of asked) expect((fit.outOfFold.get(page) ?? 0) >= 0.5).toBe(page.listing);
    expect(contentProbability(fit.shipped, row(0.125))).toBeGreaterThan(LISTING_THRESHOLD);
    expect(contentProbability(fit.shipped, row(0.75))).toBeLessThan(0.5);
  });
});
