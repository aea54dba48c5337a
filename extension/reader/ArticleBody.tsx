/**
 * The article's HTML, inserted as nodes DOMPurify made for this very document (src/build/sanitize.ts) right
 * before insertion: the extractor already sanitized `content`, but the reader does not trust a string it did
 * not parse, and a sanitized fragment leaves no serialise→reparse step in which markup could mutate.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import { sanitizeFragment } from '../../src/index.ts';

export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // A layout effect fills the element before the browser paints, so the article shows in the overlay's first frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    element.replaceChildren(sanitizeFragment(html, element.ownerDocument));
  }, [html]);
  return <div class="lectern-content" ref={ref} />;
}
