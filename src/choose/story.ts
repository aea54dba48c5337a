/**
 * The story the page says it is. A news page carries other stories' text too: a strip of teasers under the
 * story ("More in this section"), a "Breaking news" strip above it, the next story an endless page loads below
 * it. Each can outscore a short story. The page names its story (`<title>`, `og:title`, the JSON-LD headline),
 * and the `h1` those confirm is where it starts: the run under that headline is the article, not a run that is
 * another story's, and a run never reaches into the next story (docs/extraction.md, "The story under the
 * headline").
 */
import { parentElementOf } from '../dom/access.ts';
import { comparable } from '../dom/chars.ts';
import type { Run } from '../mss/index.ts';
import type { Scored } from '../score/scored.ts';
import { type Segment, segmentText } from '../segments/index.ts';
import { isStubRun } from './floors.ts';
import { HEADLINE_CHARS } from './listing.ts';
import { isBoundary } from './runs.ts';

/** The headline is an `h1`, else an `h2` (a page whose `h1` is its logo). */
const MAX_HEADLINE_LEVEL = 2;
/**
 * The headline and a declared title agree when one holds the other and the shorter is at least this share of
 * the longer: a title's site name ("… | The Courier") or a kicker ("Transport: …") is set aside, a logo `h1`
 * holding the site's name alone is not the headline.
 */
const TITLE_SHARE = 0.5;
/** A declared title this short says too little to find a headline by. */
const MIN_TITLE_CHARS = 12;
/**
 * The headline's run starts within this many segments after it: a byline, a date, a lead picture's caption and
 * a share bar sit between them; further down, what starts is no longer the text under the headline.
 */
const MAX_GAP = 12;
/** A JSON-LD `articleBody` this long is the story's text (shorter, it is a summary or a teaser). */
const MIN_DECLARED_BODY = 400;
/** What of a segment is looked for in the declared body: this many characters from its middle. */
const PROBE_CHARS = 40;
/** Segments looked for in the declared body, in all runs together. */
const MAX_PROBES = 2_000;
/**
 * The best run is another story's when under this share of its text is in the declared body, and a run of
 * which at least DECLARED_SHARE is holds more than a stub.
 */
const STRAY_SHARE = 0.2;
const DECLARED_SHARE = 0.5;

/**
 * A strip under a story holds a few teasers; more cards than this are a listing's (a section front whose
 * heading names the page), and the page is not one story with teasers under it.
 */
const MAX_STRIP_CARDS = 8;
/** A teaser card's text after its heading: an excerpt of a few sentences, not the story's next paragraphs. */
const MAX_CARD_CHARS = 600;
/** How far up two teasers' headings are looked at for the box they share (cards in a strip, a grid). */
const CARD_LEVELS = 4;

/** The headline segment: the first `h1` (else `h2`) that a declared title confirms, or -1. */
export function headlineIndex(segments: readonly Segment[], titles: readonly string[]): number {
  const keys = titles.map(comparable).filter((k) => k.length >= MIN_TITLE_CHARS);
  if (keys.length === 0) return -1;
  let found = -1;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment;
    if (s.heading < 1 || s.heading > MAX_HEADLINE_LEVEL || isLinkLine(s)) continue;
    if (found >= 0 && s.heading >= (segments[found] as Segment).heading) continue;
    const text = comparable(segmentText(s));
    if (keys.some((k) => agree(text, k))) {
      found = i;
      if (s.heading === 1) break;
    }
  }
  return found;
}

/** A headline of a story: a heading of the headline's rank or above that is no link. */
function isHeadline(s: Segment): boolean {
  return s.heading > 0 && s.heading <= MAX_HEADLINE_LEVEL && !isLinkLine(s);
}

/** Whether a headline (isHeadline) lies among the segments from `from` to `to`. */
function headlineAmong(scored: Scored, from: number, to: number): boolean {
  for (let i = from; i <= to; i++) if (isHeadline(scored.segments[i] as Segment)) return true;
  return false;
}

function agree(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.includes(short) && short.length >= TITLE_SHARE * long.length;
}

/**
 * A teaser's headline: a heading that links to another page, headline-long (listing.ts counts headlines from
 * the same length); a thread's posts are signed with a linked name in a heading, a word or two.
 */
