/**
 * The ways out of the reader, written once: every copy and save format with its labels, file type and MIME
 * type. The reader's toolbar and export menu, the popup, the toolbar button's context menu, the message checks
 * and the saving code all read these tables.
 */

/** `html` copies rich text: the clipboard gets `text/html` and the plain text together. */
export const COPY_FORMATS = ['text', 'markdown', 'html'] as const;
export type CopyFormat = (typeof COPY_FORMATS)[number];

/**
 * `html` inlines the article's images into the file; `html-no-images` leaves them out; `epub` is an e-book with
 * the images inside.
 */
export const SAVE_FORMATS = ['markdown', 'text', 'html', 'html-no-images', 'epub'] as const;
export type SaveFormat = (typeof SAVE_FORMATS)[number];

export interface CopyFormatInfo {
  /** The reader's button. */
  button: string;
  /** The popup's button, in its row under "Copy" (whose name it ends). */
  short: string;
  /** The button's tooltip in the reader. */
  tooltip: string;
  /** The context menu item. */
  menu: string;
  /** Ends the "Copied 1,234 words…" message. */
  done: string;
}

export const COPY: { readonly [F in CopyFormat]: CopyFormatInfo } = {
  text: {
    button: 'Copy text',
    short: 'Text',
    tooltip: 'Copy the article as plain text',
    menu: 'Copy article as text',
    done: '',
  },
  markdown: {
    button: 'Copy Markdown',
    short: 'Markdown',
    tooltip: 'Copy the article as Markdown',
    menu: 'Copy article as Markdown',
    done: ' as Markdown',
  },
  html: {
    button: 'Copy rich text',
    short: 'Rich text',
    tooltip: 'Copy the article as rich text, for documents and mail',
    menu: 'Copy article as rich text',
    done: ' as rich text',
  },
};

export interface SaveFormatInfo {
  /** The reader's export menu item, and the item under "Save article" in the context menu. */
  label: string;
  /** The popup's button, in its row under "Save" (whose name it ends). */
  short: string;
  extension: string;
  mime: string;
}

export const SAVE: { readonly [F in SaveFormat]: SaveFormatInfo } = {
  markdown: {
    label: 'Save as Markdown (.md)',
    short: '.md',
    extension: 'md',
    mime: 'text/markdown;charset=utf-8',
  },
  text: {
    label: 'Save as text (.txt)',
    short: '.txt',
    extension: 'txt',
    mime: 'text/plain;charset=utf-8',
  },
  html: {
    label: 'Save as web page (.html)',
    short: '.html',
    extension: 'html',
    mime: 'text/html;charset=utf-8',
  },
  'html-no-images': {
    label: 'Save as web page without images (.html)',
    short: '.html, no images',
    extension: 'html',
    mime: 'text/html;charset=utf-8',
  },
  epub: {
    label: 'Save as e-book (.epub)',
    short: '.epub',
    extension: 'epub',
    mime: 'application/epub+zip',
  },
};

export const isCopyFormat = (value: unknown): value is CopyFormat =>
  (COPY_FORMATS as readonly unknown[]).includes(value);

export const isSaveFormat = (value: unknown): value is SaveFormat =>
  (SAVE_FORMATS as readonly unknown[]).includes(value);
