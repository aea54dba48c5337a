/**
 * Saving the article as an EPUB e-book, from the reader, the popup and the toolbar button's menu. The test
 * opens the downloaded zip and checks each part as an e-reader reads it: the `mimetype` entry, the container,
 * the package document's metadata and manifest, the navigation, the chapter and its images, every XML part
 * parsed by the browser's XML parser.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import { fixtureFile } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import { openReaderOn, openTab, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension();
/** EPUBCheck, the W3C's validator of EPUB files (Debian's package `epubcheck`; .ci/run installs it). */
const EPUBCHECK = '/usr/share/java/epubcheck.jar';
const FILE_NAME = 'Council-approves-the-bridge-budget.epub';

/** The download `start()` sets off, as the file's name and bytes. */
async function downloaded(
  page: Page,
  start: () => Promise<unknown>,
): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await start();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** Each XML part parsed by the browser: the parser's error text, or '' when the part is well-formed. */
function xmlErrors(page: Page, parts: Record<string, string>): Promise<Record<string, string>> {
  return page.evaluate((texts) => {
    const errors: Record<string, string> = {};
    for (const [name, text] of Object.entries(texts)) {
      const type = name.endsWith('.xhtml') ? 'application/xhtml+xml' : 'application/xml';
      const parsed = new DOMParser().parseFromString(text, type);
      errors[name] = parsed.getElementsByTagName('parsererror')[0]?.textContent ?? '';
    }
    return errors;
  }, parts);
}