function isTeaserHeading(s: Segment): boolean {
  return s.heading > 0 && isLinkLine(s) && s.length >= HEADLINE_CHARS;
}

/** Mostly link text: a teaser's headline, pointing to another page (a heading's own anchor is no link). */
function isLinkLine(s: Segment): boolean {
  return s.linkChars * 2 >= s.length;
}

/**
 * Where the story under the headline ends, whether a strip of teaser cards ends it, and the characters of prose
 * the story holds before that.
 */
interface StoryEnd {
  at: number;
  cards: boolean;
  prose: number;
}

/**
 * Where the story that starts at the headline ends: the first segment after it that starts another story, or
 * one past the last segment. Another story starts in another `<article>` than the headline's, at a heading
 * that ends an article (runs.ts: "More stories", the comments), or at a strip of teaser cards (with the plain
 * heading over it: "More in this section").
 */
function storyEnd(scored: Scored, headline: number): StoryEnd {
  const segs = scored.segments;
  const head = segs[headline] as Segment;
  let teaser = -1;
  // Until the story's first paragraph, nothing but a heading that ends articles ends it: a "Read also" box
  // can sit under the headline, and the headline its own `<article>` (a header) above the body's.
  let told = false;
  let article = head.article;
  // The prose read so far, and up to the first teaser heading (where a strip of cards would start).
  let prose = 0;
  let proseBeforeTeaser = 0;
  for (let i = headline + 1; i < segs.length; i++) {
    const s = segs[i] as Segment;
    if (isBoundary(s, scored.boilerplate[i] === true)) return { at: i, cards: false, prose };
    const isProse = s.heading === 0 && (scored.weight[i] ?? 0) > 0 && !isLinkLine(s);
    if (!told && isProse) {
      told = true;
      article = s.article ?? article;
    }
    if (!told) continue;
    if (isProse) prose += s.length;
    // Another `<article>` is another story when it opens on a headline of its own (a thread's posts don't).
    const otherStory = article !== null && s.article !== null && s.article !== article;
    if (otherStory && isHeadline(s)) return { at: i, cards: false, prose };
    if (!isTeaserHeading(s)) continue;
    if (teaser >= 0 && inCards(segs[teaser] as Segment, s)) {
      const above = segs[teaser - 1];
      const at = above !== undefined && above.heading > 0 && teaser - 1 > headline ? teaser - 1 : teaser;
      return { at, cards: true, prose: proseBeforeTeaser };
    }
    teaser = i;
    proseBeforeTeaser = prose;
  }
  return { at: segs.length, cards: false, prose };
}

/**
 * The story's end as it holds for a run reaching `to`: a strip of cards ends the story only when nothing after
 * it up to there has a heading of its own that is no link (a box of linked guides inside an article is followed
 * by the article's next section). Under a story longer than a card's excerpt, the strips may go on: more than a
 * few cards, each strip under a plain heading of its own ("Read also", then "Analysis, interviews").
 */
function endFor(scored: Scored, end: StoryEnd, to: number): number {
  if (!end.cards) return end.at;
  const story = end.prose > MAX_CARD_CHARS;
  let cards = 0;
  let after = 0;
  for (let i = end.at + 1; i <= to; i++) {
    const s = scored.segments[i] as Segment;
    if (s.heading > 0 && !isLinkLine(s) && !(story && headsLinks(scored.segments, i, to)))
      return scored.segments.length;
    if (s.heading > 0 && ++cards > MAX_STRIP_CARDS && !story) return scored.segments.length;
    after = s.heading > 0 ? 0 : after + s.length;
  }
  // The last card holds a teaser's excerpt; more text after it is the story going on past a box of links.
  return after > MAX_CARD_CHARS ? scored.segments.length : end.at;
}

/** The heading at `i` stands over links (another strip's cards), not over prose: the next line with words is a link. */
function headsLinks(segments: readonly Segment[], i: number, to: number): boolean {
  for (let k = i + 1; k <= to; k++) {
    const s = segments[k] as Segment;
    if (s.raw === '' || s.length === 0) continue;
    return isLinkLine(s);
  }
  return false;
}

/**
 * Two linked headings are teaser cards when each sits in a box of its own below the box they share: a strip or a
 * grid of cards. A list article's linked headings ("19. Backlinko's guide") are siblings in its body instead.
 */
