/**
 * The overlay for people who don't use a mouse or don't see well: an axe-core scan in every theme (with the
 * settings panel and the keyboard help open, so their controls are scanned too, and a highlighted code block in
 * view, so its tokens' colours are) finds no serious or critical violation, also with every reading aid on (the
 * widest spacing, justified text, line focus, the legible typeface), and the help panel lists the keys. Each
 * theme's screenshot is attached to the test; with
 * UPDATE_SCREENSHOTS=1 it also replaces the one the README shows (docs/screenshots/).
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEFAULT_READER_SETTINGS, THEMES } from '../../extension/reader/settings.ts';
import { hostInBody, seriousViolations } from './axe.ts';
import { mount, reader, requireReaderBundle } from './mount.ts';
import { sampleArticle } from './sample-article.ts';

test.beforeAll(requireReaderBundle);

const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

for (const theme of THEMES.filter((name) => name !== 'auto')) {
  test(`the ${theme} theme has no serious or critical accessibility violation`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Host</title></head><body></body></html>',
    );
    await mount(page, sampleArticle, undefined, { ...DEFAULT_READER_SETTINGS, theme });
    const shot = await page.screenshot();
    await testInfo.attach(`reader-${theme}.png`, { body: shot, contentType: 'image/png' });
    if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}reader-${theme}.png` });

    await reader(page).getByRole('button', { name: 'Reading settings' }).click();
    await expect(reader(page).getByRole('checkbox', { name: 'Show images' })).toBeVisible();
    if (process.env.UPDATE_SCREENSHOTS && theme === 'light') {
      await page.screenshot({ path: `${SCREENSHOTS}settings-light.png` });
    }
    await page.keyboard.press('?');
    await expect(reader(page).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    // The sample's code block, highlighted and on the screen, so the tokens' colours are scanned too.
    await hostInBody(page);
    const code = reader(page).locator('.l-content pre');
    await code.scrollIntoViewIfNeeded();
    await expect(code.locator('[data-l-tokens] .hljs-keyword').first()).toBeVisible();
    const { serious, passes, tokens } = await seriousViolations(page);
    expect(serious).toEqual([]);
    // The scan ran on the reader: it found the dialog's controls to check, and the code's tokens' colours.
    expect(passes).toBeGreaterThan(10);
    expect(tokens).toBeGreaterThan(3);
  });
}

/** Every reading aid at its strongest: what a person who needs them reads with, scanned in every theme too. */
const AIDS_ON = {
  letterSpacing: 'wider',
  wordSpacing: 'wider',
  paragraphSpacing: 'wider',
  align: 'justify',
  lineFocus: 3,
  font: 'legible',
} as const;

for (const theme of THEMES.filter((name) => name !== 'auto')) {
  test(`the ${theme} theme with every reading aid on has no serious or critical accessibility violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Host</title></head><body></body></html>',
    );
    await mount(page, sampleArticle, undefined, { ...DEFAULT_READER_SETTINGS, ...AIDS_ON, theme });
    await expect(reader(page).locator('.l-focus')).toBeVisible();
    await reader(page).getByRole('button', { name: 'Reading settings' }).click();
    await expect(reader(page).getByRole('combobox', { name: 'Letters' })).toHaveValue('wider');
    await page.evaluate(() => document.fonts.ready);
    if (process.env.UPDATE_SCREENSHOTS && theme === 'light') {
      await page.screenshot({ path: `${SCREENSHOTS}aids-light.png` });
    }
    const { serious, passes } = await seriousViolations(page);
    expect(serious).toEqual([]);
    expect(passes).toBeGreaterThan(10);
  });
}

test('? shows the keys, and Esc folds the panels away before it closes the reader', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="en"><body></body></html>');
  await mount(page);
  await reader(page).getByRole('button', { name: 'Reading settings' }).click();
  await page.keyboard.press('?');
  const help = reader(page).getByRole('region', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Close reader view');
  await expect(help).toContainText('Larger or smaller text');
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
  await expect(reader(page).getByRole('region', { name: 'Reading settings' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual([]);
  await page.keyboard.press('Escape');
  expect(await page.evaluate(() => (window as unknown as { calls: string[] }).calls)).toEqual(['close']);
});
