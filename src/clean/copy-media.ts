import { localNameOf, nextElementSiblingOf, textContentOf } from '../dom/access.ts';
import { parseUnrendered } from '../dom/parse.ts';
import { copyAttributes } from './attributes.ts';
import { mediaVerdict } from './copy-chosen.ts';
import { inlineParent } from './copy-place.ts';
import type { CopyWalk, Place } from './copy-types.ts';
import { imageSource, isPixel } from './images.ts';
import { copyMath } from './math.ts';

/** Images and formulas in the copy: kept or not by their place against the chosen text (mediaVerdict). */

/** An `<img>`, or a `<picture>` with its `<img>`: one `<img>` with the real source, or nothing. */
export function placeImage(walk: CopyWalk, img: Element | null, picture: Element | null, place: Place): void {
  if (img !== null && isPixel(img)) return;
  const src = imageSource(img, picture, walk.baseUrl) ?? (img !== null ? noscriptImage(walk, img) : null);
  if (src === null) return;
  const verdict = mediaVerdict(walk.chosen, picture ?? (img as Element), place);
  if (verdict === 'reject') return;
  const parent = inlineParent(walk, place);
  if (parent === null) return;
  const out = walk.doc.createElement('img');
  out.setAttribute('src', src);
  if (img !== null) copyAttributes(img, out, 'img');
  parent.appendChild(out);
  if (verdict === 'tentative') walk.chosen?.tentative.push(out);
}

/**
 * Lazy loaders that need JavaScript leave the real `<img>` in a `<noscript>` beside the placeholder. In a
 * page with scripting on, noscript content is raw text from the page: it is parsed into a document without a
 * browsing context (nothing there loads or runs), and only an image's URL is taken from it, through the same
 * checks as any image's (imageSource). No node of it reaches the article.
 */
function noscriptImage(walk: CopyWalk, img: Element): string | null {
  const next = nextElementSiblingOf(img);
  if (next === null || localNameOf(next).toLowerCase() !== 'noscript') return null;
  const raw = textContentOf(next) ?? '';
  if (!/<img/i.test(raw)) return null;
  const found = parseUnrendered(raw)?.querySelector('img') ?? null;
  return found === null ? null : imageSource(found, null, walk.baseUrl);
}

/**
 * A formula's MathML (a `<math>`, or the source behind a rendered KaTeX or MathJax formula), judged as media by
 * the page element `at` that stands for it.
 */
export function placeMath(walk: CopyWalk, math: Element, at: Element, place: Place): void {
  const verdict = mediaVerdict(walk.chosen, at, place);
  if (verdict === 'reject') return;
  const parent = inlineParent(walk, place);
  if (parent === null) return;
  const copy = copyMath(math, walk.doc);
  parent.appendChild(copy);
  if (verdict === 'tentative') walk.chosen?.tentative.push(copy);
}
