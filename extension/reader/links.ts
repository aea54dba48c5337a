/**
 * In-article fragment links (footnotes, tables of contents). Their href is absolute and points at the page
 * underneath, so following it would scroll the hidden page instead of the article. A plain click on such a
 * link scrolls to the target inside the overlay instead; every other link keeps the browser's behaviour
 * (same tab on click, new tab on ctrl/cmd/shift/middle click), so no other link is touched.
 */
export function followFragmentLink(event: MouseEvent, articleUrl: string): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : null;
  const link = target?.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || !link.hash) return;
  if (withoutHash(link.href) !== withoutHash(articleUrl)) return;
  const root = link.getRootNode();
  if (!(root instanceof ShadowRoot)) return;
  const id = decodeHash(link.hash);
  const destination = root.getElementById(id) ?? root.querySelector(`[name="${CSS.escape(id)}"]`);
  if (!destination) return;
  event.preventDefault();
  destination.scrollIntoView({ block: 'start' });
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