function inCards(a: Segment, b: Segment): boolean {
  const above: Element[] = [];
  for (
    let el = parentElementOf(a.block), k = 0;
    el !== null && k < CARD_LEVELS;
    el = parentElementOf(el), k++
  )
    above.push(el);
  for (
    let el = parentElementOf(b.block), k = 0;
    el !== null && k < CARD_LEVELS;
    el = parentElementOf(el), k++
  ) {
    const at = above.indexOf(el);
    if (at >= 0) return at >= 1 && k >= 1;
  }
  return false;
}

/** A run from `from` to `to`, its score the sum of its segments' weights. */
function runOf(scored: Scored, from: number, to: number): Run {
  let score = 0;
  for (let i = from; i <= to; i++) score += scored.weight[i] ?? 0;
  return { start: from, end: to, score };
}

/** The visible characters of the run's segments that score for the article. */
function runChars(scored: Scored, run: Run): number {
  let n = 0;
  for (let i = run.start; i <= run.end; i++)
    if ((scored.weight[i] ?? 0) > 0) n += scored.segments[i]?.length ?? 0;
  return n;
}

/**
 * The run under the headline, within the story's end: the best run holding the headline or starting soon
 * after it, no other headline of its rank between, cut where the story ends. Null when there is none.
 */
function headlineRun(all: readonly Run[], scored: Scored, headline: number, storyEnd: StoryEnd): Run | null {
  let best: Run | null = null;
  for (const r of all) {
    const end = endFor(scored, storyEnd, r.end);
    if (r.end <= headline || r.start >= end) continue;
    if (r.start > headline + MAX_GAP && best !== null) break;
    if (r.start > headline + MAX_GAP) return null;
    if (headlineAmong(scored, headline + 1, r.start - 1)) break;
    const clipped = runOf(scored, Math.max(r.start, headline + 1), Math.min(r.end, end - 1));
    if (best === null || clipped.score > best.score) best = clipped;
  }
  return best;
}

/**
 * Whether `run` is another story's text than the one under the headline (`story`): it lies above the headline
 * (a strip of other stories' teasers over it), or below, past where the story ends (`end`).
 */
function isAnotherStory(run: Run, story: Run, headline: number, end: number): boolean {
  if (run.end < headline) return true;
  return run.start > story.end && run.start >= end;
}

/** What of a segment's text is looked for in the declared body: PROBE_CHARS from its middle. */
function middleOf(text: string): string {
  const from = Math.max(0, Math.floor((text.length - PROBE_CHARS) / 2));
  return text.slice(from, from + PROBE_CHARS);
}

/** A run's text that scores for the article, and how much of it the declared body holds. */
interface Overlap {
  chars: number;
  declared: number;
}

/** How much of each run's text is in the declared body (`body`: comparable text), bounded in probes. */
function overlaps(all: readonly Run[], scored: Scored, body: string): Overlap[] {
  let probes = 0;
  return all.map((r) => {
    const out: Overlap = { chars: 0, declared: 0 };
    for (let i = r.start; i <= r.end; i++) {
      const s = scored.segments[i] as Segment;
      if ((scored.weight[i] ?? 0) <= 0) continue;
      out.chars += s.length;
      if (probes++ >= MAX_PROBES) continue;
      const text = comparable(segmentText(s));
      if (text.length >= PROBE_CHARS / 2 && body.includes(middleOf(text))) out.declared += s.length;
    }
    return out;
  });
}

/**
 * The run whose text the page's JSON-LD `articleBody` holds, when the best run's is not in it: the story the
 * page declares, over another story's text. Null when the page declares no body, or the best run is its.
 */
function declaredBodyRun(best: Run, all: readonly Run[], scored: Scored, body: string | null): Run | null {
  if (body === null) return null;
  const found = overlaps([best, ...all], scored, body);
  const ofBest = found[0] as Overlap;
  if (ofBest.declared >= STRAY_SHARE * ofBest.chars) return null;
  let at = -1;
  for (let k = 1; k < found.length; k++) {
    const o = found[k] as Overlap;
    if (o.declared < DECLARED_SHARE * o.chars || isStubRun(o.declared)) continue;
    if (at < 0 || o.declared > (found[at] as Overlap).declared) at = k;
  }
  return at < 0 ? null : (all[at - 1] as Run);
}

