/**
 * The fitted segment model (docs/extraction.md, "v2"): logistic regression over the features of features.ts,
 * fitted by `npm run fit` (fit/) on the dev corpora and checked in as model.json. It turns a segment's
 * feature vector into the probability that the segment is article text; selection takes the run that
 * maximises Σ (2p − 1) × length (supervised MSS, Pasternack & Roth).
 */
import { FEATURES } from './features.ts';

export interface Model {
  /** The feature names the weights were fitted for, in order: must be FEATURES. */
  features: readonly string[];
  /** Per feature: the fit's mean and standard deviation, to standardise a row before the weights. */
  mean: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
  bias: number;
}

/** Whether `model` was fitted for this build's features (a stale model.json is a build error in the tests). */
export function fitsFeatures(model: Model): boolean {
  return (
    model.features.length === FEATURES.length &&
    model.features.every((name, i) => name === FEATURES[i]) &&
    model.mean.length === FEATURES.length &&
    model.scale.length === FEATURES.length &&
    model.weights.length === FEATURES.length
  );
}

/** The linear score w · standardised(row) + b. */
export function logit(model: Model, row: readonly number[]): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) {
    const scale = model.scale[j] || 1;
    z += (model.weights[j] ?? 0) * (((row[j] ?? 0) - (model.mean[j] ?? 0)) / scale);
  }
  return z;
}

export function contentProbability(model: Model, row: readonly number[]): number {
  return 1 / (1 + Math.exp(-logit(model, row)));
}
