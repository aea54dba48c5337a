/**
 * The article's body: nodes the caller prepared for this document (src/clean/present.ts in the extension),
 * inserted as they are. The reader never sets HTML from a string, so no serialise→reparse step (where markup
 * could mutate) sits between the check and the overlay. With images off the nodes hold no image at all, so
 * turning them off in the settings stops their requests, not only their display.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ReaderBody } from './types.ts';

export function ArticleBody({ body, images }: { body: ReaderBody; images: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  // A layout effect fills the element before the browser paints, so the article shows in the overlay's first frame.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    element.replaceChildren(body(element.ownerDocument, { images }));
  }, [body, images]);
  return <div class="lectern-content" ref={ref} />;
}
