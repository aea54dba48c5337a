/**
 * Code blocks in the reader (extension/reader/code.ts, highlight.ts): tokens coloured in a block that names its
 * language, the page's code shown as text whatever it says, a Copy code button that hands over exactly the
 * code, reachable from the keyboard, a block that scrolls sideways a named tab stop, and the highlighter asked
 * for only by an article with a block naming a language.
 */
import { expect, type Page, test } from '@playwright/test';
import { calls, focusedInReader, mount, reader, requireReaderBundle, type TestWindow } from './mount.ts';
import { sampleArticle } from './sample-article.ts';

test.beforeAll(requireReaderBundle);

const PYTHON = 'def area(radius):\n    return 3.14159 * radius ** 2  # a circle\n';
const JS = 'const total = prices.reduce((sum, p) => sum + p, 0);';
const HOSTILE = '<img src=x onerror="window.pwned = 1">';
const WIDE = `print(${'"a long line that runs past the column", '.repeat(6)}0)`;

const asHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const codeArticle = {
  ...sampleArticle,
  content: `
<p>Three blocks of code, and one that is not.</p>
<pre><code class="language-python">${asHtml(PYTHON)}</code></pre>
<pre class="language-js"><code>${asHtml(JS)}</code></pre>
<pre><code class="language-html">${asHtml(HOSTILE)}</code></pre>
<pre><code>${asHtml(HOSTILE)}</code></pre>
<pre><code class="language-python">${asHtml(WIDE)}</code></pre>
<p>The end.</p>`,
};

const blocks = (page: Page) => reader(page).locator('.l-content pre');
const textOf = (page: Page, block: number) =>
  blocks(page)
    .nth(block)
    .evaluate((pre) => pre.textContent);

async function mountOn(page: Page, article = codeArticle) {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Host</title></head><body></body></html>',
  );
  await mount(page, article);
}

/** The colour of a token, and of the code's own text around it. */
function colours(page: Page, block: number, token: string) {
  return blocks(page)
    .nth(block)
    .evaluate((pre, token) => {
      const span = Array.from(pre.querySelectorAll('span')).find((el) => el.textContent === token);
      const code = pre.querySelector('code') ?? pre;
      return { token: span ? getComputedStyle(span).color : null, text: getComputedStyle(code).color };
    }, token);
}

test('keywords in a Python and a JavaScript block are coloured apart from the code’s text', async ({
  page,
}) => {
  await mountOn(page);
  await expect(blocks(page).nth(0).locator('[class~="hljs-keyword"]').first()).toHaveText('def');
  const python = await colours(page, 0, 'def');
  expect(python.token).not.toBeNull();
  expect(python.token).not.toBe(python.text);
  const js = await colours(page, 1, 'const');
  expect(js.token).not.toBeNull();
  expect(js.token).not.toBe(js.text);
  // The tokens spell the code exactly.
  expect(await textOf(page, 0)).toBe(PYTHON);
  expect(await textOf(page, 1)).toBe(JS);
});

test('the page’s code is shown as text, highlighted or not, and makes no element', async ({ page }) => {
  await mountOn(page);
  await expect(blocks(page).nth(2).locator('span').first()).toBeAttached();
  for (const block of [2, 3]) expect(await textOf(page, block)).toBe(HOSTILE);
  const made = await reader(page).evaluate((host) => ({
    images: host.shadowRoot?.querySelectorAll('img').length,
    pwned: 'pwned' in window,
  }));
  expect(made).toEqual({ images: 0, pwned: false });
});

test('Copy code hands over exactly the block’s code and says so', async ({ page }) => {
  await mountOn(page);
  const first = reader(page).locator('.l-code').first();
  await first.hover();
  const button = first.getByRole('button', { name: 'Copy code' });
  await expect(button).toBeVisible();
  await button.click();
  await expect(reader(page).getByRole('status')).toHaveText('Copied the code (2 lines)');
  expect(await calls(page)).toEqual([`copyCode:${PYTHON}`]);
  // The button is beside the code, not in it: the block's text, read aloud or selected, is the code alone.
  expect(await textOf(page, 0)).toBe(PYTHON);
});

test('the button shows while its block is pointed at or focused, and Tab and Enter reach it', async ({
  page,
}) => {
  await mountOn(page);
  const button = reader(page).getByRole('button', { name: 'Copy code' }).first();
  const opacity = () => button.evaluate((el) => getComputedStyle(el).opacity);
  await page.mouse.move(5, 5);
  await expect.poll(opacity).toBe('0');
  // Tab from the article's text reaches the first block's button before anything after it.
  await reader(page).locator('.l-content p').first().click();
  let steps = 0;
  while ((await focusedInReader(page)) !== 'Copy code' && steps++ < 40) await page.keyboard.press('Tab');
  expect(await focusedInReader(page)).toBe('Copy code');
  await expect.poll(opacity).toBe('1');
  await page.keyboard.press('Enter');
  await expect.poll(() => calls(page)).toEqual([`copyCode:${PYTHON}`]);
});

test('a block that scrolls sideways is a named tab stop; one that fits is not', async ({ page }) => {
  await mountOn(page);
  const wide = blocks(page).nth(4);
  await expect(wide).toHaveAttribute('tabindex', '0');
  await expect(wide).toHaveAttribute('aria-label', 'Code: python');
  await expect(wide).toHaveAttribute('role', 'group');
  await expect(blocks(page).nth(1)).not.toHaveAttribute('tabindex', /.*/);
  await wide.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => wide.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('an article without a block naming its language never asks for the highlighter', async ({ page }) => {
  const plain = { ...codeArticle, content: '<p>No code here.</p><pre><code>plain = "text"</code></pre>' };
  await mountOn(page, plain);
  await expect(reader(page).getByRole('button', { name: 'Copy code' })).toHaveCount(1);
  await page.waitForTimeout(300);
  const asked = () => page.evaluate(() => (window as unknown as TestWindow).LecternReader.asked.highlighter);
  expect(await asked()).toBe(0);
  await expect(blocks(page).locator('span')).toHaveCount(0);
  // The control: the article with code asks once the reader has shown.
  await reader(page).evaluate((host) => host.remove());
  await mount(page, codeArticle);
  await expect.poll(asked).toBeGreaterThan(0);
});

test('a selection across a highlighted block is copied as the article holds it: no button, no tokens', async ({
  page,
}) => {
  await mountOn(page);
  await expect(blocks(page).nth(0).locator('span').first()).toBeAttached();
  // From the paragraph before the Python block to the end of the JavaScript one.
  await reader(page).evaluate((host) => {
    const root = host.shadowRoot as ShadowRoot;
    const [first, , second] = Array.from(root.querySelectorAll('.l-content > *'));
    const range = document.createRange();
    range.setStartBefore(first as Node);
    range.setEndAfter(second as Node);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
  await reader(page).getByRole('button', { name: 'Copy text' }).click();
  await expect.poll(() => calls(page)).toEqual(['copy:text']);
  const copied = await page.evaluate(() => (window as unknown as TestWindow).selection);
  // The blocks as the article holds them, whatever the browser makes of the selection's ends.
  expect(copied).toContain(`<pre><code class="language-python">${asHtml(PYTHON)}</code></pre>`);
  expect(copied).toContain(`<pre class="language-js"><code>${asHtml(JS)}</code></pre>`);
  expect(copied).not.toMatch(/data-l-|<button|<span|hljs/);
});
