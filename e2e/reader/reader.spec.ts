/**
 * The reader overlay on plain pages, without the extension (docs/conventions.md): dist-reader/reader.js
 * (`npx vite build --config vite.reader.config.ts`) mounted into an open shadow root the test creates the way the
 * content script does.
 */
import { expect, test } from '@playwright/test';
import {
  calls,
  focusedInReader,
  mount,
  READER_JS,
  reader,
  requireReaderBundle,
  style,
  type TestWindow,
} from './mount.ts';
import { japaneseArticle, rtlArticle, sampleArticle } from './sample-article.ts';

// A page that fights back: !important rules on everything, so inheritance through the host would show.
const HOSTILE_PAGE = `<!doctype html>
<html lang="en"><head><title>Host page</title><style>
  * { color: red !important; font-size: 40px !important; font-family: 'Comic Sans MS', cursive !important;
      line-height: 3 !important; letter-spacing: 3px !important; text-align: center !important; }
  h1 { display: none !important; }
  p { margin: 80px !important; }
</style></head><body>
  <h1>Page heading</h1>
  <p id="page-para">A paragraph of the page itself.</p>
  <div id="page-twin" class="l-root l-article l-content"><p class="l-title">Same classes as ours</p></div>
  <div id="spacer"></div>
  <script>document.getElementById('spacer').style.height = '5000px';</script>
</body></html>`;

test.beforeAll(requireReaderBundle);

