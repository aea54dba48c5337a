/**
 * The page as rendered: the flat tree (DOM Standard, "shadow-including" and CSS Scoping's flattened element
 * tree), extended into same-origin frames. A host with an open shadow root renders its shadow tree, not its
 * children; a `<slot>` there renders the host's children assigned to it (or its own fallback content when none
 * are); a readable `<iframe>` renders its document's body in its place. Closed shadow roots and cross-origin
 * frames cannot be read from a page script or a content script, so they stay what they are: opaque boxes.
 *
 * Both walks (segments, clean/copy.ts) keep their fast path over firstChild/nextSibling and only take a list
 * from here where the flat tree differs from the DOM. Every read goes through dom/access.ts: a form control
 * named `parentNode` would otherwise send the parent chain back down into the form, without end.
 */
import {
  assignedNodesOf,
  assignedSlotOf,
  bodyOf,
  childNodesOf,
  containsNode,
  defaultViewOf,
  frameDocumentOf,
  hostOf,
  localNameOf,
  nodeTypeOf,
  parentOf,
  shadowRootOf,
} from './access.ts';
import { MAX_ANCESTORS } from './limits.ts';

/**
 * The children an element renders, when they are not its DOM children; null: walk its DOM children. `tag`:
 * the element's local name, when the caller has read it already.
 */
export function flatChildren(el: Element, tag = localNameOf(el)): readonly Node[] | null {
  const shadow = shadowRootOf(el);
  if (shadow) return Array.from(childNodesOf(shadow));
  if (tag === 'slot') {
    // assignedNodes() is empty for a slot outside any shadow tree and for one nothing is assigned to:
    // both render their own children.
    const assigned = assignedNodesOf(el);
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
    const doc = frameDocumentOf(el);
    return doc === null ? null : bodyOf(doc);
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
  const slot = assignedSlotOf(node);
  if (slot) return slot;
  const parent = parentOf(node);
  if (parent === null) return null;
  const type = nodeTypeOf(parent);
  if (type === 11) return hostOf(parent as DocumentFragment);
  if (type === 9) {
    try {
      // `frameElement` is the window's own property: no named element shadows it.
      return defaultViewOf(parent as Document)?.frameElement ?? null;
    } catch {
      return null;
    }
  }
  return parent;
}

/** Whether `node` is `ancestor` or under it in the flat tree (Node.contains stops at shadow and frame edges). */
export function flatContains(ancestor: Node, node: Node): boolean {
  if (containsNode(ancestor, node)) return true;
  let n = flatParent(node);
  for (let steps = 0; n !== null && steps < MAX_ANCESTORS; steps++) {
    if (n === ancestor) return true;
    n = flatParent(n);
  }
  return false;
}

/** The nearest flat-tree ancestor that is an element. */
export function flatParentElement(node: Node): Element | null {
  let n = flatParent(node);
  for (let steps = 0; n !== null && steps < MAX_ANCESTORS; steps++) {
    if (nodeTypeOf(n) === 1) return n as Element;
    n = flatParent(n);
  }
  return null;
}
