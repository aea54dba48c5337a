/**
 * The page's visible text as `innerText` gives it, but over the flat tree. Chromium's `innerText` leaves out
 * what open shadow roots render ("<x-card>" with a shadow paragraph reads ""), so this runs in the page (pass
 * it to page.evaluate; it references nothing outside its body): it builds a copy of the body where each shadow
 * host holds its shadow tree and each slot what is assigned to it (or its fallback), lays the copy out in the
 * same page, reads its `innerText` and removes it. Elements that could run or load anything are not copied;
 * none of them shows text.
 */
export function renderedText(): string {
  const inert = new Set([
    'script',
    'style',
    'iframe',
    'frame',
    'object',
    'embed',
    'noscript',
    'template',
    'link',
  ]);
  const copy = (node: Node, into: Node): void => {
    if (node.nodeType === 3) {
      into.appendChild(document.createTextNode((node as Text).data));
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.localName;
    if (inert.has(tag)) return;
    let children: ArrayLike<Node> = el.childNodes;
    let out: Element;
    if (tag === 'slot' && el.getRootNode() !== document) {
      // A slot lays out as `display: contents` around what it shows.
      out = document.createElement('span');
      out.setAttribute('style', 'display: contents');
      const assigned = (el as HTMLSlotElement).assignedNodes();
      if (assigned.length > 0) children = assigned;
    } else {
      out = document.createElement(tag);
      for (const attr of Array.from(el.attributes)) out.setAttribute(attr.name, attr.value);
      if (el.shadowRoot) children = el.shadowRoot.childNodes;
    }
    for (const child of Array.from(children)) copy(child, out);
    into.appendChild(out);
  };
  const holder = document.createElement('div');
  for (const child of Array.from(document.body.childNodes)) copy(child, holder);
  document.body.appendChild(holder);
  const text = holder.innerText;
  holder.remove();
  return text;
}
