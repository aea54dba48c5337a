import { strToU8, type Zippable, zipSync } from 'fflate';
import type { ExportOptions, ReaderArticle } from '../types.ts';
import { headerDate, headerUrl } from './header.ts';
import { type SavedImages, withHeader } from './html.ts';
import { parseInert } from './parse.ts';

/**
 * The article as an EPUB 3 book: one XHTML chapter, its images inside the zip, a navigation document listing the
 * title and the article's headings, and a package document with the title, author, date and source URL. An
 * e-reader opens it without contacting anybody: every image is a file of the book or left out with a note.
 *
 * Layout (EPUB 3.3 Open Container Format): `mimetype` first and stored, `META-INF/container.xml` pointing at
 * `EPUB/package.opf`, and in `EPUB/` the chapter, `nav.xhtml`, `style.css` and `images/`.
 */
export interface EpubOptions extends ExportOptions {
  /** The book's stylesheet; it must load nothing. */
  css?: string;
  /** The article's images as a saved page holds them (`data:` URLs by absolute `src`); default 'none'. */
  images?: SavedImages;
  /** When the book was made: its `dcterms:modified`, which EPUB requires. */
  saved: Date;
  /** A unique identifier when the article has no URL to be one, e.g. `urn:uuid:…`. */
  identifier?: string;
  /** The contents' heading in the reader's language, and that language's tag; default English's. */
  contents?: { title: string; lang: string };
}

const XHTML = 'http://www.w3.org/1999/xhtml';
const OPS = 'http://www.idpf.org/2007/ops';
const MATHML = 'http://www.w3.org/1998/Math/MathML';
const ROOT = 'EPUB';
/**
 * The image types every EPUB 3 reading system must show (EPUB 3.3, core media types); any other would need a
 * fallback, so it is left out with a note as an image that couldn't be kept.
 */
const CORE_IMAGES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};
const LEFT_OUT: Record<'too-large' | 'unavailable' | 'format', string> = {
  'too-large': 'too large to keep in the book',
  unavailable: 'the site didn’t let it be copied',
  format: 'e-readers can’t show its format',
};
/** Headings the navigation lists: a long docs page has dozens, which an e-reader's contents shows as a list. */
const MAX_NAV_HEADINGS = 200;

interface BookImage {
  path: string;
  mime: string;
  bytes: Uint8Array;
}

interface NavEntry {
  id: string;
  text: string;
  level: number;
}

/** The EPUB file's bytes. Needs a DOM (the article is parsed and serialized as XHTML); without one, throws. */
export function toEpub(article: ReaderArticle, options: EpubOptions): Uint8Array<ArrayBuffer> {
  if (typeof document === 'undefined') throw new Error('an EPUB is made where a DOM is');
  const chapter = chapterDocument(article, options);
  const images = keepImages(chapter.body, options.images ?? 'none');
  const nav = navEntries(chapter.body);
  // EPUB asks a chapter with MathML to say so, so a reading system can prepare to render it.
  const mathml = chapter.body.getElementsByTagNameNS(MATHML, 'math').length > 0;
  const files: Zippable = {
    // First and stored, so a reader can tell the type from the zip's first bytes.
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(CONTAINER),
    [`${ROOT}/package.opf`]: strToU8(packageDocument(article, options, images, mathml)),
    [`${ROOT}/nav.xhtml`]: strToU8(navDocument(article, nav, options.contents)),
    [`${ROOT}/article.xhtml`]: strToU8(serialize(chapter.document)),
    [`${ROOT}/style.css`]: strToU8(options.css ?? ''),
  };
  for (const image of images) files[`${ROOT}/${image.path}`] = [image.bytes, { level: 0 }];
  // zipSync writes into a new ArrayBuffer (never a shared one), so the bytes can go into a Blob.
  return zipSync(files, { level: 6 }) as Uint8Array<ArrayBuffer>;
}

const CONTAINER = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">',
  `<rootfiles><rootfile full-path="${ROOT}/package.opf" media-type="application/oebps-package+xml"/></rootfiles>`,
  '</container>',
  '',
].join('\n');

/** The chapter: an XHTML document whose body is the article (sanitized) after its header. */
function chapterDocument(
  article: ReaderArticle,
  options: EpubOptions,
): { document: Document; body: Element } {
  const book = xhtmlDocument(article, oneLine(article.title) || 'Article');
  const body = book.documentElement.lastElementChild as Element;
  const section = book.createElementNS(XHTML, 'section');
  section.setAttributeNS(OPS, 'epub:type', 'chapter');
  // Parsed through the sanitizer (parseInert) into an inert document, then adopted into the book's.
  section.append(book.importNode(parseInert(withHeader(article, options, article.content.trim())), true));
  body.append(section);
  return { document: book, body: section };
}

