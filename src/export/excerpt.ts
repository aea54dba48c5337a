import { readingStats } from '../metadata/reading.ts';
import type { Article } from '../types.ts';
import { textOf } from './text.ts';

/**
 * The part of an article a person selected, as an Article the exporters take like a whole one: same title,
 * byline and source (for the header), the selection's HTML and text, its own word count. `fragment` is a
 * copy of the selected nodes (`Range.cloneContents()` of a range inside the article's content).
 */
export function excerptOf(article: Article, fragment: DocumentFragment): Article {
  const box = fragment.ownerDocument.createElement('div');
  box.append(fragment);
  const text = textOf(box);
  const { words, minutes } = readingStats(text, article.lang);
  return { ...article, content: box.innerHTML, text, wordCount: words, readingMinutes: minutes };
}
