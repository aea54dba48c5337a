/**
 * A person's fix for a site (src/rules/): the selectors built for a block match that block on the site's next
 * page, and extract() applies a fix: removed blocks are not in the article, a picked root is the article, and a
 * fix the page does not match gives the article found as usual, saying so.
 */
import { expect, type Page, test } from '@playwright/test';
import { parseSelector } from '../../src/rules/grammar.ts';
import type { SiteRule } from '../../src/rules/index.ts';
import type { Article } from '../../src/types.ts';
import { loadExtractor, VIEWPORT } from '../support/index.ts';

test.use({ viewport: VIEWPORT });

const para = (n: number, topic: string) =>
  `<p>Paragraph ${n} of the story about ${topic}, long enough to read as body text in any reader: the council met on Tuesday and argued over the budget for the new library until late in the evening, when the vote was finally taken.</p>`;

/** One page of a templated site: a story, a members' appeal in its middle, a related list and a footer. */
function sitePage(topic: string, postId: number): string {
  return `<!doctype html><html lang="en"><head><title>${topic} | The Daily</title></head><body>
<header class="site-header"><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main id="content">
  <article class="story post-${postId} css-1x9ab2c">
    <h1 class="story__title">${topic}</h1>
    <div class="story__body">
      ${para(1, topic)}${para(2, topic)}
      <div class="callout-box is-open"><p>The Daily is funded by readers like you. Become a member today and support local journalism in your town for less than the price of a coffee a week.</p></div>
      ${para(3, topic)}${para(4, topic)}
      <p class="story__credit">Photo: Agency</p>
      ${para(5, topic)}
    </div>
  </article>
  <aside class="related"><h2>Related</h2><ul><li><a href="/a">Another story</a></li><li><a href="/b">One more story</a></li></ul></aside>
</main>
<footer class="site-footer"><p>© The Daily. All rights reserved.</p></footer>
</body></html>`;
}

async function open(page: Page, html: string): Promise<void> {
  await page.setContent(html);
  await loadExtractor(page);
}

function extract(page: Page, rule: SiteRule | null): Promise<Article | null> {
  return page.evaluate((rule) => Lectern.extract(document, { rule }), rule);
}

function selectors(page: Page, css: string): Promise<{ own: string | null; like: string | null }> {
  return page.evaluate((css) => {
    const el = document.querySelector(css) as Element;
    return { own: Lectern.selectorFor(el, document), like: Lectern.selectorLike(el, document) };
  }, css);
}

test('a removed block is named so that the next page of the site matches it too, and extract leaves it out', async ({
  page,
}) => {
  await open(page, sitePage('Library budget approved', 48213));
  const before = await extract(page, null);
  expect(before?.text).toContain('Become a member today');
  const { own } = await selectors(page, '.callout-box');
  // Its class word, not the state word beside it, nor the story's generated and numbered classes.
  expect(own).toBe('div.callout-box');

  await open(page, sitePage('Harbour bridge to reopen', 50377));
  const after = await extract(page, { root: null, remove: [own as string] });
  expect(after?.text).not.toContain('Become a member today');
  expect(after?.text).toContain('Paragraph 5 of the story about Harbour bridge to reopen');
  expect(after?.diagnostics.rule).toBe('applied');
});

test('"blocks like this" names a kind of block; one block alone is named by its place when nothing else tells it apart', async ({
  page,
}) => {
  await open(page, sitePage('Library budget approved', 48213));
  const credit = await selectors(page, '.story__credit');
  expect(credit.like).toBe('p.story__credit');
  // The third paragraph has no name of its own: a position under the nearest named box, never a post number.
  const third = await selectors(page, '.story__body > p:nth-of-type(3)');
  expect(third.own).not.toBeNull();
  expect(third.own).not.toMatch(/\d{3}|css-/);
  expect(
    await page.evaluate(
      ({ css, own }) => {
        const found = document.querySelectorAll(own);
        return found.length === 1 && found[0] === document.querySelector(css);
      },
      { css: '.story__body > p:nth-of-type(3)', own: third.own as string },
    ),
  ).toBe(true);
  // A bare paragraph's kind is the named box it sits in.
  expect(third.like).toBe('div.story__body p');
});

test('a picked root is the article; a root the page lacks gives the article found as usual and says so', async ({
  page,
}) => {
  await open(page, sitePage('Library budget approved', 48213));
  const picked = await extract(page, { root: 'aside.related', remove: [] });
  expect(picked?.diagnostics.method).toBe('rule');
  expect(picked?.text).toContain('Another story');
  expect(picked?.text).not.toContain('Paragraph 1');

  const missing = await extract(page, { root: '#no-such-box', remove: [] });
  expect(missing?.diagnostics.rule).toBe('unmatched');
  expect(missing?.text).toContain('Paragraph 1 of the story');
});

