/**
 * Reading settings in the overlay, mounted without the extension: every control changes the article's
 * computed style, a change is handed to the caller to save, settings from elsewhere apply live, "auto" follows
 * the system colour scheme, and the progress bar follows the scroll.
 */
import { expect, type Page, test } from '@playwright/test';
import type { ReaderSettings } from '../../extension/reader/index.ts';
import { DEFAULT_READER_SETTINGS } from '../../extension/reader/settings.ts';
import {
  calls,
  focusedInReader,
  mount,
  reader,
  requireReaderBundle,
  style,
  type TestWindow,
} from './mount.ts';
import { sampleArticle } from './sample-article.ts';

test.beforeAll(requireReaderBundle);

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.setContent('<!doctype html><html lang="en"><body><p>The page.</p></body></html>');
});

const article = (page: Page) => reader(page).locator('.l-article');
const root = (page: Page) => reader(page).locator('.l-root');

async function openSettings(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Reading settings' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Reading settings' })).toBeVisible();
}

const px = async (page: Page, property: string) => Number.parseFloat(await style(article(page), property));

test('each theme sets its own colours, and the choice is handed on to be saved', async ({ page }) => {
  await mount(page);
  await openSettings(page);
  const seen = new Map<string, string>();
  for (const name of ['Light', 'Sepia', 'Dark', 'High contrast']) {
    await page.getByRole('radio', { name }).check();
    const colours = `${await style(root(page), 'background-color')} / ${await style(article(page), 'color')}`;
    expect([...seen.values()], `${name} looks like another theme`).not.toContain(colours);
    seen.set(name, colours);
  }
  expect(seen.get('Dark')).toBe('rgb(27, 27, 29) / rgb(228, 225, 220)');
  expect(seen.get('High contrast')).toBe('rgb(0, 0, 0) / rgb(255, 255, 255)');
  expect(await calls(page)).toEqual([
    'save:{"theme":"light"}',
    'save:{"theme":"sepia"}',
    'save:{"theme":"dark"}',
    'save:{"theme":"contrast"}',
  ]);
});

test('"Auto" follows the system colour scheme, also when it changes while reading', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await mount(page);
  await openSettings(page);
  await expect(page.getByRole('radio', { name: 'Auto' })).toBeChecked();
  expect(await style(root(page), 'background-color')).toBe('rgb(251, 250, 247)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => style(root(page), 'background-color')).toBe('rgb(27, 27, 29)');
});

test('typeface, size, width, line spacing and images change the article', async ({ page }) => {
  await mount(page);
  await openSettings(page);
  expect(await px(page, 'font-size')).toBe(20);
  expect(await style(article(page), 'font-family')).toMatch(/Charter|Georgia|serif/);

  await page.getByRole('radio', { name: 'Sans-serif' }).check();
  expect(await style(article(page), 'font-family')).toMatch(/^system-ui/);
  await page.getByRole('radio', { name: 'Monospace' }).check();
  expect(await style(article(page), 'font-family')).toMatch(/^ui-monospace/);

  await page.getByRole('button', { name: 'Larger text' }).click();
  expect(await px(page, 'font-size')).toBe(22);
  await page.getByRole('button', { name: 'Smaller text' }).click();
  await page.getByRole('button', { name: 'Smaller text' }).click();
  expect(await px(page, 'font-size')).toBe(18);

  const medium = await px(page, 'max-width');
  await page.getByRole('radio', { name: 'Narrow' }).check();
  expect(await px(page, 'max-width')).toBeLessThan(medium);
  await page.getByRole('radio', { name: 'Wide' }).check();
  expect(await px(page, 'max-width')).toBeGreaterThan(medium);

  await page.getByRole('radio', { name: 'Loose', exact: true }).check();
  expect((await px(page, 'line-height')) / (await px(page, 'font-size'))).toBeCloseTo(1.8, 2);

  const image = reader(page).locator('.l-content img').first();
  await expect(image).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show images' }).uncheck();
  await expect(image).toBeHidden();
});

test('Ctrl+ and Ctrl− size the text in steps and stop at the ends', async ({ page }) => {
  await mount(page);
  await page.keyboard.press('Control+=');
  expect(await px(page, 'font-size')).toBe(22);
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('Control+-');
  expect(await px(page, 'font-size')).toBe(14);
  expect((await calls(page)).at(-1)).toBe('save:{"fontSize":0.875}');
});

