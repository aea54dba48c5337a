/**
 * What the reader says when it opens on a page that covered it the last time, and Lectern closed it for that
 * (extension/content/on-top.ts): whatever looked like the reader then was the page's own.
 */
import { COVERED } from '../shared/covered.ts';
import { t } from '../shared/i18n.ts';
import type { CoverReason } from '../shared/messages.ts';
import { viewOf } from './view.ts';

const said = (why: CoverReason): string =>
  t(
    'coveredNotice',
    COVERED[why].replace(/^./, (first) => first.toUpperCase()),
  );

/** Puts the notice at the top of `place`: the view's (the reader's column, or the "no article" card). */
export function sayCovered(place: Element | null, why: CoverReason): void {
  place?.prepend(
    viewOf(
      <p class="l-covered" role="alert">
        {said(why)}
      </p>,
    ).element,
  );
}
