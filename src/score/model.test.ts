import { describe, expect, it } from 'vitest';
import listingFitted from '../choose/listing-model.json';
import { LISTING_FEATURES } from '../choose/listing-page.ts';
import { PAGE_FEATURES } from '../choose/page-choice.ts';
import pageFitted from '../choose/page-model.json';
import { SHIPPED_LISTING_MODEL, SHIPPED_PAGE_MODEL } from '../choose/page-shipped.ts';
import { FEATURES } from './features.ts';
import check from './model.check.json';
import fitted from './model.json';
import { contentProbability } from './model.ts';
import { SHIPPED_MODEL } from './shipped.ts';

describe('the shipped segment model', () => {
  it('was fitted for the features this build computes (else run npm run fit)', () => {
    expect(fitted.features).toEqual([...FEATURES]);
    expect(SHIPPED_MODEL.weights).toHaveLength(FEATURES.length);
  });

  // model.json keeps 3 significant digits (fit/logistic.ts SHIPPED_DIGITS): on these rows that moves a
  // probability by at most 2.2 × 10⁻³; a feature out of order or a standardisation folded wrong moves it by
  // tenths.
  it('gives the rows npm run fit checked the probabilities the fit gave them, within 3 × 10⁻³', () => {
    expect(check.length).toBeGreaterThan(10);
    for (const { row, probability } of check) {
      expect(row).toHaveLength(FEATURES.length);
      expect(Math.abs(contentProbability(SHIPPED_MODEL, row) - probability)).toBeLessThan(3e-3);
    }
    // Not one constant: the rows span both sides of ½.
    const probabilities = check.map((c) => c.probability);
    expect(Math.min(...probabilities)).toBeLessThan(0.5);
    expect(Math.max(...probabilities)).toBeGreaterThan(0.5);
  });
});

describe('the shipped page-kind decision', () => {
  it('was fitted for the features this build computes (else run npm run fit)', () => {
    expect(pageFitted.features).toEqual([...PAGE_FEATURES]);
    expect(SHIPPED_PAGE_MODEL.weights).toHaveLength(PAGE_FEATURES.length);
  });
});

describe('the shipped listing decision', () => {
  it('was fitted for the features this build computes (else run npm run fit)', () => {
    expect(listingFitted.features).toEqual([...LISTING_FEATURES]);
    expect(SHIPPED_LISTING_MODEL.weights).toHaveLength(LISTING_FEATURES.length);
  });
});
