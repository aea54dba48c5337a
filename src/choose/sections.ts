/**
 * A sectioned document's last sections, past the run's end. Far from the title, in short sections of reference
 * text ("Compatibility", "Deploying to a Web Server"), the model doubts a docs page's prose and the run ends
 * before them; the page's own structure says they are more of the same document.
 */
import { boxShapeOf, containsNode, parentElementOf } from '../dom/access.ts';
import type { Run } from '../mss/index.ts';
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';
import { isBoundary } from './runs.ts';

/** Segments taken past the run, at most. */
const MAX_TAIL = 400;
/** Groups of sibling sections taken one after the other (a document's sections nest), at most. */
const MAX_GROUPS = 4;
/** A document whose run holds this many section boxes of one shape is sectioned. */
const MIN_SECTIONS = 2;

/**
 * The segments after the run that are its document's remaining sections: when the segment right after the run
 * is a heading whose box (the element around it: a `<section>`, Docutils' `div.section`, a wiki's heading
 * wrapper) has the tag and first class of MIN_SECTIONS boxes around the run's own headings, everything in that
 * box's parent that follows, up to a box walked as one, a boilerplate box or a heading that ends an article;
 * then the same again from where that stopped. A bare heading among paragraphs (an article's "About the
 * author" under its body) is in no box of its own, and starts nothing.
 */
export function sectionsAfter(run: Run, scored: Scored): number[] {
  const segs = scored.segments;
  const first = segs[run.start]?.block;
  const last = segs[run.end]?.block;
  if (first === undefined || last === undefined) return [];
  const shapes = sectionShapes(run, scored, first);
  const out: number[] = [];
  let j = run.end + 1;
  for (let group = 0; group < MAX_GROUPS && out.length < MAX_TAIL; group++) {
    const s = segs[j];
    if (s === undefined || s.heading === 0 || stops(s, scored, j)) break;
    const box = parentElementOf(s.block);
    if (box === null || (shapes.get(boxShapeOf(box)) ?? 0) < MIN_SECTIONS || containsNode(box, last)) break;
    const container = parentElementOf(box);
    if (container === null) break;
    for (; j < segs.length && out.length < MAX_TAIL; j++) {
      const t = segs[j] as Segment;
      if (stops(t, scored, j) || !containsNode(container, t.block)) break;
      out.push(j);
    }
  }
  return out;
}

function stops(s: Segment, scored: Scored, i: number): boolean {
  const boilerplate = scored.boilerplate[i] === true;
  return s.raw === '' || boilerplate || isBoundary(s, boilerplate);
}

/** How many boxes of each shape hold a heading of the run, each on its own (not around the run's start). */
function sectionShapes(run: Run, scored: Scored, first: Element): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = run.start; i <= run.end; i++) {
    const s = scored.segments[i] as Segment;
    if (s.heading === 0) continue;
    const box = parentElementOf(s.block);
    if (box === null || containsNode(box, first)) continue;
    const shape = boxShapeOf(box);
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return counts;
}
