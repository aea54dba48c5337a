/**
 * The ways out of the reader, written once: every copy and save format with its labels, file type and MIME
 * type. The reader's toolbar and export menu, the popup, the toolbar button's context menu, the message checks
 * and the saving code all read these tables. Their words are the person's language's (i18n.ts), looked up once.
 */
import { type PluralName, t } from './i18n.ts';

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
  /** The counted messages after a copy of the article ("Copied 1,234 words…") and of a selection. */
  copied: PluralName;
  copiedSelection: PluralName;
}

export const COPY: { readonly [F in CopyFormat]: CopyFormatInfo } = {
  text: {
    button: t('copyTextButton'),
    short: t('copyTextShort'),
    tooltip: t('copyTextTooltip'),
    menu: t('copyTextMenu'),
    copied: 'copiedText',
    copiedSelection: 'copiedSelectionText',
  },
  markdown: {
    button: t('copyMarkdownButton'),
    short: t('copyMarkdownShort'),
    tooltip: t('copyMarkdownTooltip'),
    menu: t('copyMarkdownMenu'),
    copied: 'copiedMarkdown',
    copiedSelection: 'copiedSelectionMarkdown',
  },
  html: {
    button: t('copyHtmlButton'),
    short: t('copyHtmlShort'),
    tooltip: t('copyHtmlTooltip'),
    menu: t('copyHtmlMenu'),
    copied: 'copiedHtml',
    copiedSelection: 'copiedSelectionHtml',
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
    label: t('saveMarkdownLabel'),
    short: '.md',
    extension: 'md',
    mime: 'text/markdown;charset=utf-8',
  },
  text: {
    label: t('saveTextLabel'),
    short: '.txt',
    extension: 'txt',
    mime: 'text/plain;charset=utf-8',
  },
  html: {
    label: t('saveHtmlLabel'),
    short: '.html',
    extension: 'html',
    mime: 'text/html;charset=utf-8',
  },
  'html-no-images': {
    label: t('saveHtmlNoImagesLabel'),
    short: t('saveHtmlNoImagesShort'),
    extension: 'html',
    mime: 'text/html;charset=utf-8',
  },
  epub: {
    label: t('saveEpubLabel'),
    short: '.epub',
    extension: 'epub',
    mime: 'application/epub+zip',
  },
};

export const isCopyFormat = (value: unknown): value is CopyFormat =>
  (COPY_FORMATS as readonly unknown[]).includes(value);

export const isSaveFormat = (value: unknown): value is SaveFormat =>
  (SAVE_FORMATS as readonly unknown[]).includes(value);