test('settings given at mount and changed from elsewhere apply without reopening', async ({ page }) => {
  const sepia: ReaderSettings = { ...DEFAULT_READER_SETTINGS, theme: 'sepia', fontSize: 1.5 };
  await mount(page, sampleArticle, undefined, sepia);
  expect(await style(root(page), 'background-color')).toBe('rgb(244, 236, 216)');
  expect(await px(page, 'font-size')).toBe(24);
  await page.evaluate(
    (settings) => {
      (window as unknown as TestWindow).handle.applySettings(settings);
    },
    { ...sepia, theme: 'dark', width: 'narrow' } satisfies ReaderSettings,
  );
  await expect.poll(() => style(root(page), 'background-color')).toBe('rgb(27, 27, 29)');
  expect(await px(page, 'max-width')).toBe(24 * 30);
  // Nothing was changed here, so nothing is saved.
  expect(await calls(page)).toEqual([]);
});

test('the progress bar and time left follow the scroll', async ({ page }) => {
  await mount(page);
  const progress = page.getByRole('progressbar', { name: 'Reading progress' });
  await expect(progress).toHaveAttribute('value', '0');
  await expect(reader(page).locator('.l-time-left')).toHaveText(`${sampleArticle.readingMinutes} min left`);
  await reader(page)
    .locator('.l-scroll')
    .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(progress).toHaveAttribute('value', '100');
  await expect(reader(page).locator('.l-time-left')).toHaveText('Finished');
});

test('the settings open in view however far the article is scrolled, and a click that closes them leaves Space to scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1100, height: 500 });
  await mount(page);
  const scroller = reader(page).locator('.l-scroll');
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2, behavior: 'instant' }));
  const scrolled = await scroller.evaluate((el) => el.scrollTop);
  expect(scrolled).toBeGreaterThan(300);
  // Where the button is on the screen (Playwright's own click would scroll it "into view" first).
  const aa = await page.getByRole('button', { name: 'Reading settings' }).boundingBox();
  if (aa === null) throw new Error('no Aa button on the screen');
  const clickAa = () => page.mouse.click(aa.x + aa.width / 2, aa.y + aa.height / 2);
  const text = () =>
    reader(page).evaluate((host) => {
      const root = host.shadowRoot as ShadowRoot;
      const bar = (root.querySelector('.l-toolbar') as HTMLElement).getBoundingClientRect().bottom;
      return Array.from(root.querySelectorAll('.l-content p')).find(
        (p) => p.getBoundingClientRect().top >= bar,
      )?.textContent;
    });
  const reading = await text();
  await clickAa();
  await expect(page.getByRole('region', { name: 'Reading settings' })).toBeVisible();
  // Under the toolbar, on the screen; the text under them is the text that was there.
  const box = await page.getByRole('region', { name: 'Reading settings' }).boundingBox();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect(box?.y ?? 1000).toBeLessThan(100);
  expect(await text()).toBe(reading);
  // A choice made with the mouse, then Aa again to close them: Space scrolls the article on.
  await page.getByRole('radio', { name: 'Sepia' }).check();
  await clickAa();
  await expect(page.getByRole('region', { name: 'Reading settings' })).toHaveCount(0);
  expect(await focusedInReader(page)).toBe('the article');
  const closed = await scroller.evaluate((el) => el.scrollTop);
  await page.keyboard.press('Space');
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(closed);
});

test('Tab goes from Aa into the open settings and on to the bar, Shift+Tab back; Esc gives the focus back to Aa', async ({
  page,
}) => {
  await mount(page);
  await page.keyboard.press('Tab');
  expect(await focusedInReader(page)).toBe('Reading settings');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Reading settings' })).toBeVisible();
  const inSettings = () =>
    reader(page).evaluate((host) => Boolean(host.shadowRoot?.activeElement?.closest('.l-settings')));
  await page.keyboard.press('Tab');
  expect(await inSettings()).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await focusedInReader(page)).toBe('Reading settings');
  // Through the settings to their end, then on to the bar's next button.
  await page.keyboard.press('Tab');
  for (let i = 0; i < 30 && (await inSettings()); i++) await page.keyboard.press('Tab');
  expect(await focusedInReader(page)).toBe('Copy text');
  await page.keyboard.press('Shift+Tab');
  expect(await inSettings()).toBe(true);
  // Esc in the settings closes them, and the focus is on the button that opened them.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Reading settings' })).toHaveCount(0);
  expect(await focusedInReader(page)).toBe('Reading settings');
});

test('forced colours (Windows high contrast) win over every theme', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await mount(page, sampleArticle, undefined, { ...DEFAULT_READER_SETTINGS, theme: 'sepia' });
  // The browser forces backgrounds itself; what our CSS decides is the palette everything else (rules,
  // focus rings, swatches) is drawn from: system colours, not the theme's.
  const palette = await root(page).evaluate((el) => {
    const css = getComputedStyle(el);
    return ['--l-bg', '--l-text', '--l-accent'].map((name) => css.getPropertyValue(name).trim());
  });
  expect(palette).toEqual(['Canvas', 'CanvasText', 'LinkText']);
});
