/**
 * A set of words written as one space-separated string: the tag and name tables are long, and the content
 * script then ships each word without quotes and a comma.
 */
export function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}
