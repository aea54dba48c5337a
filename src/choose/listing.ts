/**
 * Whether a run is a listing (a home page, a section front, search results) rather than an article: a
 * listing is an answer of its own ("no article on this page"), unless a run of prose half as strong stands
 * beside it.
 */
import { closestOf } from '../dom/access.ts';
import type { Run } from '../mss/index.ts';
import type { Scored } from '../score/scored.ts';
import type { Segment } from '../segments/index.ts';
import { bestRun } from './runs.ts';

/**
 * A listing (home page, section front, search results) also yields runs of teaser text. Its tell is short
 * prose: teaser summaries are a sentence, article paragraphs are longer. Then either the run spans several
 * `<article>` cards with about one summary each, or link-only items (headlines) are as many as the prose.
 * Neither structural signal alone holds on real articles (trafilatura-dev: one page wraps every paragraph in
 * its own <article>; press releases carry dozens of links).
 */
const TEASER_CHARS = 160;

/**
 * Headlines and prose are counted at headline length: "Next", "Learn more" and "Themes" under each section of
 * a product page (readability-test-pages' mozilla-1) are buttons, not a list of stories, and a teaser's
 * 18-character source label ("Good Morning America", yahoo-3) is not a paragraph of its own.
 */
export const HEADLINE_CHARS = 20;

/**
 * `dateLine`, given for a set of dated posts (records.ts): a segment that is a post's date. Then a card is an
 * `<article>` with a linked line of headline length that is no date: a forum's posts are `<article>`s too,
 * each linking its author's name, its date ("Posted October 29, 2025") and its post count, and a thread of
 * short replies had read as twelve teaser cards (modern-dev: an Invision Community thread came out as its
 * last post's quote). A listing's cards link their titles.
 */
export function looksLikeListing(
  run: Run,
  scored: Scored,
  dateLine: ((i: number) => boolean) | null = null,
): boolean {
  const articles = new Set<Element>();
  let headlines = 0;
  let prose = 0;
  let proseChars = 0;
  let longProse = 0;
  for (let i = run.start; i <= run.end; i++) {
    const s = scored.segments[i] as Segment;
    // A box the walk set aside as boilerplate by name (a post's tool bar, a share box) is one segment counted
    // as all link (segments/): it is neither a card nor a headline.
    if (s.raw === '') continue;
    // Only `<article>` boxes holding a link are cards: a teaser links to what it teases. A course outline or a
    // feature grid sets each of its lines in an `<article>` of its own, with nothing to follow (modern-dev: a
    // course page with 15 chapter rows was "no article").
    const linked = (scored.shares[i]?.link ?? 0) > 0.5;
    if (dateLine === null) {
      if (s.article && s.linkChars > 0) articles.add(s.article);
    } else if (s.article && linked && s.length >= HEADLINE_CHARS && !dateLine(i)) articles.add(s.article);
    if (linked) {
      if (s.length >= HEADLINE_CHARS && !barePoint(i, scored.segments) && !dateLine?.(i)) headlines++;
    } else if ((scored.sign[i] ?? -1) > 0) {
      prose++;
      proseChars += s.length;
      if (s.length >= HEADLINE_CHARS) longProse++;
    }
  }
  if (prose > 0 && proseChars / prose >= TEASER_CHARS) return false;
  return (articles.size >= 3 && prose <= 1.5 * articles.size) || (headlines >= 4 && headlines >= longProse);
}

/**
 * A list item that is one link and nothing else (not a heading) is a point of a list of links
 * inside a text: a progress report's merged changes, a guide's "More on …" reading lists, a post's changelog
 * (modern-dev: three such pages were "no article"). A listing's items carry more than their link: a heading,
 * a teaser, a price (a shop's grid of `<li>` tiles stays a listing); its `<article>` cards are counted apart.
 */
function barePoint(i: number, segments: readonly Segment[]): boolean {
  const s = segments[i] as Segment;
  if (s.heading > 0) return false;
  // The item itself or a paragraph in it (`<li><p><a>…`): AsciiDoc and Markdown renderers write both.
  const item = closestOf(s.block, 'li');
  if (item === null) return false;
  const inItem = (other: Segment | undefined): boolean =>
    other !== undefined && (other.block === item || closestOf(other.block, 'li') === item);
  return !inItem(segments[i - 1]) && !inItem(segments[i + 1]);
}

/** Past a listing, the next run must score this share of it to be the article beside it. */
const ALTERNATIVE_SHARE = 0.5;

/**
 * The best run when it is no listing; when it is one, the best run outside it if that is strong enough and
 * no listing either; else null: the page is a listing. A teaser stream under the article can outscore it
 * (readability-test-pages' yahoo-3); a home page has no run of prose half as strong as its listing.
 */
export function besideListing(best: Run, all: readonly Run[], scored: Scored): Run | null {
  if (!looksLikeListing(best, scored)) return best;
  const alt = bestRun(
    all.filter((r) => r.end < best.start || r.start > best.end),
    scored,
  );
  if (alt === null || alt.score < ALTERNATIVE_SHARE * best.score || looksLikeListing(alt, scored))
    return null;
  return alt;
}
