/**
 * A set of words written as one space-separated string: the tag and name tables are long, and the content
 * script ships each word once, not as a quoted array item (−57 B zlib on the tag tables alone, issue 20,
 * session 10).
 */
export function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}
