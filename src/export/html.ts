import { sanitizeHtml } from '../clean/sanitize.ts';
import type { ExportOptions, ReaderArticle } from '../types.ts';
import { headerDate, headerLine, headerUrl } from './header.ts';
import { parseInert } from './parse.ts';

/**
 * The article as HTML: for the clipboard's `text/html` flavour (a paste into a document keeps headings, links
 * and lists) and, wrapped by `toHtmlDocument`, for a saved `.html` file. The body is `article.content` through
 * DOMPurify (the last step before anything reaches a person); the header is built from plain strings, escaped
 * here.
 */
export function toHtml(article: ReaderArticle, options: ExportOptions = {}): string {
  return withHeader(article, options, sanitizeHtml(article.content.trim()));
}

/** `body` after the article's header (title, byline · site · date, source link), unless `header` is false. */
export function withHeader(article: ReaderArticle, options: ExportOptions, body: string): string {
  if (options.header === false) return body;
  const head: string[] = [];
  const title = oneLine(article.title);
  if (title !== '') head.push(`<h1>${escapeText(title)}</h1>`);
  const line = headerLine(article);
  if (line !== '') head.push(`<p><em>${escapeText(line)}</em></p>`);
  const url = headerUrl(article);
  if (url !== null) head.push(`<p><a href="${escapeAttribute(url)}">${escapeText(url)}</a></p>`);
  if (head.length === 0) return body;
  return `<header>${head.join('')}</header>${body}`;
}

/** An image of the article as a saved page holds it: inlined, or left out and why. */
export type ImageSource = { data: string; bytes: number } | { dropped: 'too-large' | 'unavailable' };

/**
 * The images of a saved page: by absolute `src` (imageSources), the ones the caller fetched and inlined or
 * left out; or 'none', to leave every image out.
 */
export type SavedImages = ReadonlyMap<string, ImageSource> | 'none';

export interface HtmlDocumentOptions extends ExportOptions {
  /** The reader's stylesheet, so the saved file reads like the overlay; it must not load anything remote. */
  css?: string;
  /** Default 'none': a saved page never refers to an image elsewhere (its CSP would refuse it anyway). */
  images?: SavedImages;
}

/** The absolute URLs of the article's images, each once, in order: what a saved page would inline. */
export function imageSources(article: ReaderArticle): string[] {
  if (article.content.trim() === '' || typeof document === 'undefined') return [];
  const sources = new Set<string>();
  for (const img of Array.from(parseInert(article.content).querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (/^https?:\/\//i.test(src)) sources.add(src);
  }
  return [...sources];
}

const DROPPED: Record<'too-large' | 'unavailable', string> = {
  'too-large': 'too large to keep in the file',
  unavailable: 'the site didn’t let it be copied',
};

/**
 * The article's HTML, sanitized (parseInert), with each image inlined or, where it wasn't, a visible note in
 * its place (an inline element, so it stands wherever an image could). With 'none', images go without a note
 * (the person chose that), and a figure left with nothing to show goes too; its caption stays when it has one.
 * Without a DOM to sanitize in, nothing (never the content unchecked).
 */
function withSavedImages(content: string, images: SavedImages): string {
  if (content === '' || typeof document === 'undefined') return '';
  const fragment = parseInert(content);
  // In the sanitizer's inert document, where nothing loads: in the page's, every <img> would be fetched.
  const inert = fragment.ownerDocument as Document;
  const container = inert.createElement('div');
  container.append(fragment);
  for (const img of Array.from(container.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (images === 'none') {
      img.remove();
      continue;
    }
    if (/^data:/i.test(src)) continue;
    const saved = images.get(src);
    if (saved !== undefined && 'data' in saved) {
      img.setAttribute('src', saved.data);
      continue;
    }
    const note = inert.createElement('span');
    note.className = 'lectern-note';
    const alt = (img.getAttribute('alt') ?? '').trim();
    const why = DROPPED[saved?.dropped ?? 'unavailable'];
    note.textContent = `[Image not saved: ${why}${alt === '' ? '' : `. It showed: ${alt}`}]`;
    img.replaceWith(note);
  }
  for (const figure of Array.from(container.querySelectorAll('figure'))) {
    if ((figure.textContent ?? '').trim() === '' && figure.querySelector('img') === null) figure.remove();
  }
  return container.innerHTML;
}

/**
 * A self-contained page: the article, its language and direction, and the reader's styles inline. Opening it
 * contacts nobody: its CSP allows inline styles and `data:` images only (no script, no frame, no font, no
 * connection, no other image), no `<base>` may change where links point, and a link followed from it sends no
 * referrer. Images are inlined by the caller (`images`), never left pointing at their site.
 */
export function toHtmlDocument(article: ReaderArticle, options: HtmlDocumentOptions = {}): string {
  const lang =
    article.lang !== null && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(article.lang) ? article.lang : '';
  const published = headerDate(article.published);
  const meta = [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="Lectern">',
    `<title>${escapeText(oneLine(article.title))}</title>`,
  ];
  const url = headerUrl(article);
  if (url !== null) meta.push(`<link rel="canonical" href="${escapeAttribute(url)}">`);
  if (article.byline !== null)
    meta.push(`<meta name="author" content="${escapeAttribute(oneLine(article.byline))}">`);
  if (published !== null) meta.push(`<meta name="date" content="${escapeAttribute(published)}">`);
  // `</style` can't occur in a stylesheet we ship, but a stray one would end the element early: neutralise it.
  const css = (options.css ?? '').replace(/<\/style/gi, '<\\/style');
  if (css !== '') meta.push(`<style>${css}</style>`);
  const attributes = `${lang !== '' ? ` lang="${lang}"` : ''} dir="${article.dir}"`;
  const body = withSavedImages(article.content.trim(), options.images ?? 'none');
  return [
    '<!DOCTYPE html>',
    `<html${attributes}>`,
    `<head>${meta.join('')}</head>`,
    `<body><article class="lectern-article">${withHeader(article, options, body)}</article></body>`,
    '</html>',
    '',
  ].join('\n');
}

/** Inline styles (ours) and `data:` images; nothing from anywhere else, no `<base>`, no form posts. */
const CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
