/** Whitespace handling shared by the stages. */

/**
 * The whitespace that collapsing to one space changes: a run of two or more, or one character that isn't a
 * plain space. Replacing every run (`/\s+/g`), single spaces between words included, gives the same string
 * but builds it from a piece per word: on a small page, more than half of what extract() would allocate.
 */
const SPACE_RUN = /\s{2,}|[^\S ]/g;

export function normalizeSpace(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

/** HTML's whitespace (space, tab, LF, CR, FF): what the CSS `white-space: normal` collapses, as SPACE_RUN. */
const HTML_SPACE_RUN = /[ \t\n\r\f]{2,}|[\t\n\r\f]/g;

/**
 * Soft hyphens (U+00AD): where a line may break, drawn only when it does. Copied text keeps none: they split
 * the words a person searches for ("Mit\u00ADtel\u00ADal\u00ADter"). The reader's HTML keeps them, to hyphenate.
 */
const SOFT_HYPHENS = /\u00AD/g;

export function withoutSoftHyphens(text: string): string {
  return text.includes('\u00AD') ? text.replace(SOFT_HYPHENS, '') : text;
}

/**
 * Elements whose text is not in the line a person reads: scripts, a formula's TeX source (MathML annotations),
 * and ruby's readings (`rt`, `rp`), drawn above the words they gloss ("子(こ)ども" reads "子ども").
 */
export function outOfLine(tag: string): boolean {
  return (
    tag === 'script' ||
    tag === 'style' ||
    tag === 'template' ||
    tag === 'rt' ||
    tag === 'rp' ||
    tag.startsWith('annotation')
  );
}

/** Runs of HTML whitespace collapsed to one space each, as a browser renders text outside `<pre>`. */
export function collapseHtmlSpace(text: string): string {
  return text.replace(HTML_SPACE_RUN, ' ');
}

/**
 * Characters that carry text: the length of the normalised text without spaces (space, tab, LF, CR, FF,
 * NBSP), counted in place: one native `indexOf` scan per kind of space, so the JavaScript runs once per space,
 * not once per character. The walk calls this on every text node of the page while a fresh tab's code still
 * runs unoptimised, where a character loop is several times slower than the scans; a regex replace would
 * build a new string from a piece per word for every text node.
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
