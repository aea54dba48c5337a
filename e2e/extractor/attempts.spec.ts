/**
 * The readings extract() tries, in order until one gives an article, each recorded in diagnostics.attempts with
 * what came of it: the page as it is; a page that is mostly its comments, read again as them; a person's fix that
 * leaves no text, then the page without it; the site's template, named when given.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Article, ExtractOptions } from '../../src/types.ts';
import { fixtureUrl, loadExtractor, serveFixtures, VIEWPORT } from '../support/index.ts';

test.use({ viewport: VIEWPORT });

test.beforeEach(async ({ context }) => {
  await serveFixtures(context);
});

async function extractFrom(page: Page, slug: string, options: ExtractOptions = {}): Promise<Article | null> {
  await page.goto(fixtureUrl(slug));
  await loadExtractor(page);
  return page.evaluate((options) => Lectern.extract(document, options), options);
}

test('an article found at once is one attempt', async ({ page }) => {
  const article = await extractFrom(page, 'news-article');
  expect(article?.diagnostics.attempts).toEqual([{ name: 'plain', outcome: 'article' }]);
});

test('a story page that is its comments is read again as them, and that reading gives the thread', async ({
  page,
}) => {
  const article = await extractFrom(page, 'thread-comments-only');
  expect(article?.kind).toBe('thread');
  const attempts = article?.diagnostics.attempts ?? [];
  expect(attempts.map((a) => a.name)).toEqual(['plain', 'comments']);
  expect(attempts[0]?.outcome).not.toBe('article');
  expect(attempts[1]?.outcome).toBe('article');
});

test('a fix whose root holds no text is tried first, then the page as usual, and the fix is said to be unmatched', async ({
  page,
}) => {
  await page.goto(fixtureUrl('news-article'));
  await page.evaluate(() => {
    const slot = document.createElement('div');
    slot.id = 'empty-slot';
    document.body.prepend(slot);
  });
  await loadExtractor(page);
  const article = await page.evaluate(() =>
    Lectern.extract(document, { rule: { root: 'div#empty-slot', remove: [] } }),
  );
  expect(article?.diagnostics.attempts).toEqual([
    { name: 'fix', outcome: 'empty' },
    { name: 'plain', outcome: 'article' },
  ]);
  expect(article?.diagnostics.rule).toBe('unmatched');
});

test('a reading with the site template is named so', async ({ page }) => {
  const article = await extractFrom(page, 'news-article', { template: [123456789] });
  expect(article?.diagnostics.attempts).toEqual([{ name: 'template', outcome: 'article' }]);
});