test('an added box comes after the article, once, unless the article holds it; one the page lacks is no change', async ({
  page,
}) => {
  await open(page, sitePage('Library budget approved', 48213));
  const plain = await extract(page, null);
  expect(plain?.text).not.toContain('Another story');
  const added = await extract(page, {
    root: null,
    remove: [],
    add: ['aside.related', 'aside.related', 'body'],
  });
  expect(added?.diagnostics.rule).toBe('applied');
  const text = added?.text ?? '';
  // After the story's last paragraph, and only once (the same selector twice adds one box; the body none).
  expect(text.indexOf('Another story')).toBeGreaterThan(text.indexOf('Paragraph 5 of the story'));
  expect(text.split('Another story').length).toBe(2);
  expect(added?.content).toContain('One more story');
  // A box the article holds already adds nothing.
  const inside = await extract(page, { root: null, remove: [], add: ['.story__body p'] });
  expect(inside?.text.split('Paragraph 1 of the story').length).toBe(2);
  const missing = await extract(page, { root: null, remove: [], add: ['#no-such-box'] });
  expect(missing?.diagnostics.rule).toBe('unused');
  expect(missing?.text).toBe(plain?.text);
});

test('a removal never takes the article with it, and a fix that would leave nothing is not applied', async ({
  page,
}) => {
  await open(page, sitePage('Library budget approved', 48213));
  // `main` holds the picked root: not removed.
  const kept = await extract(page, { root: 'article', remove: ['main', 'body', 'html'] });
  expect(kept?.text).toContain('Paragraph 1 of the story');
  // Removing every paragraph leaves no article text: the article found as usual is shown instead.
  const emptied = await extract(page, { root: null, remove: ['p', 'h3', 'h1', 'a', 'li'] });
  expect(emptied?.text).toContain('Paragraph 1 of the story');
  expect(emptied?.diagnostics.rule).toBe('unmatched');
});

test('a stored fix of another shape is no fix: the article found as usual', async ({ page }) => {
  await open(page, sitePage('Library budget approved', 48213));
  for (const odd of [{ root: 5, remove: 'p' }, { remove: [null, 7, {}] }, 'p', 42]) {
    const article = await extract(page, odd as unknown as SiteRule);
    expect(article?.text).toContain('Paragraph 5 of the story');
    expect(article?.diagnostics.rule).toBe('unused');
  }
});

/**
 * A page of the same site whose appeal is an element the HTML parser names `x,p:not(.q),*` (a tag name runs to
 * the first space, `/` or `>`), and whose own paragraphs are all of class `q`: that name written into a selector
 * would make the list `x`, `p:not(.q)`, `*.promo`, one box on this page and every plain paragraph on the next.
 */
function plantingPage(tag: string): string {
  return `<!doctype html><html lang="en"><head><title>Members | The Daily</title></head><body>
<main id="content"><article class="story"><h1 class="story__title">Members</h1><div class="story__body">
  ${[1, 2, 3].map((n) => para(n, 'members').replace('<p>', '<p class="q">')).join('')}
  <${tag} class="promo" style="display:block">The Daily is funded by readers like you: become a member today.</${tag}>
  ${para(4, 'members').replace('<p>', '<p class="q">')}
</div></article></main></body></html>`;
}

test('a page can’t name an element so that the selector built for it matches other boxes on the site', async ({
  page,
}) => {
  await open(page, plantingPage('x,p:not(.q),*'));
  expect(await page.evaluate(() => document.querySelector('.promo')?.localName)).toBe('x,p:not(.q),*');
  const { own, like } = await selectors(page, '.promo');
  // Its class word under any tag: the name is no plain tag, so it is not written.
  expect(own).toBe('*.promo');
  expect(like).toBe('*.promo');
  for (const selector of [own, like]) expect(parseSelector(selector as string).ok).toBe(true);

  await open(page, sitePage('Harbour bridge to reopen', 50377));
  const paragraphs = await page.evaluate(
    (own) => Array.from(document.querySelectorAll(own)).filter((el) => el.localName === 'p').length,
    own as string,
  );
  expect(paragraphs).toBe(0);
  const after = await extract(page, { root: null, remove: [own as string] });
  for (const n of [1, 2, 3, 4, 5])
    expect(after?.text).toContain(`Paragraph ${n} of the story about Harbour bridge to reopen`);

  // Picked as the article, an element named to hold `body` names no body either.
  await open(page, plantingPage('x,body,*'));
  expect((await selectors(page, '.promo')).own).toBe('*.promo');
});

test('a fix’s selectors outside the grammar match nothing, and its root is never the page itself', async ({
  page,
}) => {
  await open(page, sitePage('Harbour bridge to reopen', 50377).replace('<body>', '<body class="home">'));
  // A list planted in storage would leave out every plain paragraph: it is no selector of a fix.
  const planted = await extract(page, { root: null, remove: ['x,p:not(.q),*.promo'] });
  expect(planted?.text).toContain('Paragraph 1 of the story about Harbour bridge to reopen');
  expect(planted?.diagnostics.rule).toBe('unused');
  for (const rule of [
    { root: null, remove: ['p:not(.q)'] },
    { root: null, remove: ['.story__body > :is(p)'] },
    { root: null, remove: ['[class]'] },
    { root: null, remove: ['h1 ~ p'] },
  ]) {
    const article = await extract(page, rule);
    expect(article?.text, rule.remove[0]).toContain(
      'Paragraph 3 of the story about Harbour bridge to reopen',
    );
  }
  // A root that is, or matches first, the body or the page: none, and the article is found as usual.
  for (const root of ['body', 'html', '.home']) {
    const article = await extract(page, { root, remove: [] });
    expect(article?.diagnostics.rule, root).toBe('unmatched');
    expect(article?.text).not.toContain('All rights reserved');
  }
});
