/**
 * The article's text a person sees marked by read aloud: every character of the reader's article whose box's
 * middle lies inside one of the marks of `kind` ('sentence' or 'word'), its whitespace collapsed. Runs in the
 * page, so it is self-contained; `from` is the reader's host (its root open) or its shadow root.
 */
export function markedText(from: Element | ShadowRoot, kind: 'sentence' | 'word'): string {
  const root = from instanceof Element ? from.shadowRoot : from;
  const article = root?.querySelector('.l-article');
  if (!root || !article) return '';
  const marks = [...root.querySelectorAll(`.l-mark-${kind}`)].map((mark) => mark.getBoundingClientRect());
  const doc = article.ownerDocument;
  // Through the prototype: a test page may shadow the document's own methods with named elements.
  const walker = Document.prototype.createTreeWalker.call(doc, article, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = (node as Text).data;
    for (let offset = 0; offset < data.length; offset += 1) {
      const range = Document.prototype.createRange.call(doc);
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const box = range.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      if (marks.some((mark) => x >= mark.left && x <= mark.right && y >= mark.top && y <= mark.bottom))
        text += data.charAt(offset);
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}