/**
 * The run cut after the segment that ends the declared body (its last words are that segment's), when nothing
 * after it in the run is in the body: what follows is no longer the story (a strip of teasers joined to it
 * across a sign-up box). A body that stops short of the page's story (a teaser's worth) ends nowhere in it.
 */
function toDeclaredEnd(run: Run, scored: Scored, body: string | null): Run {
  if (body === null) return run;
  const tail = body.slice(-PROBE_CHARS);
  for (let i = run.end, probes = 0; i > run.start && probes < MAX_PROBES; i--, probes++) {
    const text = comparable(segmentText(scored.segments[i] as Segment));
    if (text.length < PROBE_CHARS / 2) continue;
    if (text.endsWith(tail) || tail.endsWith(text))
      return i === run.end || !headed(scored, i + 1, run.end) ? run : runOf(scored, run.start, i);
    if (body.includes(middleOf(text))) return run;
  }
  return run;
}

/** A heading lies between `from` and `to`: other stories' teasers, not a thread's replies or a footnote. */
function headed(scored: Scored, from: number, to: number): boolean {
  for (let i = from; i <= to; i++) if ((scored.segments[i] as Segment).heading > 0) return true;
  return false;
}

/** The run the page's headline anchors, and whether it replaced the best run (another story's). */
export interface StoryChoice {
  run: Run;
  /** The best run was another story's: the page's own story was taken instead. */
  replaced: boolean;
  /** Where the story under the headline ends (storyEnd): nothing from there on is its text. */
  end: number;
}

/**
 * The article's run as the page says it: the run whose text its declared body holds, when the best run's is
 * not; else the best run, unless it is another story's and the headline's run holds real text (over a stub's
 * floor), then that; a run holding the headline is cut where the story ends. The best run as it is when the
 * page declares neither a body nor a title that confirms a headline.
 */
export function storyRun(
  found: Run,
  all: readonly Run[],
  scored: Scored,
  declared: { titles: readonly string[]; body: string | null },
): StoryChoice {
  const whole = scored.segments.length;
  // The declared body as its segments are compared with it; shorter than a story's, a summary or a teaser.
  const compared = declared.body === null ? '' : comparable(declared.body);
  const body = compared.length >= MIN_DECLARED_BODY ? compared : null;
  const fromBody = declaredBodyRun(found, all, scored, body);
  const best = toDeclaredEnd(fromBody ?? found, scored, body);
  const headline = headlineIndex(scored.segments, declared.titles);
  if (headline < 0) return { run: best, replaced: fromBody !== null, end: whole };
  const storyEnds = storyEnd(scored, headline);
  if (holdsHeadline(scored, best, headline)) {
    const end = endFor(scored, storyEnds, best.end);
    return { run: cutToStory(scored, best, headline, end), replaced: fromBody !== null, end };
  }
  const story = headlineRun(all, scored, headline, storyEnds);
  const kept = { run: best, replaced: fromBody !== null, end: whole };
  if (fromBody !== null || story === null || isStubRun(runChars(scored, story))) return kept;
  if (!isAnotherStory(best, story, headline, endFor(scored, storyEnds, best.end))) return kept;
  return { run: story, replaced: true, end: story.end + 1 };
}

/** The run holds the headline, or starts right under it: nothing but a byline and a picture between. */
function holdsHeadline(scored: Scored, run: Run, headline: number): boolean {
  if (run.end <= headline) return false;
  if (run.start <= headline) return true;
  if (run.start > headline + MAX_GAP) return false;
  return !headlineAmong(scored, headline + 1, run.start - 1);
}

/**
 * The story's own run, cut where the next story starts, and at the headline when what it holds above the
 * headline has headings of its own (other stories' teasers, not a kicker or a standfirst).
 */
function cutToStory(scored: Scored, run: Run, headline: number, end: number): Run {
  let start = run.start;
  for (let i = run.start; i < headline; i++) {
    if ((scored.segments[i] as Segment).heading > 0) {
      start = headline;
      break;
    }
  }
  const last = Math.min(run.end, end - 1);
  if (last < start) return run;
  return start === run.start && last === run.end ? run : runOf(scored, start, last);
}
