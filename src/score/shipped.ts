/**
 * The model the extractor uses by default: score/model.json, written by `npm run fit` (fit/run.ts) and
 * checked in. A model fitted for other features than this build's (a feature added without a new fit) is not
 * used: the extractor falls back to Luo's signs, and src/score/model.test.ts fails.
 */
import fitted from './model.json';
import { fitsFeatures, type Model } from './model.ts';

export const SHIPPED_MODEL: Model | null = fitsFeatures(fitted) ? fitted : null;
