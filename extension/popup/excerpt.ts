/** The popup's excerpt: the first lines of the article's text, cut at a word. */

// 300 characters is a little over three lines of the popup's 340px column; the popup clamps to three lines.
const EXCERPT_CHARS = 300;

export function firstLines(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
