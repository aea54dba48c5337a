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
 * NBSP). Counted in place. `text.replace(/[ \t\n\r\f\u00a0]+/g, '').length` was chosen once because an
 * interpreted loop runs 5x slower than the native regex, but it built a new string from a piece per word for
 * every text node, a sixth of what extract() allocated on a news page; without that garbage the bench's
 * fixture calls were faster (interleaved A/B, 180 page pairs each way: 0.93x and 1/1.08x).
 */
export function visibleLength(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13 && c !== 11) || c === 160) n--;
  }
  return n;
}
