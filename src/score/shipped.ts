/**
 * The model the extractor uses by default: score/model.json, written by `npm run fit` (fit/run.ts) and
 * checked in. Only its numbers are imported (the bundler drops the feature names beside them); that the names
 * are this build's FEATURES, in order, is src/score/model.test.ts's to check: a feature added without a new
 * fit fails the tests.
 */
import { bias, weights } from './model.json';
import type { Model } from './model.ts';

export const SHIPPED_MODEL: Model = { weights, bias };
