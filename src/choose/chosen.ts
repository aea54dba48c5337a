/**
 * What the choose stage answers, and the shape of the text it hands the build: a root and the text nodes
 * under it that are the article, found from the kept segments.
 */
import { flatContains, flatParentElement } from '../dom/flat.ts';
import { MAX_ANCESTORS } from '../dom/limits.ts';
import type { Run } from '../mss/index.ts';
import type { Segment } from '../segments/index.ts';
import type { ArticleKind, ExtractMethod } from '../types.ts';
import type { PageDecision } from './page-choice.ts';

/** The article's text as the build copies it, and how it was found (for Article and its diagnostics). */
export interface Chosen {
  method: ExtractMethod;
  kind: ArticleKind;
  /** See Article.records. */
  records: number;
  root: Element;
  /** Null: every visible text node under root. */
  keep: Set<Text> | null;
  run: Run | null;
  dropped: number;
  /** Whether the page was answered whole or by its run, when that was asked (page-choice.ts). */
  decision?: PageDecision | null;
  /** Whether the page was a listing, when that was asked (listing-page.ts): it was not. */
  listing?: PageDecision | null;
  /** Page elements whose copy opens with a label of ours (clean/ BuildInput.labels): a thread's accepted answer. */
  labels?: ReadonlyMap<Element, string>;
}

/** The page has an article (or was asked for anyway), is a listing, or has nothing that passes the floors. */
export type Choice =
  | {
      verdict: 'article';
      chosen: Chosen;
      /**
       * The run the NewsFeed fallback replaced (`chosen` is then the fallback's block): the answer again when
       * that block builds too short (floors.ts).
       */
      replaced: Chosen | null;
      /**
       * The run holds nearly all of the page's text, or is a short post alone on it: no length floor applies
       * (floors.ts).
       */
      wholePage: boolean;
    }
  | { verdict: 'listing' }
  | { verdict: 'none' };

/** A whole element's visible text: the NewsFeed fallback's block, or the page's body when forced. */
export function wholeElement(method: 'fallback' | 'forced', root: Element): Chosen {
  return { method, kind: 'article', records: 0, root, keep: null, run: null, dropped: 0 };
}

/** The indices from `from` to `to`, both included. */
export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** The text nodes the segments were cut from: what the build keeps under the root. */
export function textNodes(segments: readonly Segment[]): Set<Text> {
  const out = new Set<Text>();
  for (const s of segments) {
    for (let k = s.from; k < s.to; k++) {
      const node = s.runs.node[k];
      if (node) out.add(node);
    }
  }
  return out;
}

/**
 * The deepest element containing every kept segment's block, in the flat tree (shadow roots, frames). The
 * root only climbs, so its steps are bounded over the whole call, not per segment.
 */
export function commonAncestor(segments: readonly Segment[]): Element {
  const first = segments[0] as Segment;
  let root: Element = first.block;
  let climbed = 0;
  for (const s of segments) {
    while (!flatContains(root, s.block) && climbed++ < MAX_ANCESTORS) {
      const parent = flatParentElement(root);
      if (parent === null) break;
      root = parent;
    }
  }
  return root;
}