test('Save as e-book gives an EPUB 3 whose every part an e-reader needs is there and well-formed', async () => {
  const { page, overlay } = await openReaderOn(extension, NEWS.url, NEWS.body);
  const before = new Date();
  const book = await downloaded(page, async () => {
    await overlay.click('More options');
    await overlay.click('Save as e-book (.epub)');
  });
  expect(book.name).toBe(FILE_NAME);
  await expect.poll(() => overlay.shows(`Saved ${FILE_NAME}`)).toBe(true);

  // The OCF rule readers sniff: the first entry is `mimetype`, stored (method 0), with no extra field.
  const bytes = book.bytes;
  expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
  expect(bytes.readUInt16LE(8)).toBe(0);
  expect(bytes.readUInt16LE(28)).toBe(0);
  expect(bytes.subarray(30, 30 + 8 + 20).toString('latin1')).toBe('mimetypeapplication/epub+zip');

  const files = unzipSync(new Uint8Array(bytes));
  const text = (name: string) => {
    const file = files[name];
    if (file === undefined)
      throw new Error(`the book has no ${name}; it has ${Object.keys(files).join(', ')}`);
    return new TextDecoder().decode(file);
  };
  const container = text('META-INF/container.xml');
  const opfPath = /full-path="([^"]+)"/.exec(container)?.[1] ?? '';
  expect(container).toContain('media-type="application/oebps-package+xml"');
  const opf = text(opfPath);
  const base = opfPath.slice(0, opfPath.lastIndexOf('/') + 1);

  // What the book is.
  expect(opf).toMatch(/<package [^>]*version="3\.0"[^>]*unique-identifier="book-id"/);
  expect(opf).toContain('<dc:identifier id="book-id">https://news.test/news-article/</dc:identifier>');
  expect(opf).toContain(`<dc:title>${NEWS.title}</dc:title>`);
  expect(opf).toContain('<dc:creator>Ana Pereira</dc:creator>');
  expect(opf).toContain('<dc:language>en-GB</dc:language>');
  expect(opf).toContain('<dc:date>2025-03-12</dc:date>');
  expect(opf).toContain('<dc:source>https://news.test/news-article/</dc:source>');
  const modified = /<meta property="dcterms:modified">(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)<\/meta>/.exec(
    opf,
  )?.[1];
  expect(Date.parse(modified ?? '')).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);

  // What it holds: every manifest item is in the zip, and every file of the book is in the manifest.
  const items = [...opf.matchAll(/<item id="([^"]+)" href="([^"]+)" media-type="([^"]+)"([^>]*)\/>/g)].map(
    ([, id, href, type, rest]) => ({ id, path: `${base}${href}`, type, rest }),
  );
  expect(items.map((item) => item.path).sort()).toEqual(
    Object.keys(files)
      .filter((name) => name !== 'mimetype' && !name.startsWith('META-INF/') && name !== opfPath)
      .sort(),
  );
  const nav = items.find((item) => (item.rest ?? '').includes('properties="nav"'));
  const spine = [...opf.matchAll(/<itemref idref="([^"]+)"\/>/g)].map(([, id]) => id);
  expect(spine).toHaveLength(1);
  const chapter = items.find((item) => item.id === spine[0]);
  expect(nav?.type).toBe('application/xhtml+xml');
  expect(chapter?.type).toBe('application/xhtml+xml');

  // Well-formed XML, each part, as an e-reader's parser requires (an HTML parser would forgive).
  const xmlParts = Object.fromEntries(
    [container, opf].map((part, i) => [i === 0 ? 'container.xml' : 'package.opf', part]),
  );
  for (const item of items.filter((entry) => entry.type === 'application/xhtml+xml'))
    xmlParts[item.path] = text(item.path);
  const errors = await xmlErrors(page, xmlParts);
  expect(Object.values(errors).filter((error) => error !== '')).toEqual([]);

  // The chapter: the article with its header, in its language, its headings where the navigation points.
  const article = text(chapter?.path ?? '');
  expect(article).toMatch(
    /<html xmlns="http:\/\/www\.w3\.org\/1999\/xhtml"[^>]* lang="en-GB" xml:lang="en-GB"/,
  );
  expect(article).toContain(`<h1>${NEWS.title}</h1>`);
  expect(article).toContain(NEWS.body);
  expect(article).not.toContain(NEWS.sidebar);
  expect(article).not.toMatch(/<script|\son\w+=|https:\/\/news\.test\/[^"]*\.svg/i);
  const navText = text(nav?.path ?? '');
  expect(navText).toContain('epub:type="toc"');
  const subheading = /<a href="([^"#]+)#([^"]+)">What the money buys<\/a>/.exec(navText);
  expect(subheading).not.toBeNull();
  expect(article).toMatch(new RegExp(`<h2 id="${subheading?.[2]}">What the money buys</h2>`));

  // The photo is a file of the book, the fixture's own bytes, and the chapter shows it from there.
  const image = items.find((item) => item.type === 'image/svg+xml');
  expect(image).toBeDefined();
  expect(Buffer.from(files[image?.path ?? ''] ?? [])).toEqual(
    readFileSync(path.join(path.dirname(fixtureFile('news-article', 'source.html')), 'old-mill-bridge.svg')),
  );
  expect(article).toContain(`src="${(image?.path ?? '').slice(base.length)}"`);

  // And the W3C's validator finds nothing wrong with it, not even a warning.
  const file = test.info().outputPath(FILE_NAME);
  writeFileSync(file, bytes);
  const report = (() => {
    try {
      return execFileSync('java', ['-jar', EPUBCHECK, file], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string; message: string };
      return `${failed.stdout ?? ''}${failed.stderr ?? failed.message}`;
    }
  })();
  expect(report).toContain('No errors or warnings detected');
});

test('the popup and the toolbar button’s menu save the same e-book, without opening the reader', async () => {
  const { page, tabId } = await openTab(extension, NEWS.url);
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  const fromPopup = await downloaded(page, () => popup.getByRole('button', { name: 'Save .epub' }).click());
  expect(fromPopup.name).toBe(FILE_NAME);
  await expect(popup.getByRole('status')).toHaveText(`Saved ${FILE_NAME}`);
  await popup.close();

  const fromMenu = await downloaded(page, () =>
    extension.worker.evaluate(
      (id) =>
        (
          globalThis as unknown as { lecternMenuItem(item: string, tab: number): Promise<void> }
        ).lecternMenuItem('save-epub', id),
      tabId,
    ),
  );
  expect(fromMenu.name).toBe(FILE_NAME);
  for (const book of [fromPopup, fromMenu]) {
    const files = unzipSync(new Uint8Array(book.bytes));
    const chapter = Object.entries(files).find(([name]) => name.endsWith('article.xhtml'))?.[1];
    expect(new TextDecoder().decode(chapter)).toContain(NEWS.body);
  }
  expect(await (await overlayOf(page)).find()).toBeNull();
});
