/**
 * The options page: the fixes for sites, read, edited, deleted, exported and imported again (issue 21 §2); a bad
 * file or a bad selector gets its reason and changes nothing that is stored.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { clearStorage, openTab, storedIn, storeIn, useExtension } from './harness.ts';

const extension = useExtension();

const stored = () => storedIn(extension);
const clear = () => clearStorage(extension);

const FIXES = {
  'rule:https://news.example': {
    rule: { root: null, remove: ['div.callout-box', 'p.story__credit'] },
    saved: Date.UTC(2026, 10, 20, 9, 30),
    used: Date.UTC(2026, 10, 26, 8, 0),
  },
  'rule:https://docs.example': {
    rule: { root: 'main#content', remove: ['nav.toc'] },
    saved: Date.UTC(2026, 10, 21, 10, 0),
    used: Date.UTC(2026, 10, 21, 10, 0),
  },
};

async function openOptions(): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(`chrome-extension://${extension.id}/extension/options/index.html`);
  await expect(page.getByRole('heading', { name: 'Your fixes for sites' })).toBeVisible();
  return page;
}

test.beforeEach(async () => {
  await clear();
  await storeIn(extension, FIXES);
});

test('lists each site’s fix, most recently used first, and saves an edit only when every selector is one', async () => {
  const page = await openOptions();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'https://news.example',
    'https://docs.example',
  ]);
  const news = page.getByRole('form', { name: 'https://news.example' });
  const blocks = news.getByLabel('Blocks left out (one CSS selector a line)');
  await expect(blocks).toHaveValue('div.callout-box\np.story__credit');

  await blocks.fill('div.callout-box\ndiv[');
  await news.getByRole('button', { name: 'Save' }).click();
  await expect(news.getByRole('alert')).toHaveText(
    'Not saved: block 2, "div[", is not a CSS selector Lectern can use.',
  );
  expect(await stored()).toEqual(FIXES);

  await blocks.fill('div.callout-box\naside.related');
  await news.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => ((await stored())['rule:https://news.example'] as { rule: unknown })?.rule)
    .toEqual({ root: null, remove: ['div.callout-box', 'aside.related'] });
  await expect(news.getByRole('alert')).toHaveCount(0);

  await page
    .getByRole('form', { name: 'https://docs.example' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['https://news.example']);
  expect(Object.keys(await stored())).toEqual(['rule:https://news.example']);
  await page.close();
});

test('exports the fixes as a file that imports again; a malformed file is refused with its reason and changes nothing', async () => {
  const page = await openOptions();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export fixes…' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('lectern-fixes.json');
  const file = readFileSync(await download.path(), 'utf8');
  const exported = JSON.parse(file) as { format: string; fixes: unknown[] };
  expect(exported.format).toBe('lectern-site-fixes');
  expect(exported.fixes).toEqual([
    { origin: 'https://news.example', root: null, remove: ['div.callout-box', 'p.story__credit'] },
    { origin: 'https://docs.example', root: 'main#content', remove: ['nav.toc'] },
  ]);

  const chooser = page.getByLabel('Import fixes…');
  const refused = async (name: string, body: string, reason: string) => {
    await chooser.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
    await expect(page.getByRole('status')).toContainText(`Nothing was imported from ${name}. ${reason}`);
    expect(await stored()).toEqual(FIXES);
  };
  await refused('notes.json', '{ "fixes": [', 'This file is not JSON (');
  await refused(
    'other.json',
    '{"fixes": []}',
    'This is not a file of fixes exported by Lectern (it has no "format": "lectern-site-fixes").',
  );
  const one = (fix: object) => JSON.stringify({ format: 'lectern-site-fixes', version: 1, fixes: [fix] });
  await refused(
    'bad-selector.json',
    one({ origin: 'https://a.example', root: null, remove: ['p', '<script>'] }),
    'Fix 1 (https://a.example): block 2, "<script>", is not a CSS selector Lectern can use.',
  );
  await refused(
    'bad-origin.json',
    one({ origin: 'javascript:alert(1)', root: null, remove: ['p'] }),
    'Fix 1: "javascript:alert(1)" is not a web site (https://…).',
  );

  // A file larger than any export is refused by its size, before it is read.
  await refused(
    'huge.json',
    `${one({ origin: 'https://a.example', root: null, remove: ['p'] })}${' '.repeat(4_100_000)}`,
    'It is 4.1 MB; a file of fixes exported by Lectern is at most 4.0 MB.',
  );

  // A good file says what it will change and changes nothing until Import: here it replaces a stored fix.
  const check = page.getByRole('region', { name: /^Import 1 fix from/ });
  const replacing = one({ origin: 'https://news.example', root: null, remove: ['aside.promo'] });
  await chooser.setInputFiles({
    name: 'news.json',
    mimeType: 'application/json',
    buffer: Buffer.from(replacing),
  });
  await expect(check).toContainText('It replaces your fix for:https://news.example');
  await expect(check.getByRole('heading')).toBeFocused();
  expect(await stored()).toEqual(FIXES);
  await check.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status')).toHaveText('Nothing was imported from news.json.');
  expect(await stored()).toEqual(FIXES);

  // Into an empty store, the exported file gives the same fixes back.
  await clear();
  await expect(page.getByText('No fixes yet.')).toBeVisible();
  await chooser.setInputFiles({
    name: 'lectern-fixes.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  const adding = page.getByRole('region', { name: 'Import 2 fixes from lectern-fixes.json?' });
  await expect(adding).toContainText('It adds a fix for:https://news.examplehttps://docs.example');
  expect(await stored()).toEqual({});
  await adding.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status')).toHaveText('Imported 2 fixes from lectern-fixes.json.');
  const again = await stored();
  expect(Object.keys(again).sort()).toEqual(Object.keys(FIXES).sort());
  for (const [key, value] of Object.entries(FIXES))
    expect((again[key] as { rule: unknown }).rule).toEqual(value.rule);
  await page.close();
});

test('the popup leads to the fixes', async () => {
  const { tabId } = await openTab(extension, 'https://news.test/news-article/');
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  const [options] = await Promise.all([
    extension.context.waitForEvent('page', (page) => page.url().includes('/extension/options/index.html')),
    popup.getByRole('button', { name: 'Your fixes for sites…' }).click(),
  ]);
  await expect(options.getByRole('heading', { name: 'Your fixes for sites' })).toBeVisible();
});
