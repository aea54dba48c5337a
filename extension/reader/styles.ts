/**
 * The reader's CSS goes in through a constructable stylesheet adopted by the shadow root: a page CSP with
 * `style-src 'none'` blocks <style> elements and style attributes but not adopted sheets, and the shadow
 * boundary keeps our selectors off the page and the page's selectors off us.
 */
/**
 * Adopts a stylesheet into `root` and returns the function that takes it out again. The CSS is the caller's:
 * a chunk that adopts its own (the editor's) must not bundle the reader's with this module.
 */
export function adoptStyles(root: ShadowRoot, css: string): () => void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  return () => {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
  };
}
