/**
 * Where the Edit mode's bar is and what is around it, in viewport pixels, read in the overlay's shadow root by the
 * Chromium and the Firefox tests alike (`overlay.evaluate`). It runs in the page from its source text, so it
 * names nothing outside itself. Null while there is no Edit mode bar.
 */
export function editBarLayout(root: ShadowRoot) {
  type Box = { left: number; right: number; top: number; bottom: number };
  const rect = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  };
  const bar = root.querySelector('.l-fixbar-editing');
  const row = root.querySelector('.l-toolbar-inner');
  if (!bar || !row) return null;
  const top = bar.getBoundingClientRect().top;
  // The article's first block reaching below the bar's top: what the bar would cover, were it over the text.
  const text = Array.from(root.querySelectorAll('.l-content > *')).find(
    (el) => el.getBoundingClientRect().bottom > top,
  );
  const focused = root.activeElement;
  return {
    row: rect(row),
    bar: rect(bar),
    buttons: Array.from(bar.querySelectorAll('button')).map(rect),
    text: text ? rect(text) : null,
    /** The block focused in the article, if one is. */
    focused: focused?.matches('.l-content .l-editable') ? rect(focused) : null,
    width: innerWidth,
  };
}
