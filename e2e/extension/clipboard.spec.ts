/**
 * No copy goes through the page (docs/security.md, rule 2). The news article, served with a permissions policy that refuses
 * the Clipboard API to the page (as a site may) and a `copy` listener that rewrites whatever is copied (as a
 * hostile one would). A copy made through the page (the Clipboard API in the content script, or
 * `execCommand('copy')` there, whose copy event the page's listener sees first) ends up refused or rewritten;
 * Lectern's copies are written by the extension, so after each of Copy text, Copy Markdown and Copy rich text,
 * from the reader, from the popup and from the toolbar button's menu, the clipboard holds the article.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { fixtureFile } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openReaderFromPopup, openTab } from './harness.ts';
import { NEWS } from './pages.ts';

let extension: Extension;

const HIJACK_URL = 'https://news.test/copy-hijack/';
const READER_URL = 'https://news.test/clipboard-reader/';
const HIJACKED = 'HIJACKED BY THE PAGE';

const HIJACK = `<script>
  for (const target of [window, document]) {
    target.addEventListener('copy', (event) => {
      event.clipboardData.setData('text/plain', '${HIJACKED}');
      event.clipboardData.setData('text/html', '<p>${HIJACKED}</p>');
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
  }
</script>`;

test.beforeAll(async () => {
  extension = await launchExtension();
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    '</head>',
    `${HIJACK}</head>`,
  );
  await extension.context.route(HIJACK_URL, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      // The page may not use the Clipboard API itself (nor may anything running in it).
      headers: { 'Permissions-Policy': 'clipboard-write=()' },
      body: source,
    }),
  );
  await extension.context.route(READER_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>reader</title>' }),
  );
});

test.afterAll(async () => {
  await extension?.context.close();
});

/** Another tab that reads the clipboard back (and empties it before each copy), as a paste elsewhere would. */
async function clipboardTab(): Promise<{
  empty(): Promise<void>;
  read(): Promise<{ text: string; html: string | null }>;
}> {
  const page = await extension.context.newPage();
  await page.goto(READER_URL);
  const focused = async <T>(fn: () => Promise<T>): Promise<T> => {
    await page.bringToFront();
    return fn();
  };
  return {
    empty: () => focused(() => page.evaluate(() => navigator.clipboard.writeText(''))),
    read: () =>
      focused(() =>
        page.evaluate(async () => {
          const [item] = await navigator.clipboard.read();
          const flavour = async (type: string) =>
            item?.types.includes(type) ? (await item.getType(type)).text() : null;
          return { text: (await flavour('text/plain')) ?? '', html: await flavour('text/html') };
        }),
      ),
  };
}

function expectArticle(copied: { text: string; html: string | null }, format: string): void {
  expect(copied.text, format).not.toContain(HIJACKED);
  expect(copied.text, format).toContain(NEWS.body);
  if (format === 'html') {
    expect(copied.html, format).toContain(`<h1>${NEWS.title}</h1>`);
    expect(copied.html, format).not.toContain(HIJACKED);
  }
}

test('the page’s own copy is refused and rewritten, as the test page means it to be', async () => {
  // The control: what a copy through the page would get here.
  const { page } = await openTab(extension, HIJACK_URL);
  await page.bringToFront();
  const refused = await page.evaluate(() =>
    navigator.clipboard.writeText('x').then(
      () => false,
      () => true,
    ),
  );
  expect(refused).toBe(true);
  const clipboard = await clipboardTab();
  await clipboard.empty();
  await page.bringToFront();
  await page.evaluate(() => {
    const area = document.createElement('textarea');
    area.value = 'the article';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  });
  expect((await clipboard.read()).text).toBe(HIJACKED);
});

test('Copy text, Copy Markdown and Copy rich text in the reader put the article on the clipboard', async () => {
  const { page, tabId } = await openTab(extension, HIJACK_URL);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain(NEWS.body);
  const clipboard = await clipboardTab();
  for (const [format, done] of [
    ['text', /Copied [\d,]+ words$/m],
    ['markdown', /Copied [\d,]+ words as Markdown/],
    ['html', /Copied [\d,]+ words as rich text/],
  ] as const) {
    await clipboard.empty();
    await page.bringToFront();
    if (format === 'html') {
      await overlay.click('More options');
      await overlay.click('Copy rich text');
    } else {
      await overlay.click(format === 'text' ? 'Copy text' : 'Copy Markdown');
    }
    await expect.poll(() => overlay.text()).toMatch(done);
    // The toast's look loads with the exporters (extension/reader/toast.css): a filled, rounded message.
    const look = await overlay.evaluate((root) => {
      const toast = root.querySelector('.l-toast');
      if (!toast) return null;
      const style = getComputedStyle(toast);
      return { background: style.backgroundColor, radius: style.borderTopLeftRadius };
    });
    expect(look?.background).toMatch(/^rgb\(/);
    expect(look?.radius).not.toBe('0px');
    const copied = await clipboard.read();
    expectArticle(copied, format);
    if (format === 'markdown') expect(copied.text.startsWith(`# ${NEWS.title}`)).toBe(true);
  }
});

test('the popup’s and the toolbar menu’s copies hold the article too', async () => {
  const { tabId } = await openTab(extension, HIJACK_URL);
  const clipboard = await clipboardTab();
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(NEWS.title);
  for (const [format, button, done] of [
    ['text', 'Copy text', /^Copied [\d,]+ words$/],
    ['markdown', 'Copy Markdown', /^Copied [\d,]+ words as Markdown$/],
    ['html', 'Copy rich text', /^Copied [\d,]+ words as rich text$/],
  ] as const) {
    await clipboard.empty();
    await popup.bringToFront();
    await popup.getByRole('button', { name: button }).click();
    await expect(popup.getByRole('status')).toHaveText(done);
    expectArticle(await clipboard.read(), format);
  }
  await popup.close();

  for (const format of ['text', 'markdown', 'html'] as const) {
    await clipboard.empty();
    await extension.worker.evaluate(
      ([item, id]) =>
        (
          globalThis as unknown as { lecternMenuItem(item: string, tab: number): Promise<void> }
        ).lecternMenuItem(item, id),
      [`copy-${format}`, tabId] as const,
    );
    expectArticle(await clipboard.read(), format);
  }
});
