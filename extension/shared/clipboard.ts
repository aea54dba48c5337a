/**
 * Writes to the clipboard from the page (the content script) or from the popup, touching nothing in a page
 * outside our own shadow root.
 */

export interface ClipboardData {
  text: string;
  /** Rich text: pasted into a document it keeps headings, links and lists. */
  html?: string | null;
}

/** `root`: our shadow root, for the fallback's selection; null without an overlay (the context menu, the popup). */
export async function writeClipboard(data: ClipboardData, root: ShadowRoot | null): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      if (data.html) {
        // Both flavours in one item: an editor takes the HTML, a plain text field the text.
        await navigator.clipboard.write([
          new ClipboardItem({
            'text/html': new Blob([data.html], { type: 'text/html' }),
            'text/plain': new Blob([data.text], { type: 'text/plain' }),
          }),
        ]);
      } else {
        await navigator.clipboard.writeText(data.text);
      }
      return;
    } catch {
      // Denied without focus or user activation on some pages: fall through to the legacy path.
    }
  }
  if (root) copyWithCommand(data, root);
  else copyWithoutSelection(data);
}

/**
 * With no overlay there is nothing of ours to select, and the page must not gain an element: the copy event
 * of `execCommand('copy')` fires on the document anyway, and our capturing listener fills it before any of
 * the page's listeners see it (the clipboardWrite permission lets a content script run the command).
 */
function copyWithoutSelection(data: ClipboardData): void {
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', data.text);
    if (data.html) event.clipboardData.setData('text/html', data.html);
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  window.addEventListener('copy', onCopy, true);
  try {
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    window.removeEventListener('copy', onCopy, true);
  }
}

/**
 * execCommand('copy') with our own data set in the copy event (plain http pages have no Clipboard API). The
 * command needs a selection to fire on: a throwaway textarea inside the shadow root, focus given back after.
 */
function copyWithCommand(data: ClipboardData, root: ShadowRoot): void {
  const previous = root.activeElement;
  const area = document.createElement('textarea');
  area.value = data.text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none;';
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', data.text);
    if (data.html) event.clipboardData.setData('text/html', data.html);
    event.preventDefault();
  };
  root.append(area);
  area.addEventListener('copy', onCopy);
  try {
    area.select();
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.removeEventListener('copy', onCopy);
    area.remove();
    if (previous instanceof HTMLElement) previous.focus({ preventScroll: true });
  }
}
