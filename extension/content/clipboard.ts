/** Writes text to the clipboard from the page, touching nothing outside our own shadow root. */

export async function writeClipboard(text: string, root: ShadowRoot): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied without focus or user activation on some pages: fall through to the legacy path.
    }
  }
  copyWithTextarea(text, root);
}

/** execCommand('copy') from a throwaway textarea inside the shadow root: plain http pages have no Clipboard API. */
function copyWithTextarea(text: string, root: ShadowRoot): void {
  const previous = root.activeElement;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none;';
  root.append(area);
  try {
    area.select();
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.remove();
    if (previous instanceof HTMLElement) previous.focus({ preventScroll: true });
  }
}
