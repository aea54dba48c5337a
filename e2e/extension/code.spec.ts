/**
 * Code blocks in the built extension: the highlighter is a chunk of its own (extension/content/code.js) that the
 * background injects only when an article with a block naming its language shows one, never for an article
 * without; and Copy code puts exactly the block's code on the clipboard, written by the extension, on a page
 * whose own copy listener rewrites whatever goes through it.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { fixtureFile } from '../support/index.ts';
import { type Overlay, overlayOf } from '../support/overlay.ts';
import { clearStorage, openReaderFromPopup, openTab, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension({ clipboard: true });

const CODE_URL = 'https://news.test/code-article/';
const BLANK_URL = 'https://news.test/clipboard-reader/';
const HIJACKED = 'HIJACKED BY THE PAGE';

const PYTHON = 'def budget(total, phases):\n    return [total / phases] * phases  # even split\n';

const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The news fixture with a Python block before its first subheading, and a copy listener of its own. */
const CODE_PAGE = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8')
  .replace(
    '<h2>What the money buys</h2>',
    `<pre><code class="language-python">${asHtml(PYTHON)}</code></pre>\n<h2>What the money buys</h2>`,
  )
  .replace(
    '</head>',
    `<script>document.addEventListener('copy', (event) => {
      event.clipboardData.setData('text/plain', '${HIJACKED}');
      event.preventDefault();
    }, true);</script></head>`,
  );

test.beforeAll(async () => {
  if (!CODE_PAGE.includes('language-python'))
    throw new Error('the news fixture has no "What the money buys"');
  await extension.context.route(CODE_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: CODE_PAGE }),
  );
  await extension.context.route(BLANK_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>paste</title>' }),
  );
});

interface ExecutionContext {
  id: number;
  origin: string;
  auxData?: { type?: string };
}

/**
 * The chunks registered in the tab's isolated world of ours (extension/content/registry.ts), read there through
 * the debugging protocol: what the background injected into the tab, whatever asked for it.
 */
async function chunksIn(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page);
  const contexts: ExecutionContext[] = [];
  session.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context as ExecutionContext));
  await session.send('Runtime.enable');
  const ours = contexts.find(
    (context) => context.auxData?.type === 'isolated' && context.origin.startsWith('chrome-extension://'),
  );
  if (!ours) throw new Error('no isolated world of the extension in the tab');
  const { result } = await session.send('Runtime.evaluate', {
    contextId: ours.id,
    expression: "Object.keys(globalThis[Symbol.for('lectern.chunks')] ?? {})",
    returnByValue: true,
  });
  await session.detach();
  return result.value as string[];
}

async function openReader(url: string, shows: string): Promise<{ page: Page; overlay: Overlay }> {
  const { page, tabId } = await openTab(extension, url);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows(shows)).toBe(true);
  return { page, overlay };
}

test('the highlighter is injected for an article with code, and never for one without', async () => {
  const plain = await openReader(NEWS.url, NEWS.body);
  // Through the whole article, every block shown once.
  await plain.overlay.evaluate((root) => {
    const scroller = root.querySelector('.l-scroll');
    scroller?.scrollTo({ top: scroller.scrollHeight, behavior: 'instant' });
  });
  await plain.page.waitForTimeout(500);
  expect(await chunksIn(plain.page)).not.toContain('code');
  await plain.page.close();

  const coded = await openReader(CODE_URL, 'def budget');
  await expect.poll(() => chunksIn(coded.page)).toContain('code');
  const colours = () =>
    coded.overlay.evaluate((root) => {
      const keyword = root.querySelector('[data-l-tokens] .hljs-keyword');
      const code = keyword?.closest('code');
      return keyword && code
        ? { keyword: getComputedStyle(keyword).color, text: getComputedStyle(code).color }
        : null;
    });
  await expect.poll(colours).not.toBeNull();
  const shown = await colours();
  expect(shown?.keyword).not.toBe(shown?.text);
  await coded.page.close();
});

test('Copy code puts exactly the block’s code on the clipboard, past the page’s copy listener', async () => {
  const { page, overlay } = await openReader(CODE_URL, 'def budget');
  const paste = await extension.context.newPage();
  await paste.goto(BLANK_URL);
  await paste.evaluate(() => navigator.clipboard.writeText(''));
  await page.bringToFront();
  await overlay.click('Copy code', 'button');
  await expect.poll(() => overlay.text()).toContain('Copied the code (2 lines)');
  await paste.bringToFront();
  expect(await paste.evaluate(() => navigator.clipboard.readText())).toBe(PYTHON);
  await paste.close();
  await page.close();
});

test('the Edit mode pairs the article’s blocks past a highlighted code block: the one clicked below it goes', async () => {
  const BELOW = 'Work is due to start in the autumn of next year';
  const { page, overlay } = await openReader(CODE_URL, 'def budget');
  await expect
    .poll(() => overlay.evaluate((root) => root.querySelector('[data-l-tokens] .hljs-keyword') !== null))
    .toBe(true);
  await overlay.click('More options');
  await overlay.click('Fix the text…');
  await expect.poll(() => overlay.has('Done')).toBe(true);
  const centre = await overlay.evaluate((root, wanted) => {
    const block = Array.from(root.querySelectorAll('.l-content .l-editable')).find((el) =>
      (el.textContent ?? '').startsWith(wanted),
    );
    if (!block) return null;
    block.scrollIntoView({ block: 'center' });
    const box = block.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }, BELOW);
  expect(centre).not.toBeNull();
  await page.mouse.click(centre?.x ?? 0, centre?.y ?? 0);
  await expect.poll(() => overlay.shows(BELOW)).toBe(false);
  // The code is still there, as it was, its Copy code button hidden while editing.
  expect(await overlay.evaluate((root) => root.querySelector('.l-content pre')?.textContent)).toBe(PYTHON);
  expect(await overlay.has('Copy code', 'button')).toBe(false);
  await overlay.click('Cancel');
  await clearStorage(extension);
  await page.close();
});
