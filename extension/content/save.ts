/**
 * Saving the article as a file from the page: a Blob behind a temporary download link inside our shadow root.
 * No `downloads` permission: an `<a download>` click is a download the browser itself offers to the person.
 */

import type { SaveFormat } from '../shared/messages.ts';

export type { SaveFormat };

const TYPES: Record<SaveFormat, { extension: string; mime: string }> = {
  markdown: { extension: 'md', mime: 'text/markdown;charset=utf-8' },
  text: { extension: 'txt', mime: 'text/plain;charset=utf-8' },
  html: { extension: 'html', mime: 'text/html;charset=utf-8' },
};

/** A file name from the title: letters and digits of any script, dashes between, at most 80 characters. */
export function fileName(title: string, format: SaveFormat): string {
  const stem = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${stem || 'article'}.${TYPES[format].extension}`;
}

/** `root`: where the link lives for its click (our shadow root); null clicks it detached (from the popup). */
export function saveFile(
  contents: string,
  title: string,
  format: SaveFormat,
  root: ShadowRoot | null,
): string {
  const name = fileName(title, format);
  const url = URL.createObjectURL(new Blob([contents], { type: TYPES[format].mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  root?.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has its own reference to the blob once started; a minute covers a slow save dialog.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return name;
}
