/**
 * The text read aloud, cut the way a listener hears it: a block's text with its whitespace collapsed (what the
 * voice is given), mapped back to the text nodes it came from, cut into sentences in the article's language
 * (Intl.Segmenter, as Chromium's reading mode does), and the word a voice's `boundary` event points at. Pure:
 * strings and numbers in, spans out, so it is unit-tested in Node (sentences.test.ts).
 */

/** Characters `start` to `end` (exclusive) of a spoken text. */
export interface Span {
  start: number;
  end: number;
}

/** Where a character of the spoken text is in the pieces (text nodes) it was made of. */
export interface Place {
  piece: number;
  offset: number;
}

export interface Collapsed {
  /** The pieces joined, each run of whitespace one space, trimmed: what the voice reads. */
  text: string;
  /** For each character of `text`, where it came from. */
  places: readonly Place[];
}

const SPACE = /\s/;

/** Joins `pieces` as one text with its whitespace collapsed, remembering where each character came from. */
export function collapseWhitespace(pieces: readonly string[]): Collapsed {
  let text = '';
  const places: Place[] = [];
  let pendingSpace: Place | null = null;
  pieces.forEach((piece, index) => {
    for (let offset = 0; offset < piece.length; offset += 1) {
      const char = piece.charAt(offset);
      if (SPACE.test(char)) {
        // A run of whitespace is one space, placed at its first character; none before the first word.
        if (pendingSpace === null && text !== '') pendingSpace = { piece: index, offset };
        continue;
      }
      if (pendingSpace !== null) {
        text += ' ';
        places.push(pendingSpace);
        pendingSpace = null;
      }
      text += char;
      places.push({ piece: index, offset });
    }
  });
  return { text, places };
}

/** A segmenter for `lang`, or for the browser's own language when the tag is missing or not one it knows. */
function segmenter(lang: string | null, granularity: 'sentence' | 'word'): Intl.Segmenter | null {
  if (typeof Intl.Segmenter !== 'function') return null;
  try {
    return new Intl.Segmenter(lang ?? undefined, { granularity });
  } catch {
    return new Intl.Segmenter(undefined, { granularity });
  }
}

/** `span` without the whitespace at its ends; null when nothing else is left. */
function trimmed(text: string, start: number, end: number): Span | null {
  let from = start;
  let to = end;
  while (from < to && SPACE.test(text.charAt(from))) from += 1;
  while (to > from && SPACE.test(text.charAt(to - 1))) to -= 1;
  return from < to ? { start: from, end: to } : null;
}

/**
 * The sentences of `text` in the language `lang`, in order, without the spaces between them; the whole text as
 * one sentence where the browser has no Intl.Segmenter.
 */
export function sentenceSpans(text: string, lang: string | null): Span[] {
  const cutter = segmenter(lang, 'sentence');
  const spans: Span[] = [];
  const segments = cutter ? cutter.segment(text) : [{ index: 0, segment: text }];
  for (const { index, segment } of segments) {
    const span = trimmed(text, index, index + segment.length);
    if (span) spans.push(span);
  }
  return spans;
}

/**
 * The word a `boundary` event names in `text`: `length` characters from `index` when the voice gave a length
 * (Chromium does, Firefox mostly not), else the word that starts there. Null past the end.
 */
export function wordSpan(
  text: string,
  index: number,
  length: number | undefined,
  lang: string | null,
): Span | null {
  if (!Number.isInteger(index) || index < 0 || index >= text.length) return null;
  if (length !== undefined && Number.isInteger(length) && length > 0)
    return trimmed(text, index, Math.min(text.length, index + length));
  const cutter = segmenter(lang, 'word');
  if (cutter) {
    const segment = cutter.segment(text).containing(index);
    if (segment) return trimmed(text, index, segment.index + segment.segment.length);
  }
  const match = /^\S+/.exec(text.slice(index));
  return match ? { start: index, end: index + match[0].length } : null;
}

/** A box on the screen, as getClientRects gives it. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The boxes of a range's client rects joined line by line: a range's rects hold one per text node on each line
 * and the border box of each element it holds whole (a link, an <em>), which would overlap and tint twice.
 */
export function lineBoxes(rects: readonly Box[]): Box[] {
  const lines: Box[] = [];
  for (const rect of rects) {
    if (rect.right - rect.left <= 0 || rect.bottom - rect.top <= 0) continue;
    const line = lines.find((box) => sameLine(box, rect));
    if (!line) {
      // Copied field by field: a DOMRect's fields are getters of its prototype, which a spread leaves behind.
      lines.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
      continue;
    }
    line.left = Math.min(line.left, rect.left);
    line.right = Math.max(line.right, rect.right);
    line.top = Math.min(line.top, rect.top);
    line.bottom = Math.max(line.bottom, rect.bottom);
  }
  return lines;
}

/** Two boxes are on one line when each one's vertical middle lies within the other. */
function sameLine(a: Box, b: Box): boolean {
  const middleA = (a.top + a.bottom) / 2;
  const middleB = (b.top + b.bottom) / 2;
  return middleA >= b.top && middleA <= b.bottom && middleB >= a.top && middleB <= a.bottom;
}
