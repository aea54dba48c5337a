/**
 * The reader's CSS goes in through a constructable stylesheet adopted by the shadow root: a page CSP with
 * `style-src 'none'` blocks <style> elements and style attributes but not adopted sheets, and the shadow
 * boundary keeps our selectors off the page and the page's selectors off us.
 */
/** A stylesheet adopted into a shadow root, and the function that takes it out again. */
export interface Adopted {
  sheet: CSSStyleSheet;
  remove(): void;
}

/**
 * Adopts a stylesheet into `root`. The CSS is the caller's: a chunk that adopts its own (the editor's) must not
 * bundle the reader's with this module.
 */
export function adoptStyles(root: ShadowRoot, css: string): Adopted {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return {
    sheet,
    remove() {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    },
  };
}

/** One sheet per stylesheet text kept on screen by keepAdopted. */
const kept = new Map<string, CSSStyleSheet>();

/**
 * Adopts `css` into `root` unless it is there already: for a chunk's look that must outlive each view, since
 * the overlay starts every view it shows from its own sheet alone (extension/content/overlay.ts clearView).
 */
export function keepAdopted(root: ShadowRoot, css: string): void {
  let sheet = kept.get(css);
  if (sheet === undefined) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    kept.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
