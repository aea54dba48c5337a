/**
 * The page as rendered: the flat tree (DOM Standard, "shadow-including" and CSS Scoping's flattened element
 * tree), extended into same-origin frames. A host with an open shadow root renders its shadow tree, not its
 * children; a `<slot>` there renders the host's children assigned to it (or its own fallback content when none
 * are); a readable `<iframe>` renders its document's body in its place. Closed shadow roots and cross-origin
 * frames cannot be read from a page script or a content script, so they stay what they are: opaque boxes.
 *
 * Both walks (segments, build/copy.ts) keep their fast path over firstChild/nextSibling and only take a list
 * from here where the flat tree differs from the DOM.
 */

/** The children an element renders, when they are not its DOM children; null: walk its DOM children. */
export function flatChildren(el: Element): readonly Node[] | null {
  const shadow = el.shadowRoot;
  if (shadow) return Array.from(shadow.childNodes);
  const tag = el.localName;
  if (tag === 'slot') {
    // assignedNodes() is empty for a slot outside any shadow tree and for one nothing is assigned to:
    // both render their own children.
    const assigned = (el as HTMLSlotElement).assignedNodes?.() ?? [];
    return assigned.length > 0 ? assigned : null;
  }
  if (tag === 'iframe' || tag === 'frame') {
    const body = frameBody(el);
    return body === null ? null : [body];
  }
  return null;
}

/**
 * The body (or frameset: `document.body` returns either) of a same-origin frame, or null: cross-origin
 * (`contentDocument` is null), or a frame without a document yet.
 */
export function frameBody(el: Element): HTMLElement | null {
  try {
    return (el as HTMLIFrameElement).contentDocument?.body ?? null;
  } catch {
    // Some engines throw a SecurityError instead of returning null for a cross-origin frame.
    return null;
  }
}

/**
 * The parent in the flat tree: a slotted node's slot, a shadow root's host, a frame body's frame element
 * (through `<html>`: `body → html → iframe`). Null at the top, or where the parent is out of reach.
 */
export function flatParent(node: Node): Node | null {
  const slot = (node as Element | Text).assignedSlot;
  if (slot) return slot;
  const parent = node.parentNode;
  if (parent === null) return null;
  if (parent.nodeType === 11) return (parent as ShadowRoot).host ?? null;
  if (parent.nodeType === 9) {
    try {
      return (parent as Document).defaultView?.frameElement ?? null;
    } catch {
      return null;
    }
  }
  return parent;
}

/** Whether `node` is `ancestor` or under it in the flat tree (Node.contains stops at shadow and frame edges). */
export function flatContains(ancestor: Node, node: Node): boolean {
  if (ancestor.contains(node)) return true;
  for (let n: Node | null = flatParent(node); n !== null; n = flatParent(n)) {
    if (n === ancestor) return true;
  }
  return false;
}

/** The nearest flat-tree ancestor that is an element. */
export function flatParentElement(node: Node): Element | null {
  for (let n = flatParent(node); n !== null; n = flatParent(n)) if (n.nodeType === 1) return n as Element;
  return null;
}