test.describe('on a page with hostile CSS', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.setContent(HOSTILE_PAGE);
  });

  test('shows the header a reader expects', async ({ page }) => {
    await mount(page);
    const dialog = page.getByRole('dialog', {
      name: 'Reader view: The quiet return of the neighbourhood library',
    });
    await expect(dialog).toBeVisible();
    // The modal dialog it is mounted in (as in the extension) is the reader's dialog, named for the article.
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: sampleArticle.title })).toBeVisible();
    await expect(page.getByText('The Harbour Review')).toBeVisible();
    await expect(page.getByText('Maren Holt')).toBeVisible();
    await expect(reader(page).locator('time')).toHaveText('March 5, 2024');
    await expect(reader(page).locator('time')).toHaveAttribute('datetime', '2024-03-05');
    await expect(reader(page).locator('.l-stats')).toHaveText('6 min read · 1,234 words');
  });

  test('renders the article body with its structure', async ({ page }) => {
    await mount(page);
    const content = reader(page).locator('.l-content');
    await expect(page.getByRole('heading', { level: 2, name: 'What changed' })).toBeVisible();
    await expect(content.locator('> p').first()).toContainText('Ten years ago the branch library');
    await expect(content.locator('ul > li')).toHaveCount(3);
    await expect(content.locator('blockquote')).toContainText('We used to count success in loans');
    await expect(page.getByRole('cell', { name: 'Alder Street' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Bar chart/ })).toBeVisible();
    await expect(content.locator('figcaption')).toContainText('Branch visits per year');

    // Wide things stay inside the column: images shrink, code and tables scroll sideways.
    const columnWidth = (await content.boundingBox())?.width ?? 0;
    const imageWidth = (await page.getByRole('img', { name: /Bar chart/ }).boundingBox())?.width ?? Infinity;
    expect(imageWidth).toBeLessThanOrEqual(columnWidth + 0.5);
    const pre = content.locator('pre');
    expect(await style(pre, 'white-space')).toBe('pre');
    expect(await style(pre, 'overflow-x')).toBe('auto');
    expect(await style(pre, 'font-family')).toContain('monospace');
    expect(await style(content.locator('table'), 'overflow-x')).toBe('auto');
    // Blockquotes are set off by a rule at the start edge (the left, in English).
    expect(await style(content.locator('blockquote'), 'border-left-width')).toBe('3px');
  });

  test('keeps the page CSS out of the reader', async ({ page }) => {
    await mount(page);
    const paragraph = reader(page).locator('.l-content > p').first();
    // The page's h1 { display: none } did not hide our title.
    await expect(page.getByRole('heading', { level: 1, name: sampleArticle.title })).toBeVisible();
    expect(await style(paragraph, 'color')).toBe('rgb(29, 28, 26)');
    expect(await style(paragraph, 'font-size')).toBe('20px');
    expect(await style(paragraph, 'line-height')).toBe('32px');
    expect(await style(paragraph, 'letter-spacing')).toBe('normal');
    expect(await style(paragraph, 'font-family')).toContain('Charter');
    expect(await style(paragraph, 'margin-top')).toBe('0px');
    expect(await style(page.getByRole('button', { name: 'Copy text' }), 'font-family')).toContain(
      'system-ui',
    );
  });

  test('keeps its own CSS off the page', async ({ page }) => {
    const properties = [
      'position',
      'background-color',
      'max-width',
      'font-weight',
      'padding',
      'border-left-width',
    ];
    const snapshot = () =>
      page.evaluate(
        (properties) =>
          ['#page-para', '#page-twin', '#page-twin p', 'body'].map((selector) => {
            const el = document.querySelector(selector);
            if (!el) throw new Error(selector);
            const computed = getComputedStyle(el);
            return properties.map((p) => `${selector} ${p}: ${computed.getPropertyValue(p)}`);
          }),
        properties,
      );
    const before = await snapshot();
    await mount(page);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await snapshot()).toEqual(before);
  });

  test('Copy text and Copy Markdown call the action and confirm with a word count', async ({ page }) => {
    await mount(page);
    const status = page.getByRole('status');
    await page.getByRole('button', { name: 'Copy text' }).click();
    await expect(status).toHaveText('Copied 1,234 words');
    await expect(reader(page).locator('.l-toast')).toBeVisible();
    await page.getByRole('button', { name: 'Copy Markdown' }).click();
    await expect(status).toHaveText('Copied 1,234 words as Markdown');
    expect(await calls(page)).toEqual(['copy:text', 'copy:markdown']);
    // The confirmation goes away by itself.
    await expect(reader(page).locator('.l-toast')).toBeHidden({ timeout: 5000 });
  });

  test('a failed copy says why', async ({ page }) => {
    await mount(page, sampleArticle, { ok: false, error: 'the clipboard is not available' });
    await page.getByRole('button', { name: 'Copy text' }).click();
    await expect(page.getByRole('status')).toHaveText('Couldn’t copy: the clipboard is not available');
  });

  test('Esc and the close button close the reader', async ({ page }) => {
    await mount(page);
    expect(await focusedInReader(page)).toBe('the article');
    await page.keyboard.press('Escape');
    expect(await calls(page)).toEqual(['close']);
    await page.getByRole('button', { name: 'Close reader view' }).click();
    expect(await calls(page)).toEqual(['close', 'close']);
  });

  test('synthetic clicks and keys a page script dispatches do nothing; a person’s do', async ({ page }) => {
    await mount(page);
    await page.getByRole('button', { name: 'Reading settings' }).click();
    const acted = await page.evaluate(() => {
      const root = document.querySelector('lectern-reader')?.shadowRoot;
      if (!root) throw new Error('no reader');
      const key = (target: EventTarget) =>
        target.dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }),
        );
      // What a page script holding the reader's elements could try.
      root.querySelector<HTMLElement>('.l-close')?.click();
      root.querySelector<HTMLElement>('input[type="radio"][name="l-theme"]:not(:checked)')?.click();
      root.querySelector<HTMLElement>('input[type="checkbox"]')?.click();
      for (const button of root.querySelectorAll<HTMLElement>('.l-actions button')) button.click();
      key(root.querySelector('.l-scroll') as Element);
      key(root.querySelector('.l-root') as Element);
      return (window as unknown as TestWindow).calls.slice();
    });
    expect(acted).toEqual([]);
    await expect(page.getByRole('radio', { name: 'Auto' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Show images' })).toBeChecked();
    // The same through real input.
    await page.getByRole('radio', { name: 'Dark' }).click();
    await page.getByRole('button', { name: 'Close reader view' }).click();
    expect(await calls(page)).toEqual(['save:{"theme":"dark"}', 'close']);
  });

  test('keys pressed while reading never reach the page', async ({ page }) => {
    await page.evaluate(() => {
      const w = window as unknown as TestWindow;
      w.pageKeys = [];
      for (const target of [window, document]) {
        for (const type of ['keydown', 'keyup', 'keypress']) {
          target.addEventListener(type, (event) =>
            w.pageKeys.push(`${type}:${(event as KeyboardEvent).key}`),
          );
        }
      }
    });
    const pageKeys = () => page.evaluate(() => (window as unknown as TestWindow).pageKeys);
    // The listeners work: a key pressed before the reader opens reaches them.
    await page.keyboard.press('x');
    expect(await pageKeys()).toContain('keydown:x');
    await page.evaluate(() => {
      (window as unknown as TestWindow).pageKeys = [];
    });

    await mount(page);
    await page.keyboard.press('j');
    await page.keyboard.press('/');
    await page.keyboard.press('Escape');
    expect(await calls(page)).toEqual(['close']);
    expect(await pageKeys()).toEqual([]);
  });

  test('the keyboard scrolls the article, not the page', async ({ page }) => {
    await mount(page);
    expect(await focusedInReader(page)).toBe('the article');
    await page.keyboard.press('PageDown');
    const scroller = reader(page).locator('.l-scroll');
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Tab goes through the reader in order and never to the page (a modal dialog makes it inert)', async ({
    page,
  }) => {
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '#page';
      link.textContent = 'a link of the page';
      document.body.prepend(link);
    });
    await mount(page);
    const order = ['Reading settings', 'Copy text', 'Copy Markdown', 'More options', 'Close reader view'];
    for (const name of order) {
      await page.keyboard.press('Tab');
      expect(await focusedInReader(page)).toBe(name);
    }
    // Round and round, both ways: the focus is in the reader or, at the ends, on nothing (the browser's own
    // toolbar, in a window), never on the page.
    const pageFocus = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active && active !== document.body && active.localName !== 'lectern-reader'
          ? active.outerHTML
          : null;
      });
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press(key);
        expect(await pageFocus()).toBeNull();
      }
    }
  });

  test('↓ on More opens its menu at the first item, ↓ ↑ Home End step through it, Esc gives the focus back to More', async ({
    page,
  }) => {
    await mount(page);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await focusedInReader(page)).toBe('More options');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('button', { name: 'Copy rich text' })).toBeVisible();
    await expect.poll(() => focusedInReader(page)).toBe('Copy rich text');
    await page.keyboard.press('ArrowDown');
    const second = await focusedInReader(page);
    expect(second).not.toBe('Copy rich text');
    await page.keyboard.press('ArrowUp');
    expect(await focusedInReader(page)).toBe('Copy rich text');
    // Up from the first goes round to the last; End and Home to the ends.
    await page.keyboard.press('ArrowUp');
    const last = await focusedInReader(page);
    await page.keyboard.press('Home');
    expect(await focusedInReader(page)).toBe('Copy rich text');
    await page.keyboard.press('End');
    expect(await focusedInReader(page)).toBe(last);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Copy rich text' })).toHaveCount(0);
    expect(await focusedInReader(page)).toBe('More options');
    // ↑ opens it at its last item.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedInReader(page)).toBe(last);
  });

  test('article links open in the same tab (a new one with Ctrl/Cmd); footnote links scroll the article', async ({
    page,
  }) => {
    await page.route('https://news.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>The linked page</p>' }),
    );
    await mount(page);
    const footnote = reader(page).locator('#fn1');
    await page.getByRole('link', { name: '1', exact: true }).click();
    await expect(footnote).toBeInViewport();
    expect(page.url()).toBe('about:blank');

    const link = page.getByRole('link', { name: 'the council’s annual report' });
    await expect(link).not.toHaveAttribute('target', /.*/);
    expect(await style(link, 'text-decoration-line')).toBe('underline');
    // A modifier keeps the browser's meaning: Ctrl/Cmd-click opens a new tab and leaves the reader where it is.
    const opened = page.context().waitForEvent('page');
    await link.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    expect(page.url()).toBe('about:blank');
    await expect(page.getByRole('dialog')).toBeVisible();
    await tab.close();
    await link.click();
    await expect(page).toHaveURL('https://news.test/reports/libraries-2023');
  });

  test('unmount removes everything it added', async ({ page }) => {
    const bodyBefore = await page.evaluate(() => document.body.innerHTML);
    await mount(page);
    await expect(page.getByRole('dialog')).toBeVisible();
    const left = await page.evaluate(() => {
      (window as unknown as TestWindow).handle.unmount();
      const root = document.querySelector('lectern-reader')?.shadowRoot;
      // The dialog is the host's (mount.ts made it); all the reader put in it or on it is gone.
      const dialog = root?.querySelector('dialog');
      return {
        nodes: dialog?.childNodes.length,
        name: dialog?.getAttributeNames(),
        sheets: root?.adoptedStyleSheets.length,
      };
    });
    expect(left).toEqual({ nodes: 0, name: ['open', 'style'], sheets: 0 });
    await expect(page.getByRole('dialog', { name: /Reader view/ })).toHaveCount(0);
    expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
  });
});

