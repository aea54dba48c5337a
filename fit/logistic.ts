/**
 * Weighted, L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares). Written here rather than taken from a package: it is forty lines over Float64Arrays, the npm
 * logistic-regression packages we found are unmaintained or fit by plain gradient descent (slow to converge on
 * 100k-row problems), and the fit must be exactly reproducible from a clean clone.
 */

export interface Dataset {
  /** Rows × columns, row-major. */
  x: Float64Array;
  rows: number;
  columns: number;
  /** Targets in [0, 1]. */
  y: Float64Array;
  /** Per-row weights. */
  w: Float64Array;
}

export interface Standardised {
  mean: number[];
  scale: number[];
}

export interface Fitted extends Standardised {
  weights: number[];
  bias: number;
  iterations: number;
}

/**
 * The fit as the extractor reads a model (src/score/model.ts): the standardisation folded into the weights and
 * bias, so inference is one dot product over raw features; 7 significant digits (the fold models, which the
 * bench and the page decision's fit read). What ships is `shippedModel`'s.
 */
export function foldedModel(fitted: Fitted): { weights: number[]; bias: number } {
  const round = (v: number): number => Number(v.toPrecision(7));
  const weights = fitted.weights.map((w, c) => w / (fitted.scale[c] ?? 1));
  const bias = fitted.weights.reduce(
    (b, w, c) => b - (w * (fitted.mean[c] ?? 0)) / (fitted.scale[c] ?? 1),
    fitted.bias,
  );
  return { weights: weights.map(round), bias: round(bias) };
}

/**
 * The digits a shipped weight keeps: the weights ship in the content script, and 3 significant digits keep the
 * probabilities within 2.2 × 10⁻³ of the fit's own on src/score/model.check.json's rows, far less than a
 * weight's own uncertainty across the folds (docs/extraction.md).
 */
export const SHIPPED_DIGITS = 3;

/** A model as it is checked in for the extractor: `SHIPPED_DIGITS` significant digits. */
export function shippedModel(model: { weights: readonly number[]; bias: number }): {
  weights: number[];
  bias: number;
} {
  const round = (v: number): number => Number(v.toPrecision(SHIPPED_DIGITS));
  return { weights: model.weights.map(round), bias: round(model.bias) };
}

/** The fitted model's probability for a raw (unstandardised) row, from the fit's own unrounded numbers. */
export function predict(fitted: Fitted, row: readonly number[]): number {
  let eta = fitted.bias;
  fitted.weights.forEach((weight, c) => {
    eta += weight * (((row[c] ?? 0) - (fitted.mean[c] ?? 0)) / (fitted.scale[c] ?? 1));
  });
  return 1 / (1 + Math.exp(-eta));
}

/** Weighted mean and standard deviation per column (a constant column gets scale 1). */
export function standardisation(data: Dataset): Standardised {
  const { x, rows, columns, w } = data;
  const mean = new Array<number>(columns).fill(0);
  const square = new Array<number>(columns).fill(0);
  let total = 0;
  for (let r = 0; r < rows; r++) {
    const weight = w[r] ?? 0;
    total += weight;
    for (let c = 0; c < columns; c++) {
      const v = x[r * columns + c] ?? 0;
      mean[c] = (mean[c] ?? 0) + weight * v;
      square[c] = (square[c] ?? 0) + weight * v * v;
    }
  }
  const scale = mean.map((sum, c) => {
    const m = sum / (total || 1);
    const variance = (square[c] ?? 0) / (total || 1) - m * m;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  return { mean: mean.map((sum) => sum / (total || 1)), scale };
}

/**
 * Minimises Σ w·logloss + (λ/2)·|β|² over standardised columns (the bias is not penalised). `lambda` is
 * relative to the total weight, so it means the same on a fold as on the whole set.
 */
export function fitLogistic(data: Dataset, lambda: number, maxIterations = 25): Fitted {
  const { rows, columns } = data;
  const { mean, scale } = standardisation(data);
  const d = columns + 1;
  // The standardised design with a column of ones for the bias, built once.
  const z = new Float64Array(rows * d);
  let totalWeight = 0;
  for (let r = 0; r < rows; r++) {
    totalWeight += data.w[r] ?? 0;
    for (let c = 0; c < columns; c++) {
      z[r * d + c] = ((data.x[r * columns + c] ?? 0) - (mean[c] ?? 0)) / (scale[c] ?? 1);
    }
    z[r * d + columns] = 1;
  }
  const penalty = lambda * totalWeight;
  const beta = new Float64Array(d);
  let iterations = 0;
  for (; iterations < maxIterations; iterations++) {
    const gradient = new Float64Array(d);
    const hessian = new Float64Array(d * d);
    for (let r = 0; r < rows; r++) {
      const weight = data.w[r] ?? 0;
      if (weight === 0) continue;
      const offset = r * d;
      let eta = 0;
      for (let c = 0; c < d; c++) eta += (beta[c] ?? 0) * (z[offset + c] ?? 0);
      const p = 1 / (1 + Math.exp(-eta));
      const residual = weight * (p - (data.y[r] ?? 0));
      const curvature = weight * Math.max(p * (1 - p), 1e-10);
      for (let a = 0; a < d; a++) {
        const za = z[offset + a] ?? 0;
        if (za === 0) continue;
        gradient[a] = (gradient[a] ?? 0) + residual * za;
        const scaled = curvature * za;
        for (let b = a; b < d; b++)
          hessian[a * d + b] = (hessian[a * d + b] ?? 0) + scaled * (z[offset + b] ?? 0);
      }
    }
    for (let a = 0; a < columns; a++) {
      gradient[a] = (gradient[a] ?? 0) + penalty * (beta[a] ?? 0);
      hessian[a * d + a] = (hessian[a * d + a] ?? 0) + penalty;
    }
    for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) hessian[a * d + b] = hessian[b * d + a] ?? 0;
    const step = solve(hessian, gradient, d);
    let change = 0;
    for (let c = 0; c < d; c++) {
      beta[c] = (beta[c] ?? 0) - (step[c] ?? 0);
      change = Math.max(change, Math.abs(step[c] ?? 0));
    }
    if (change < 1e-6) {
      iterations++;
      break;
    }
  }
  return {
    mean,
    scale,
    weights: Array.from(beta.subarray(0, columns)),
    bias: beta[columns] ?? 0,
    iterations,
  };
}

/** Solves A x = b for a symmetric positive definite A (Cholesky), d × d row-major. */
function solve(a: Float64Array, b: Float64Array, d: number): Float64Array {
  const l = new Float64Array(d * d);
  for (let i = 0; i < d; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * d + j] ?? 0;
      for (let k = 0; k < j; k++) sum -= (l[i * d + k] ?? 0) * (l[j * d + k] ?? 0);
      if (i === j) l[i * d + i] = Math.sqrt(Math.max(sum, 1e-12));
      else l[i * d + j] = sum / (l[j * d + j] ?? 1);
    }
  }
  const y = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    let sum = b[i] ?? 0;
    for (let k = 0; k < i; k++) sum -= (l[i * d + k] ?? 0) * (y[k] ?? 0);
    y[i] = sum / (l[i * d + i] ?? 1);
  }
  const x = new Float64Array(d);
  for (let i = d - 1; i >= 0; i--) {
    let sum = y[i] ?? 0;
    for (let k = i + 1; k < d; k++) sum -= (l[k * d + i] ?? 0) * (x[k] ?? 0);
    x[i] = sum / (l[i * d + i] ?? 1);
  }
  return x;
}
