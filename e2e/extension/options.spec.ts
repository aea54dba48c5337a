/**
 * The options page: the fixes for sites, read, edited, deleted, exported and imported again; a bad file or a bad
 * selector gets its reason and changes nothing that is stored.
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
    'Not saved: block 2 ("div["): attribute selectors ([…]) are not allowed.',
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

test('a deleted fix can be undone where it was, and comes back as it was stored; the list sits under Export and Import', async () => {
  const page = await openOptions();
  // The fixes come first, right under the buttons that export and import them.
  const exported = await page.getByRole('button', { name: 'Export fixes…' }).boundingBox();
  const first = await page.getByRole('form', { name: 'https://news.example' }).boundingBox();
  expect((first?.y ?? 0) - ((exported?.y ?? 0) + (exported?.height ?? 0))).toBeLessThan(100);

  await page
    .getByRole('form', { name: 'https://news.example' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Deleted the fix for https://news.example.' }),
  ).toBeVisible();
  expect(Object.keys(await stored())).toEqual(['rule:https://docs.example']);
  // In its place: above the other fix, Undo holding the focus.
  const undo = page.getByRole('button', { name: 'Undo' });
  await expect(undo).toBeFocused();
  const [line, other] = await Promise.all([
    undo.boundingBox(),
    page.getByRole('form', { name: 'https://docs.example' }).boundingBox(),
  ]);
  expect(line?.y ?? 0).toBeLessThan(other?.y ?? 0);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 3 })).toHaveText([
    'https://news.example',
    'https://docs.example',
  ]);
  expect(await stored()).toEqual(FIXES);
  await expect(page.getByRole('heading', { name: 'https://news.example' })).toBeFocused();
  await expect(undo).toHaveCount(0);
  await page.close();
});

test('a fix saved for the site after its Delete (from a reader) shows in place of the line to undo', async () => {
  const page = await openOptions();
  await page
    .getByRole('form', { name: 'https://docs.example' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  const newer = {
    rule: { root: null, remove: ['aside.promo'] },
    saved: Date.UTC(2026, 11, 1),
    used: Date.UTC(2026, 11, 1),
  };
  await storeIn(extension, { 'rule:https://docs.example': newer });
  const docs = page.getByRole('form', { name: 'https://docs.example' });
  await expect(docs.getByLabel('Blocks left out (one CSS selector a line)')).toHaveValue('aside.promo');
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  expect((await stored())['rule:https://docs.example']).toEqual(newer);
  await page.close();
});

const ONLY = 'only tag, #id, .class and :nth-of-type(n)';
const BESIDE = 'only a space (inside) and ">" (directly inside) join boxes';
/** Each form of CSS a fix may not hold, in the field it is typed into, and the reason the page gives. */
const FORBIDDEN: { field: 'remove' | 'add' | 'root'; selector: string; reason: string }[] = [
  { field: 'remove', selector: 'x,p:not(.q),*.promo', reason: 'a list of selectors (",") is not allowed' },
  { field: 'remove', selector: 'div:has(> img)', reason: `":has(…)" is not allowed: ${ONLY}` },
  { field: 'remove', selector: ':is(aside, nav) p', reason: `":is(…)" is not allowed: ${ONLY}` },
  { field: 'add', selector: 'p:not(.q)', reason: `":not(…)" is not allowed: ${ONLY}` },
  { field: 'root', selector: ':where(main)', reason: `":where(…)" is not allowed: ${ONLY}` },
  { field: 'remove', selector: 'a[href*="promo"]', reason: 'attribute selectors ([…]) are not allowed' },
  { field: 'remove', selector: 'h2 + p', reason: `"+" (boxes beside each other) is not allowed: ${BESIDE}` },
  { field: 'remove', selector: 'h2 ~ p', reason: `"~" (boxes beside each other) is not allowed: ${BESIDE}` },
  { field: 'remove', selector: `div.${'a'.repeat(297)}`, reason: 'too long (301 characters; at most 300)' },
  {
    field: 'remove',
    selector: Array.from({ length: 21 }, () => 'div').join(' > '),
    reason: 'too deep (21 boxes; at most 20)',
  },
  { field: 'root', selector: 'body', reason: '"body" is the whole page: the article must be a box in it' },
  { field: 'root', selector: 'html', reason: '"html" is the whole page: the article must be a box in it' },
  {
    field: 'add',
    selector: 'html > body',
    reason: '"body" is the whole page: a box added must be a box in it',
  },
];

