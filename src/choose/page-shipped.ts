/**
 * The page-level decisions the extractor uses by default: choose/page-model.json and listing-model.json,
 * written by `npm run fit` (fit/page-choice.ts, fit/listing.ts) and checked in. Only its numbers are imported; that its feature names are this build's
 * PAGE_FEATURES and LISTING_FEATURES, in order, is src/score/model.test.ts's to check.
 */
import type { Model } from '../score/model.ts';
import listing from './listing-model.json';
import { bias, weights } from './page-model.json';

export const SHIPPED_PAGE_MODEL: Model = { weights, bias };

/** The listing decision (listing-page.ts), from choose/listing-model.json, written and checked the same way. */
export const SHIPPED_LISTING_MODEL: Model = { weights: listing.weights, bias: listing.bias };
