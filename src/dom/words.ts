/**
 * A set of words written as one space-separated string: the tag and name tables are long, and the content
 * script then ships each word without quotes and a comma (−137 B zlib over all the tables; docs/extraction.md,
 * "Issue 20, session 10").
 */
export function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}
