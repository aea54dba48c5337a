/**
 * Saving the article as a file from the page: a Blob behind a download link the content script clicks.
 * No `downloads` permission: an `<a download>` click is a download the browser itself offers to the person.
 * The link is never put into the page, nor into our shadow root: a click on a connected element travels
 * through the page's window in the capture phase, where a page listener could cancel it; a detached link's
 * click reaches no listener but its own.
 */
import { SAVE, type SaveFormat } from '../shared/formats.ts';

/** A file name from the title: letters and digits of any script, dashes between, at most 80 characters. */
export function fileName(title: string, format: SaveFormat): string {
  const stem = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${stem || 'article'}.${SAVE[format].extension}`;
}

/** Downloads `contents` as a file named for `title`; returns the name. */
export function downloadFile(
  contents: string | Uint8Array<ArrayBuffer>,
  title: string,
  format: SaveFormat,
): string {
  const name = fileName(title, format);
  const url = URL.createObjectURL(new Blob([contents], { type: SAVE[format].mime }));
  const link = document.createElementNS('http://www.w3.org/1999/xhtml', 'a') as HTMLAnchorElement;
  link.href = url;
  link.download = name;
  try {
    link.click();
  } finally {
    // The download has its own reference to the blob once started; a minute covers a slow save dialog.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