/** An empty XHTML page of the book: language, direction, title and the stylesheet. */
function xhtmlDocument(article: ReaderArticle, title: string): Document {
  const book = document.implementation.createDocument(XHTML, 'html', null);
  const html = book.documentElement;
  html.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:epub', OPS);
  const lang = language(article);
  if (lang !== null) {
    html.setAttribute('lang', lang);
    html.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', lang);
  }
  html.setAttribute('dir', article.dir);
  const head = book.createElementNS(XHTML, 'head');
  const meta = book.createElementNS(XHTML, 'meta');
  meta.setAttribute('charset', 'utf-8');
  const titleElement = book.createElementNS(XHTML, 'title');
  titleElement.textContent = title;
  const style = book.createElementNS(XHTML, 'link');
  style.setAttribute('rel', 'stylesheet');
  style.setAttribute('href', 'style.css');
  head.append(meta, titleElement, style);
  html.append(head, book.createElementNS(XHTML, 'body'));
  return book;
}

/**
 * Each image becomes a file of the book, each source once; one that wasn't saved, or isn't a type every
 * e-reader shows, is replaced by a note saying so (as in a saved page). A figure left with nothing goes.
 */
function keepImages(root: Element, images: SavedImages): BookImage[] {
  const kept: BookImage[] = [];
  const bySource = new Map<string, string>();
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    if (images === 'none') {
      img.remove();
      continue;
    }
    const saved = /^data:/i.test(src) ? { data: src } : images.get(src);
    const decoded = saved !== undefined && 'data' in saved ? decodeDataUrl(saved.data) : null;
    const extension = decoded === null ? undefined : CORE_IMAGES[decoded.mime];
    if (decoded === null || extension === undefined) {
      const why =
        decoded !== null
          ? 'format'
          : saved !== undefined && 'dropped' in saved
            ? saved.dropped
            : 'unavailable';
      img.replaceWith(imageNote(img, LEFT_OUT[why]));
      continue;
    }
    let path = bySource.get(src);
    if (path === undefined) {
      path = `images/image-${kept.length + 1}.${extension}`;
      bySource.set(src, path);
      kept.push({ path, mime: decoded.mime, bytes: decoded.bytes });
    }
    img.setAttribute('src', path);
    // A responsive image's other sources point at the site; the book has one file.
    img.removeAttribute('srcset');
    img.removeAttribute('sizes');
    if (!img.hasAttribute('alt')) img.setAttribute('alt', '');
  }
  for (const figure of Array.from(root.querySelectorAll('figure'))) {
    if ((figure.textContent ?? '').trim() === '' && figure.querySelector('img') === null) figure.remove();
  }
  return kept;
}

function imageNote(img: Element, why: string): Element {
  const note = (img.ownerDocument as Document).createElementNS(XHTML, 'span');
  note.setAttribute('class', 'lectern-note');
  const alt = (img.getAttribute('alt') ?? '').trim();
  note.textContent = `[Image not saved: ${why}${alt === '' ? '' : `. It showed: ${alt}`}]`;
  return note;
}

/** A `data:` URL's type and bytes (base64 or percent-encoded), or null when it isn't one. */
function decodeDataUrl(url: string): { mime: string; bytes: Uint8Array } | null {
  const m = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(url);
  if (m === null) return null;
  const mime = (m[1] ?? '').trim().toLowerCase();
  const data = m[3] ?? '';
  try {
    if (/;base64/i.test(m[2] ?? '')) {
      const binary = atob(data.replace(/\s+/g, ''));
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return { mime, bytes };
    }
    return { mime, bytes: strToU8(decodeURIComponent(data)) };
  } catch {
    return null;
  }
}

/** The headings the navigation lists (h2–h4), each given an id in the chapter when it has none. */
function navEntries(root: Element): NavEntry[] {
  const entries: NavEntry[] = [];
  const ids = new Set(Array.from(root.querySelectorAll('[id]'), (element) => element.getAttribute('id')));
  for (const heading of Array.from(root.querySelectorAll('h2, h3, h4'))) {
    if (entries.length >= MAX_NAV_HEADINGS) break;
    // The header's title is the book's own first entry.
    if (heading.closest('header') !== null) continue;
    const text = oneLine(heading.textContent ?? '');
    if (text === '') continue;
    let id = heading.getAttribute('id') ?? '';
    if (!/^[A-Za-z][\w.-]*$/.test(id)) {
      id = `heading-${entries.length + 1}`;
      while (ids.has(id)) id = `${id}-`;
      heading.setAttribute('id', id);
      ids.add(id);
    }
    entries.push({ id, text, level: Number(heading.localName.slice(1)) });
  }
  return entries;
}

/**
 * The navigation document: the article, then its headings nested by level, as the `toc` nav EPUB requires.
 * A heading deeper than the one before nests one level down, however many levels it skips.
 */
