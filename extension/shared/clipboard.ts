/**
 * Writes to the clipboard from an extension document: the popup, Chromium's offscreen document, Firefox's
 * background page. Never from a web page: there, `execCommand('copy')` fires a `copy` event the page's own
 * listeners see first and may rewrite, and the page's permissions policy may refuse the Clipboard API. The
 * content script hands its copies to the background instead (`background:clipboard`).
 */

import { t } from './i18n.ts';
import type { ClipboardData } from './messages.ts';

export async function writeClipboard(data: ClipboardData): Promise<void> {
  if (navigator.clipboard) {
    try {
      if (data.html !== null) {
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
      // Chromium refuses the Clipboard API to a document without focus (an offscreen document never has it).
    }
  }
  copyWithCommand(data);
}

/**
 * `execCommand('copy')` in our own document, with our data set in its copy event. The command needs a
 * selection to fire on: a throwaway textarea, selected, then removed.
 */
function copyWithCommand(data: ClipboardData): void {
  const area = document.createElement('textarea');
  area.value = data.text;
  area.setAttribute('readonly', '');
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', data.text);
    if (data.html !== null) event.clipboardData.setData('text/html', data.html);
    event.preventDefault();
  };
  document.body.append(area);
  document.addEventListener('copy', onCopy);
  try {
    area.select();
    if (!document.execCommand('copy')) throw new Error(t('clipboardRefused'));
  } finally {
    document.removeEventListener('copy', onCopy);
    area.remove();
  }
}
