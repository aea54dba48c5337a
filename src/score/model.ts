/**
 * The fitted segment model (docs/extraction.md): logistic regression over the features of features.ts,
 * fitted by `npm run fit` (fit/) on the dev corpora and checked in as model.json. It turns a segment's
 * feature vector into the probability that the segment is article text; selection takes the run that
 * maximises Σ (2p − 1) × length (supervised MSS, Pasternack & Roth).
 */

export interface Model {
  /**
   * One weight per feature, in FEATURES order, over the raw values (the fit's standardisation is folded in:
   * weight / scale, and the means into the bias), so inference is one dot product.
   */
  weights: readonly number[];
  bias: number;
}

/** The linear score w · row + b. */
export function logit(model: Model, row: readonly number[]): number {
  let z = model.bias;
  for (let j = 0; j < model.weights.length; j++) z += (model.weights[j] ?? 0) * (row[j] ?? 0);
  return z;
}

export function contentProbability(model: Model, row: readonly number[]): number {
  return 1 / (1 + Math.exp(-logit(model, row)));
}
