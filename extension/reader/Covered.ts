/**
 * What the reader says when it opens on a page that covered it the last time, and Lectern closed it for that
 * (extension/content/on-top.ts): whatever looked like the reader then was the page's own.
 */
import { COVERED } from '../shared/covered.ts';
import type { CoverReason } from '../shared/messages.ts';
import { h } from './dom.ts';

const said = (why: CoverReason): string =>
  `${COVERED[why].replace(/^./, (first) => first.toUpperCase())}. What looked like the reader then was the page.`;

/** Puts the notice above the article of the view mounted in `layer` (the reader, or the "no article" card). */
export function sayCovered(layer: ParentNode, why: CoverReason): void {
  const place = layer.querySelector('.l-main') ?? layer.querySelector('.l-notice-card');
  place?.prepend(h('p', { class: 'l-covered', role: 'alert' }, said(why)));
}
