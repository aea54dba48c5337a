/**
 * What the reader adds to the article's body as it shows it: a code block's frame and its Copy code button, and
 * the highlighter's tokens inside a block's code (code.ts). The tools pair the body's elements with the copy
 * walk's one by one (extension/content/editor.ts, place.ts), and a person's selection is copied as the
 * article's, so both read the body without them.
 */

/** On an element the reader added around or beside the article's own (a code block's frame, its button). */
export const ADDED = 'data-l-added';

/** On an element of the article whose children the reader replaced by the highlighter's tokens. */
export const TOKENS = 'data-l-tokens';

/** The article's own elements in the body as shown, in document order. */
export function articleElements(content: ParentNode): Element[] {
  return Array.from(content.querySelectorAll(`:not([${ADDED}], [${TOKENS}] *)`));
}

/**
 * A copy of shown nodes (a selection's) as the article holds them: buttons gone, frames unwrapped, tokens back
 * to the one text they spell.
 */
export function withoutAdded(fragment: DocumentFragment): DocumentFragment {
  for (const el of Array.from(fragment.querySelectorAll(`[${ADDED}]`))) {
    if (el.localName === 'button') el.remove();
    else el.replaceWith(...Array.from(el.childNodes));
  }
  for (const el of Array.from(fragment.querySelectorAll(`[${TOKENS}]`))) {
    el.replaceChildren(el.textContent ?? '');
    el.removeAttribute(TOKENS);
  }
  return fragment;
}
