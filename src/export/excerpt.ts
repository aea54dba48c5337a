import { createElementIn, ownerDocumentOf } from '../dom/access.ts';
import { readingStats } from '../metadata/reading.ts';
import type { Article } from '../types.ts';
import { textOf } from './text.ts';

/**
 * The part of an article a person selected, as an Article the exporters take like a whole one: same title,
 * byline and source (for the header), the selection's HTML and text, its own word count. `fragment` is a
 * copy of the selected nodes (`Range.cloneContents()` of a range inside the article's content).
 */
export function excerptOf(article: Article, fragment: DocumentFragment): Article {
  // The selection's document is the page's (the reader's shadow root lives in it): `<img name="createElement">`
  // there names an element, so the method is taken from the prototype (dom/access.ts).
  const box = createElementIn(ownerDocumentOf(fragment) as Document, 'div');
  box.append(fragment);
  const text = textOf(box);
  const { words, minutes } = readingStats(text, article.lang);
  return { ...article, content: box.innerHTML, text, wordCount: words, readingMinutes: minutes };
}
