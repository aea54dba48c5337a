/** Whitespace handling shared by the stages. */

/**
 * The whitespace that collapsing to one space changes: a run of two or more, or one character that isn't a
 * plain space. Replacing every run (`/\s+/g`), single spaces between words included, gives the same string
 * but builds it from a piece per word: on a small page those pieces were 58% of what extract() allocated
 * (85 KB a call, six times Readability's), enough to bring a garbage collection into the bench's timed calls.
 */
const SPACE_RUN = /\s{2,}|[^\S ]/g;

export function normalizeSpace(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

/** HTML's whitespace (space, tab, LF, CR, FF): what the CSS `white-space: normal` collapses, as SPACE_RUN. */
const HTML_SPACE_RUN = /[ \t\n\r\f]{2,}|[\t\n\r\f]/g;

/** Runs of HTML whitespace collapsed to one space each, as a browser renders text outside `<pre>`. */
export function collapseHtmlSpace(text: string): string {
  return text.replace(HTML_SPACE_RUN, ' ');
}

/**
 * Characters that carry text: the length of the normalised text without spaces (space, tab, LF, CR, FF,
 * NBSP), counted in place: one native `indexOf` scan per kind of space, so the JavaScript runs once per space,
 * not once per character. The walk calls this on every text node of the page, and the first calls in a tab
 * run mostly unoptimised: over 6,000 characters of a fixture page (Node) a character loop took 440–600 µs
 * interpreted against 80–115 µs for the scans, and 57–70 against 35–39 µs optimised. In the bench's setting
 * one paired A/B of 8 rounds put a fixture page's extraction at 0.88× (docs/extraction.md), near that
 * harness's ±10 % resolution, so the Node figures are the firmer reason. The native regex
 * `text.replace(/[ \t\n\r\f\u00a0]+/g, '').length`, fast too, built a new string from a piece per word for
 * every text node, a sixth of what extract() allocated on a news page.
 */
export function visibleLength(text: string): number {
  return (
    text.length -
    occurrences(text, ' ') -
    occurrences(text, '\n') -
    occurrences(text, '\t') -
    occurrences(text, '\u00a0') -
    occurrences(text, '\r') -
    occurrences(text, '\f')
  );
}

function occurrences(text: string, char: string): number {
  let n = 0;
  for (let i = text.indexOf(char); i !== -1; i = text.indexOf(char, i + 1)) n++;
  return n;
}
