import { sanitizeHtml } from '../build/sanitize.ts';
import type { Article, ExportOptions } from '../types.ts';
import { headerDate, headerLine, headerUrl } from './header.ts';

/**
 * The article as HTML: for the clipboard's `text/html` flavour (a paste into a document keeps headings, links
 * and lists) and, wrapped by `toHtmlDocument`, for a saved `.html` file. The body is `article.content` through
 * DOMPurify (the last step before anything reaches a person); the header is built from plain strings, escaped
 * here.
 */
export function toHtml(article: Article, options: ExportOptions = {}): string {
  const body = sanitizeHtml(article.content.trim());
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

export interface HtmlDocumentOptions extends ExportOptions {
  /** The reader's stylesheet, so the saved file reads like the overlay; it must not load anything remote. */
  css?: string;
}

/**
 * A self-contained page: the article, its language and direction, and the reader's styles inline. Its CSP lets
 * it load images and nothing else: no script can run in the file, whatever a future bug let into the content.
 */
export function toHtmlDocument(article: Article, options: HtmlDocumentOptions = {}): string {
  const lang =
    article.lang !== null && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(article.lang) ? article.lang : '';
  const published = headerDate(article.published);
  const meta = [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
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
  return [
    '<!DOCTYPE html>',
    `<html${attributes}>`,
    `<head>${meta.join('')}</head>`,
    `<body><article class="lectern-article">${toHtml(article, options)}</article></body>`,
    '</html>',
    '',
  ].join('\n');
}

/** Images from anywhere, inline styles (ours); no scripts, frames, forms, fonts or connections. */
const CSP = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; form-action 'none'";

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}