function navDocument(
  article: ReaderArticle,
  entries: NavEntry[],
  contents = { title: 'Contents', lang: 'en' },
): string {
  const title = oneLine(article.title) || 'Article';
  const book = xhtmlDocument(article, title);
  const body = book.documentElement.lastElementChild as Element;
  const nav = book.createElementNS(XHTML, 'nav');
  nav.setAttributeNS(OPS, 'epub:type', 'toc');
  nav.setAttribute('id', 'toc');
  const heading = book.createElementNS(XHTML, 'h1');
  // The reader's word in the article's book: it says its own language, as both attributes XHTML reads.
  heading.textContent = contents.title;
  heading.setAttribute('lang', contents.lang);
  heading.setAttributeNS('http://www.w3.org/XML/1998/namespace', 'xml:lang', contents.lang);
  const list = book.createElementNS(XHTML, 'ol');
  const top = navItem(book, 'article.xhtml', title);
  list.append(top);
  const stack: { level: number; item: Element }[] = [{ level: 1, item: top }];
  for (const entry of entries) {
    while (stack.length > 1 && (stack.at(-1) as { level: number }).level >= entry.level) stack.pop();
    const parent = (stack.at(-1) as { item: Element }).item;
    let sublist = parent.lastElementChild?.localName === 'ol' ? parent.lastElementChild : null;
    if (sublist === null) {
      sublist = book.createElementNS(XHTML, 'ol');
      parent.append(sublist);
    }
    const item = navItem(book, `article.xhtml#${entry.id}`, entry.text);
    sublist.append(item);
    stack.push({ level: entry.level, item });
  }
  nav.append(heading, list);
  body.append(nav);
  return serialize(book);
}

function navItem(book: Document, href: string, text: string): Element {
  const item = book.createElementNS(XHTML, 'li');
  const link = book.createElementNS(XHTML, 'a');
  link.setAttribute('href', href);
  link.textContent = text;
  item.append(link);
  return item;
}

/** The package document: what the book is (Dublin Core metadata), what it holds, and its reading order. */
function packageDocument(
  article: ReaderArticle,
  options: EpubOptions,
  images: BookImage[],
  mathml: boolean,
): string {
  const url = headerUrl(article);
  const identifier = url ?? options.identifier ?? `urn:uuid:${crypto.randomUUID()}`;
  const published = headerDate(article.published);
  const metadata = [
    `<dc:identifier id="book-id">${escapeXml(identifier)}</dc:identifier>`,
    `<dc:title>${escapeXml(oneLine(article.title) || 'Article')}</dc:title>`,
    `<dc:language>${escapeXml(language(article) ?? 'und')}</dc:language>`,
  ];
  const author = oneLine(article.byline ?? '');
  if (author !== '') metadata.push(`<dc:creator>${escapeXml(author)}</dc:creator>`);
  const site = oneLine(article.siteName ?? '');
  if (site !== '') metadata.push(`<dc:publisher>${escapeXml(site)}</dc:publisher>`);
  // dc:date takes a W3C date; a date the page wrote some other way is left out rather than mislabelled.
  if (published !== null && /^\d{4}-\d{2}-\d{2}$/.test(published))
    metadata.push(`<dc:date>${published}</dc:date>`);
  if (url !== null) metadata.push(`<dc:source>${escapeXml(url)}</dc:source>`);
  metadata.push(`<meta property="dcterms:modified">${modified(options.saved)}</meta>`);
  const items = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    `<item id="article" href="article.xhtml" media-type="application/xhtml+xml"${mathml ? ' properties="mathml"' : ''}/>`,
    '<item id="style" href="style.css" media-type="text/css"/>',
    ...images.map(
      (image, index) => `<item id="image-${index + 1}" href="${image.path}" media-type="${image.mime}"/>`,
    ),
  ];
  const direction = article.dir === 'rtl' ? ' page-progression-direction="rtl"' : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id">',
    `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">${metadata.join('')}</metadata>`,
    `<manifest>${items.join('')}</manifest>`,
    `<spine${direction}><itemref idref="article"/></spine>`,
    '</package>',
    '',
  ].join('\n');
}

/** `dcterms:modified` must be UTC to the second: CCYY-MM-DDThh:mm:ssZ. */
function modified(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function language(article: ReaderArticle): string | null {
  return article.lang !== null && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(article.lang)
    ? article.lang
    : null;
}

/**
 * A document as XML text. XMLSerializer keeps it well-formed, except for characters XML 1.0 forbids, which
 * HTML parsing lets through (a stray control character in the page's text): those are dropped.
 */
function serialize(book: Document): string {
  const text = new XMLSerializer().serializeToString(book);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML forbids.
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n${clean}\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
