import { createElementIn, ownerDocumentOf } from '../dom/access.ts';
import { readingStats } from '../metadata/reading.ts';
import type { ReaderArticle } from '../types.ts';
import { textOf } from './text.ts';

/**
 * The part of an article a person selected, as an article the exporters take like a whole one: same title,
 * byline and source (for the header), the selection's HTML, its own word count. `fragment` is a
 * copy of the selected nodes (`Range.cloneContents()` of a range inside the article's content).
 */
export function excerptOf(article: ReaderArticle, fragment: DocumentFragment): ReaderArticle {
  // The selection's document is the page's (the reader's shadow root lives in it): `<img name="createElement">`
  // there names an element, so the method is taken from the prototype (dom/access.ts).
  const box = createElementIn(ownerDocumentOf(fragment) as Document, 'div');
  box.append(fragment);
  const { words, minutes } = readingStats(textOf(box), article.lang);
  // Only the reader's fields: a whole Article's `text` would no longer be this part's.
  const { text: _whole, ...rest } = article as ReaderArticle & { text?: string };
  return { ...rest, content: box.innerHTML, wordCount: words, readingMinutes: minutes };
}