test.describe('languages', () => {
  test.beforeEach(async ({ page }) => {
    await page.setContent('<!doctype html><title>Host page</title><p>Page</p>');
  });

  test('a right-to-left article is laid out right to left', async ({ page }) => {
    await mount(page, rtlArticle);
    const article = page.getByRole('article');
    await expect(article).toHaveAttribute('dir', 'rtl');
    await expect(article).toHaveAttribute('lang', 'ar');
    expect(await style(article, 'direction')).toBe('rtl');
    // The short first line hugs the right edge of the column, and the quote's rule is on the right.
    const edges = await reader(page)
      .locator('.l-content > p')
      .evaluate((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        const text = range.getBoundingClientRect();
        const box = p.getBoundingClientRect();
        return { right: box.right - text.right, left: text.left - box.left };
      });
    expect(edges.right).toBeLessThan(2);
    expect(edges.left).toBeGreaterThan(50);
    const quote = reader(page).locator('blockquote');
    expect(await style(quote, 'border-right-width')).toBe('3px');
    expect(await style(quote, 'border-left-width')).toBe('0px');
    // The English reading time still reads "6 min read", not "min read 6", and comes first from the right.
    const order = await reader(page)
      .locator('.l-stats')
      .evaluate((stats) => {
        const readingTime = stats.querySelector('.l-reading-time');
        const reading = readingTime?.firstChild;
        const words = stats.querySelector('.l-word-count');
        if (!readingTime || !reading || !words) throw new Error('stats missing');
        const digit = document.createRange();
        digit.setStart(reading, 0);
        digit.setEnd(reading, 1);
        const rest = document.createRange();
        rest.setStart(reading, 2);
        rest.setEnd(reading, 5);
        return {
          digitBeforeWords: digit.getBoundingClientRect().left < rest.getBoundingClientRect().left,
          readingRightOfCount: readingTime.getBoundingClientRect().left > words.getBoundingClientRect().left,
        };
      });
    expect(order).toEqual({ digitBeforeWords: true, readingRightOfCount: true });
    // The toolbar stays in English, left to right.
    expect(await style(reader(page).locator('.l-root'), 'direction')).toBe('ltr');
  });

  test('Japanese gets strict line breaking', async ({ page }) => {
    await mount(page, japaneseArticle);
    const paragraph = reader(page).locator('.l-content > p');
    expect(await style(paragraph, 'line-break')).toBe('strict');
    expect(await style(paragraph, 'word-break')).toBe('normal');
    expect(await style(paragraph, 'text-align')).toBe('start');
  });

  test('the date is written in the article language', async ({ page }) => {
    await mount(page, { ...sampleArticle, lang: 'fr_FR', title: 'Le retour discret de la bibliothèque' });
    await expect(page.getByRole('article')).toHaveAttribute('lang', 'fr-FR');
    await expect(reader(page).locator('time')).toHaveText('5 mars 2024');
  });
});

test('styles apply under a page CSP of style-src none', async ({ page }) => {
  await page.route('https://csp.test/**', async (route) => {
    if (route.request().url().endsWith('/reader.js')) {
      await route.fulfill({ path: READER_JS, contentType: 'text/javascript' });
      return;
    }
    await route.fulfill({
      contentType: 'text/html',
      headers: { 'Content-Security-Policy': "style-src 'none'; script-src 'self'" },
      body: `<!doctype html><title>Strict page</title>
        <style>body { background-color: rgb(1, 2, 3); }</style>
        <p>Strict page</p><script src="/reader.js"></script>`,
    });
  });
  await page.goto('https://csp.test/article');
  // The CSP is in force: the page's own <style> was blocked.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');

  await mount(page);
  const paragraph = reader(page).locator('.l-content > p').first();
  await expect(paragraph).toBeVisible();
  expect(await style(paragraph, 'font-family')).toContain('Charter');
  expect(await style(paragraph, 'line-height')).toBe('32px');
  expect(await style(reader(page).locator('.l-root'), 'background-color')).toBe('rgb(251, 250, 247)');
  expect(await style(page.getByRole('button', { name: 'Copy text' }), 'border-top-left-radius')).not.toBe(
    '0px',
  );
});
