/**
 * The page-kind decision the extractor uses by default: choose/page-model.json, written by `npm run fit`
 * (fit/page-choice.ts) and checked in. Only its numbers are imported; that its feature names are this build's
 * PAGE_FEATURES, in order, is src/score/model.test.ts's to check.
 */
import type { Model } from '../score/model.ts';
import { bias, weights } from './page-model.json';

export const SHIPPED_PAGE_MODEL: Model = { weights, bias };