/** How the page names a field's selector in its reason (a long one cut short). */
function named(field: 'remove' | 'add' | 'root', selector: string): string {
  const shown = selector.length > 80 ? `${selector.slice(0, 79)}…` : selector;
  const what = field === 'remove' ? 'block 1' : field === 'add' ? 'added box 1' : "the article's root";
  return `${what} ("${shown}")`;
}

test('the editor refuses every selector outside the fix’s grammar, saying why, and stores nothing', async () => {
  const page = await openOptions();
  const news = page.getByRole('form', { name: 'https://news.example' });
  const fields = {
    remove: news.getByLabel('Blocks left out (one CSS selector a line)'),
    add: news.getByLabel('Boxes added after the article (one CSS selector a line)'),
    root: news.getByLabel('The article (a CSS selector; empty: found by Lectern)'),
  };
  for (const { field, selector, reason } of FORBIDDEN) {
    await fields.remove.fill(field === 'remove' ? selector : 'div.callout-box');
    await fields.add.fill(field === 'add' ? selector : '');
    await fields.root.fill(field === 'root' ? selector : '');
    await news.getByRole('button', { name: 'Save' }).click();
    await expect(news.getByRole('alert')).toHaveText(`Not saved: ${named(field, selector)}: ${reason}.`);
    expect(await stored()).toEqual(FIXES);
  }
  await page.close();
});

test('an import holding any selector outside the fix’s grammar is refused with the fix, the selector and why', async () => {
  const page = await openOptions();
  const chooser = page.getByLabel('Import fixes…');
  for (const [index, { field, selector, reason }] of FORBIDDEN.entries()) {
    const fix =
      field === 'root'
        ? { origin: 'https://a.example', root: selector, remove: [] }
        : { origin: 'https://a.example', root: null, remove: [], [field]: [selector] };
    const body = JSON.stringify({
      format: 'lectern-site-fixes',
      version: 1,
      fixes: [{ origin: 'https://ok.example', root: null, remove: ['div.ok'] }, fix],
    });
    const name = `planted-${index}.json`;
    await chooser.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
    await expect(page.getByRole('status')).toHaveText(
      `Nothing was imported from ${name}. Fix 2 (https://a.example): ${named(field, selector)}: ${reason}.`,
    );
    expect(await stored()).toEqual(FIXES);
  }
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
    'Fix 1 (https://a.example): block 2 ("<script>"): "<" can\'t stand here: only tag, #id, .class and :nth-of-type(n), joined by a space or ">".',
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

test('a stored fix Lectern no longer applies is listed with why, to mend or delete, not lost without a word', async () => {
  const old = { rule: { root: null, remove: ['div[data-ad]', 'p.sponsor'] }, saved: 1, used: 1 };
  await storeIn(extension, { 'rule:https://old.example': old });
  const page = await openOptions();
  const form = page.getByRole('form', { name: 'https://old.example' });
  await expect(form.getByRole('alert')).toHaveText(
    'Not used: block 1 ("div[data-ad]"): attribute selectors ([…]) are not allowed.',
  );
  const blocks = form.getByLabel('Blocks left out (one CSS selector a line)');
  await expect(blocks).toHaveValue('div[data-ad]\np.sponsor');
  await blocks.fill('div.ad\np.sponsor');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => ((await stored())['rule:https://old.example'] as { rule: unknown }).rule)
    .toEqual({ root: null, remove: ['div.ad', 'p.sponsor'] });
  await expect(page.getByRole('form', { name: 'https://old.example' }).getByRole('alert')).toHaveCount(0);

  await storeIn(extension, { 'rule:https://old.example': old });
  await expect(form.getByRole('alert')).toHaveText(/^Not used: /);
  await form.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('form', { name: 'https://old.example' })).toHaveCount(0);
  expect((await stored())['rule:https://old.example']).toBeUndefined();
  await page.close();
});

test('the popup leads to the fixes', async () => {
  const { tabId } = await openTab(extension, 'https://news.test/news-article/');
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  // Found among the context's pages, not by the 'page' event: Chromium may create the tab before it has the
  // options page's URL, and a predicate on the event reads the URL only then (it timed out once in four CI runs).
  const optionsPages = () =>
    extension.context.pages().filter((page) => page.url().includes('/extension/options/index.html'));
  for (const open of optionsPages()) await open.close();
  await popup.getByRole('button', { name: 'Your fixes for sites…' }).click();
  await expect.poll(() => optionsPages().length).toBe(1);
  const [options] = optionsPages();
  if (!options) throw new Error('no options page');
  await expect(options.getByRole('heading', { name: 'Your fixes for sites' })).toBeVisible();
});
