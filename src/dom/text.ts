/** Whitespace handling shared by the stages. */

const SPACE_RUN = /\s+/g;

export function normalizeSpace(text: string): string {
  return text.replace(SPACE_RUN, ' ').trim();
}

/** Characters that carry text: the length of the normalised text without spaces. */
export function visibleLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // space, tab, LF, CR, FF, NBSP
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 160) n++;
  }
  return n;
}
