/**
 * Fix it once, fixed for the site: in the built extension, a person removes a block in the
 * reader's Edit mode, and the next page of the same site opens without its block of that kind, saying so; Undo
 * shows the page without the fix, and the fix can be forgotten. Pointing is a real mouse click or a real key,
 * in the reader's closed shadow root (e2e/support/overlay.ts).
 */
import { expect, type Page, test } from '@playwright/test';
import { parseSelector } from '../../src/rules/grammar.ts';
import { editBarLayout } from '../support/edit-bar.ts';
import type { overlayOf } from '../support/overlay.ts';
import { clearStorage, openReaderOn, storedIn, storeIn, useExtension } from './harness.ts';

const extension = useExtension();

const para = (n: number, topic: string) =>
  `<p>Paragraph ${n} of the story about ${topic}. The council met on Tuesday and argued over the budget for the new library until late in the evening, when the vote was finally taken and the room emptied.</p>`;

const APPEAL = 'Become a member today';

/** A page of one templated site: its story has a members' appeal in the middle, which the reader keeps. */
function sitePage(topic: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${topic} | The Daily</title></head><body>
<header class="site-header"><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main id="content"><article class="story">
  <h1 class="story__title">${topic}</h1>
  <div class="story__body">
    ${para(1, topic)}${para(2, topic)}
    <div class="callout-box"><p>The Daily is funded by readers like you. ${APPEAL} and support local journalism in your town for less than the price of a coffee a week.</p></div>
    ${para(3, topic)}${para(4, topic)}
    <p class="story__credit">Photo: Agency. Additional reporting by the city desk, who were in the room for the whole of the meeting.</p>
    ${para(5, topic)}
    <p class="story__credit">Graphics: the data team, from the council's own published figures for the last ten years.</p>
  </div>
</article>
<aside class="key-facts"><h2>Key facts</h2><p>The library will open in the spring of next year, with twice the floor space of the old building and a children's wing.</p></aside></main>
<footer class="site-footer"><p>© The Daily. All rights reserved.</p></footer>
</body></html>`;
}

const PAGES = {
  first: { url: 'https://news.test/fix-site-library/', topic: 'Library budget approved' },
  second: { url: 'https://news.test/fix-site-bridge/', topic: 'Harbour bridge to reopen' },
};

/**
 * A page of the same site that plants a fix: its appeal is one element the HTML parser names `x,p:not(.q),*`
 * (a tag name runs to the first space, `/` or `>`), and its paragraphs are all of class `q`. That name written
 * into a selector is the list `x`, `p:not(.q)`, `*.callout-box`: this page's appeal alone, every plain paragraph
 * of the site's other pages.
 */
const PLANTED = 'x,p:not(.q),*';
function plantingPage(): string {
  const plain = [1, 2, 3, 4].map((n) => para(n, 'members').replace('<p>', '<p class="q">'));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Members | The Daily</title></head><body>
<main id="content"><article class="story"><h1 class="story__title">Members</h1><div class="story__body">
  ${plain.slice(0, 2).join('')}
  <${PLANTED} class="callout-box" style="display:block"><p class="q">The Daily is funded by readers like you. ${APPEAL} and support local journalism in your town for less than the price of a coffee a week.</p></${PLANTED}>
  ${plain.slice(2).join('')}
</div></article></main></body></html>`;
}

/**
 * A page of the site with more text than its paragraphs (a summary and a list of points), so that a fix that
 * left every paragraph out would still leave an article, and be applied.
 */
function pageWithSummary(topic: string): string {
  const point = (n: number) =>
    `<li>Point ${n} of the summary: the council's vote on the new library, its cost over ten years, and what the residents who came to the meeting asked of it.</li>`;
  return sitePage(topic).replace(
    '<div class="story__body">',
    `<div class="story__summary"><ul>${[1, 2, 3, 4, 5].map(point).join('')}</ul></div><div class="story__body">`,
  );
}

/**
 * A page whose story holds three "Read also" lines, and whose sidebar (not in the reader) four more of the same
 * kind.
 */
function readAlsoPage(): string {
  const also = (n: number) =>
    `<p class="read-also">Read also: story number ${n} of the week's harbour coverage</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour week | The Daily</title></head><body>
<main id="content"><article class="story"><h1 class="story__title">Harbour week</h1><div class="story__body">
${para(1, 'Harbour week')}${also(1)}${para(2, 'Harbour week')}${also(2)}${para(3, 'Harbour week')}${also(3)}${para(4, 'Harbour week')}
</div></article>
<aside class="sidebar"><h2>More from the harbour</h2>${also(4)}${also(5)}${also(6)}${also(7)}</aside></main>
</body></html>`;
}

/** A long story of one site: thirty paragraphs, a reader's several screens. */
function longPage(): string {
  const paragraphs = Array.from({ length: 30 }, (_, i) => para(i + 1, 'Harbour works')).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour works | The Daily</title></head><body>
<main id="content"><article class="story"><h1 class="story__title">Harbour works</h1><div class="story__body">${paragraphs}</div></article></main>
</body></html>`;
}

const MORE = {
  long: { url: 'https://news.test/fix-site-long/', body: longPage() },
  planting: { url: 'https://news.test/fix-site-members/', body: plantingPage() },
  readAlso: { url: 'https://news.test/fix-site-read-also/', body: readAlsoPage() },
  next: { url: 'https://news.test/fix-site-harbour/', body: pageWithSummary(PAGES.second.topic) },
};

test.beforeEach(async () => {
  for (const { url, topic } of Object.values(PAGES)) {
    await extension.context.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: sitePage(topic) }),
    );
  }
  for (const { url, body } of Object.values(MORE)) {
    await extension.context.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body }),
    );
  }
});

test.afterEach(async () => {
  await clearStorage(extension);
});

/** The fixes storage.local holds (the boilerplate memory keeps its own keys beside them: memory.spec.ts). */
const stored = async () =>
  Object.fromEntries(Object.entries(await storedIn(extension)).filter(([key]) => key.startsWith('rule:')));

const openReader = (url: string) => openReaderOn(extension, url, 'Paragraph 1 of the story');

/** Clicks, with the real mouse, the article block in the reader whose text holds `text`. */
async function clickBlock(page: Page, overlay: Awaited<ReturnType<typeof overlayOf>>, text: string) {
  const box = await overlay.evaluate((root, wanted) => {
    const blocks = Array.from(root.querySelectorAll('.l-content .l-editable'));
    const block = blocks.reverse().find((el) => (el.textContent ?? '').includes(wanted));
    if (!block) return null;
    block.scrollIntoView({ block: 'center' });
    const r = block.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, text);
  if (box === null) throw new Error(`no editable block holds "${text}"`);
  await page.mouse.click(box.x, box.y);
}

/** What the picker's status line says (the picker sits beside the reader, which it hides meanwhile). */
function pickerSays(overlay: Awaited<ReturnType<typeof overlayOf>>): Promise<string> {
  return overlay.evaluate((root) => root.querySelector('.l-picker [role="status"]')?.textContent ?? '');
}

/**
 * In the picker: scrolls the page (Page Down, as the bar says) until its key-facts box is in view, and points
 * at it; returns where it is once the picker outlines it.
 */
async function pointAtKeyFacts(page: Page, overlay: Awaited<ReturnType<typeof overlayOf>>) {
  const where = () =>
    page.evaluate(() => {
      const r = (document.querySelector('aside.key-facts') as Element).getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, seen: r.bottom <= window.innerHeight };
    });
  for (let presses = 0; !(await where()).seen && presses < 10; presses++)
    await page.keyboard.press('PageDown');
  const box = await where();
  expect(box.seen).toBe(true);
  await page.mouse.move(box.x, box.y);
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: aside · 2\d words$/);
  return box;
}

async function startEditing(overlay: Awaited<ReturnType<typeof overlayOf>>): Promise<void> {
  await overlay.click('More options');
  await overlay.click('Fix the text…');
  await expect.poll(() => overlay.has('Done')).toBe(true);
}

test('a block removed in the reader is left out of the next page of the site, which says so; Undo and Forget work', async () => {
  const first = await openReader(PAGES.first.url);
  expect(await first.overlay.shows(APPEAL)).toBe(true);
  await startEditing(first.overlay);
  await clickBlock(first.page, first.overlay, APPEAL);
  // Shown at once as the fix will give it: the appeal is gone, the story is whole.
  await expect.poll(() => first.overlay.shows(APPEAL)).toBe(false);
  expect(await first.overlay.shows('Paragraph 5 of the story about Library budget approved')).toBe(true);
  await first.overlay.click('Done');
  await expect.poll(() => first.overlay.shows('Saved. Lectern will use your fix on news.test.')).toBe(true);
  // Stored for the origin: selectors only, no article text.
  const saved = await stored();
  expect(Object.keys(saved)).toEqual(['rule:https://news.test']);
  expect(JSON.stringify(saved)).not.toContain('Paragraph');
  await first.page.close();

  const second = await openReader(PAGES.second.url);
  expect(await second.overlay.shows('Paragraph 5 of the story about Harbour bridge to reopen')).toBe(true);
  expect(await second.overlay.shows(APPEAL)).toBe(false);
  await expect.poll(() => second.overlay.shows('Using your fix for news.test.')).toBe(true);

  // Undo: this page without the fix, the appeal back; the fix stays stored.
  await second.overlay.click('Undo');
  await expect.poll(() => second.overlay.shows(APPEAL)).toBe(true);
  expect(await second.overlay.shows('Showing this page without your fix for news.test.')).toBe(true);
  expect(Object.keys(await stored())).toEqual(['rule:https://news.test']);

  await second.overlay.click('Forget my fix');
  await expect.poll(() => second.overlay.shows('Lectern forgot your fix for news.test.')).toBe(true);
  expect(await stored()).toEqual({});
  await second.page.close();
});

test('the keyboard edits too: Enter removes the focused block, "Remove blocks like this" its kind, Esc leaves the edit and keeps the reader open', async () => {
  const { page, overlay } = await openReader(PAGES.first.url);
  await startEditing(overlay);
  // Tab from the bar's buttons into the article's blocks, to the first credit line.
  const focusCredit = () =>
    overlay.evaluate((root) => {
      const credit = Array.from(root.querySelectorAll<HTMLElement>('.l-content .l-editable')).find((el) =>
        (el.textContent ?? '').startsWith('Photo: Agency'),
      );
      credit?.focus();
      return root.activeElement === credit;
    });
  expect(await focusCredit()).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => overlay.shows('Photo: Agency')).toBe(false);
  expect(await overlay.shows('Graphics: the data team')).toBe(true);

  await overlay.click('Remove blocks like this');
  await expect.poll(() => overlay.shows('Graphics: the data team')).toBe(false);
  expect(await overlay.shows('Paragraph 5 of the story')).toBe(true);

  await overlay.click('Undo');
  await expect.poll(() => overlay.shows('Graphics: the data team')).toBe(true);
  expect(await overlay.shows('Photo: Agency')).toBe(false);
  // Undone, there is no last removal to widen: "Remove blocks like this" waits for the next one.
  expect(
    await overlay.evaluate(
      (root) =>
        Array.from(root.querySelectorAll('button')).find((b) => b.textContent === 'Remove blocks like this')
          ?.disabled,
    ),
  ).toBe(true);

  // Esc ends the edit without saving, and the reader stays open with the page as it was.
  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.has('Done')).toBe(false);
  expect(await overlay.shows('Photo: Agency')).toBe(true);
  expect(await stored()).toEqual({});
  await page.close();
});

test('the Edit mode opens where the person was reading, and the reader stays there when it ends: the minutes left do not rise', async () => {
  const { page, overlay } = await openReader(MORE.long.url);
  const where = () =>
    overlay.evaluate((root) => {
      // The first paragraph a person reads: the first to start below the toolbar, and below the Edit mode's
      // bar while it shows.
      const bars = Array.from(root.querySelectorAll('.l-toolbar, .l-fixbar-editing'));
      const top = Math.max(...bars.map((bar) => bar.getBoundingClientRect().bottom));
      const first = Array.from(root.querySelectorAll('.l-content p')).find(
        (p) => p.getBoundingClientRect().top >= top,
      );
      return {
        paragraph: (first?.textContent ?? '').slice(0, 14),
        left: Number.parseInt(root.querySelector('.l-time-left')?.textContent ?? '', 10),
      };
    });
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 2500);
  // Once the wheel's scroll has come to rest.
  const scrolled = () =>
    overlay.evaluate((root) => (root.querySelector('.l-scroll') as HTMLElement).scrollTop);
  let last = -1;
  await expect
    .poll(async () => {
      const now = await scrolled();
      const still = now === last && now > 0;
      last = now;
      return still;
    })
    .toBe(true);
  const reading = await where();
  await startEditing(overlay);
  await expect.poll(async () => (await where()).paragraph).toBe(reading.paragraph);
  // The Edit mode's blocks are a little taller: the share scrolled, and so the minutes left, may round apart.
  expect((await where()).left).toBeLessThanOrEqual(reading.left + 1);
  // Esc ends the edit: the reader again, at the same place.
  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.has('Done')).toBe(false);
  await expect.poll(async () => (await where()).paragraph).toBe(reading.paragraph);
  expect((await where()).left).toBeLessThanOrEqual(reading.left);
  await page.close();
});

test('on a narrow window the Edit mode’s bar stays in view under the toolbar’s buttons, its buttons inside it, and a block reached with Tab shows under it', async () => {
  const { page, overlay } = await openReader(MORE.long.url);
  // The window is the context's, shared with the next tests' tabs: its size is given back at the end.
  const [width, height] = await page.evaluate(() => [innerWidth, innerHeight]);
  await page.setViewportSize({ width: 480, height: 700 });
  await startEditing(overlay);
  const view = async () => {
    const seen = await overlay.evaluate(editBarLayout);
    if (!seen) throw new Error('no Edit mode bar');
    return seen;
  };
  const inView = async () => {
    const { row, bar, buttons, width } = await view();
    expect(bar.top).toBeGreaterThanOrEqual(row.bottom - 1);
    expect(bar.top).toBeLessThan(120);
    for (const button of buttons) {
      expect(button.left).toBeGreaterThanOrEqual(bar.left);
      expect(button.right).toBeLessThanOrEqual(Math.min(bar.right, width));
      expect(button.bottom).toBeLessThanOrEqual(bar.bottom);
    }
  };
  await inView();
  await page.mouse.move(240, 500);
  await page.mouse.wheel(0, 1500);
  await expect
    .poll(() => overlay.evaluate((root) => (root.querySelector('.l-scroll') as HTMLElement).scrollTop))
    .toBeGreaterThan(1000);
  await inView();
  // Shift+Tab from the first block in view back through the ones scrolled past: each one reached scrolls to
  // just under the bar, whole.
  await overlay.evaluate((root) => {
    const bar = root.querySelector('.l-fixbar-editing')?.getBoundingClientRect().bottom ?? 0;
    const blocks = Array.from(root.querySelectorAll<HTMLElement>('.l-content .l-editable'));
    blocks.find((block) => block.getBoundingClientRect().top >= bar)?.focus({ preventScroll: true });
  });
  let reached = 0;
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Shift+Tab');
    const { bar, focused } = await view();
    if (focused === null) continue;
    reached += 1;
    expect(focused.top).toBeGreaterThanOrEqual(bar.bottom);
  }
  expect(reached).toBeGreaterThan(4);
  await page.setViewportSize({ width, height });
  await page.close();
});

test('"Remove blocks like this" says how many blocks of the reader went, not how many the page holds', async () => {
  const { page, overlay } = await openReader(MORE.readAlso.url);
  expect(await overlay.shows('Read also: story number 2')).toBe(true);
  expect(await overlay.shows('Read also: story number 5')).toBe(false);
  await startEditing(overlay);
  await clickBlock(page, overlay, 'Read also: story number 1');
  await expect.poll(() => overlay.shows('Read also: story number 1')).toBe(false);
  await overlay.click('Remove blocks like this');
  await expect.poll(() => overlay.shows('Read also: story number 3')).toBe(false);
  // The clicked line and the two more in the story: the sidebar's four were never in the reader.
  expect(await overlay.shows('Removed 3 blocks like that one.')).toBe(true);
  expect(await overlay.shows('Paragraph 4 of the story')).toBe(true);
  await page.close();
});

test('the article can be picked on the page: the box under the pointer, or the box around the article widened with ↑, is the article on the site’s next page too', async () => {
  const { page, overlay } = await openReader(PAGES.first.url);
  expect(await overlay.shows('Key facts')).toBe(false);
  await startEditing(overlay);
  await overlay.click('Pick the article on the page');
  await expect.poll(() => overlay.has('Take this box')).toBe(true);
  // The page shows through: point at its key-facts box and click it.
  const box = await pointAtKeyFacts(page, overlay);
  await page.mouse.click(box.x, box.y);
  await expect.poll(() => overlay.shows('The library will open in the spring')).toBe(true);
  expect(await overlay.shows('Paragraph 1 of the story')).toBe(false);

  // Undo gives the story back; Esc in the picker leaves the reader as it was.
  await overlay.click('Undo');
  await expect.poll(() => overlay.shows('Paragraph 1 of the story')).toBe(true);
  await overlay.click('Pick the article on the page');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: div · /);
  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.has('Take this box')).toBe(false);
  expect(await overlay.shows('Paragraph 1 of the story')).toBe(true);
  expect(await overlay.has('Done')).toBe(true);
  // Keyboard alone: the picker starts on the box holding the article; ↑ widens it to the page's <main>.
  await overlay.click('Pick the article on the page');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: div · /);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: article · /);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: main · /);
  await page.keyboard.press('Enter');
  await expect.poll(() => overlay.shows('Paragraph 1 of the story')).toBe(true);
  expect(await overlay.shows('The library will open in the spring')).toBe(true);
  await overlay.click('Done');
  await expect.poll(() => overlay.shows('Saved. Lectern will use your fix on news.test.')).toBe(true);
  await page.close();

  const second = await openReader(PAGES.second.url);
  expect(await second.overlay.shows('The library will open in the spring')).toBe(true);
  expect(await second.overlay.shows('Paragraph 5 of the story about Harbour bridge to reopen')).toBe(true);
  await second.page.close();
});

test('a box widened to stays outlined while the pointer glides to the picker’s bar: Take this box takes it; the pointer resting on another box outlines that', async () => {
  const { page, overlay } = await openReader(PAGES.first.url);
  await startEditing(overlay);
  await overlay.click('Pick the article on the page');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: div · /);
  // Widened from the article's box to the page's <main>, which holds the key facts too.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: main · /);
  // A person's pointer glides from inside <main> to the bar's button, over the bar and the page under it.
  const from = await page.evaluate(() => {
    const r = (document.querySelector('main') as Element).getBoundingClientRect();
    return { x: r.x + r.width / 2, y: Math.max(r.y, 0) + 40 };
  });
  const to = await overlay.evaluate((root) => {
    const button = Array.from(root.querySelectorAll('.l-picker button')).find(
      (b) => b.textContent === 'Take this box',
    ) as HTMLElement;
    const r = button.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  for (let step = 0; step <= 8; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 8, from.y + ((to.y - from.y) * step) / 8);
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
  }
  expect(await pickerSays(overlay)).toMatch(/^Outlined: main · /);
  await page.mouse.down();
  await page.mouse.up();
  await expect.poll(() => overlay.shows('The library will open in the spring')).toBe(true);
  expect(await overlay.shows('Paragraph 1 of the story')).toBe(true);
  // A box chosen with the keys gives way to the pointer that rests on another box.
  await overlay.click('Undo');
  await overlay.click('Pick the article on the page');
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => pickerSays(overlay)).toMatch(/^Outlined: article · /);
  await pointAtKeyFacts(page, overlay);
  await page.close();
});

test('a box the article left out can be added after it (the A key here; the bar has a button too), and is added on the site’s next page too', async () => {
  const { page, overlay } = await openReader(PAGES.first.url);
  expect(await overlay.shows('Key facts')).toBe(false);
  await startEditing(overlay);
  await overlay.click('Pick the article on the page');
  await expect.poll(() => overlay.has('Add it after the article')).toBe(true);
  await pointAtKeyFacts(page, overlay);
  // The A key adds the outlined box (the button does the same).
  await page.keyboard.press('a');
  await expect.poll(() => overlay.shows('The library will open in the spring')).toBe(true);
  // The story stays, and the box comes after it.
  const text = await overlay.text();
  expect(text.indexOf('The library will open in the spring')).toBeGreaterThan(
    text.indexOf('Paragraph 5 of the story about Library budget approved'),
  );
  await overlay.click('Done');
  await expect.poll(() => overlay.shows('Saved. Lectern will use your fix on news.test.')).toBe(true);
  const saved = (await stored())['rule:https://news.test'] as { rule: { add?: string[] } };
  expect(saved.rule.add).toEqual(['aside.key-facts']);
  await page.close();

  const second = await openReader(PAGES.second.url);
  expect(await second.overlay.shows('Paragraph 5 of the story about Harbour bridge to reopen')).toBe(true);
  expect(await second.overlay.shows('The library will open in the spring')).toBe(true);
  await expect.poll(() => second.overlay.shows('Using your fix for news.test.')).toBe(true);
  await second.page.close();
});

test('when a new fix makes room by forgetting an older one, the reader says so without naming the other site', async () => {
  // As many fixes as Lectern keeps, for other sites, each used long ago.
  const others: Record<string, unknown> = {};
  for (let i = 0; i < 200; i++)
    others[`rule:https://site-${i}.example`] = {
      rule: { root: null, remove: ['div.promo'] },
      saved: 1_700_000_000_000 + i,
      used: 1_700_000_000_000 + i,
    };
  await storeIn(extension, others);
  const { page, overlay } = await openReader(PAGES.first.url);
  await startEditing(overlay);
  await clickBlock(page, overlay, APPEAL);
  await expect.poll(() => overlay.shows(APPEAL)).toBe(false);
  await overlay.click('Done');
  await expect
    .poll(() =>
      overlay.shows(
        'Saved. Lectern will use your fix on news.test. To make room, Lectern forgot an older fix (the options page lists those kept).',
      ),
    )
    .toBe(true);
  expect(await overlay.text()).not.toContain('example');
  const kept = Object.keys(await stored());
  expect(kept).toHaveLength(200);
  expect(kept).toContain('rule:https://news.test');
  expect(kept).not.toContain('rule:https://site-0.example');
  await page.close();
});

test('a block whose tag name reads as a selector list is removed as that block alone: the site’s next page keeps its paragraphs', async () => {
  const first = await openReaderOn(extension, MORE.planting.url, 'Paragraph 1 of the story');
  expect(await first.page.evaluate(() => document.querySelector('.callout-box')?.localName)).toBe(PLANTED);
  expect(await first.overlay.shows(APPEAL)).toBe(true);
  await startEditing(first.overlay);
  await clickBlock(first.page, first.overlay, APPEAL);
  await expect.poll(() => first.overlay.shows(APPEAL)).toBe(false);
  expect(await first.overlay.shows('Paragraph 4 of the story about members')).toBe(true);
  await first.overlay.click('Done');
  await expect.poll(() => first.overlay.shows('Saved. Lectern will use your fix on news.test.')).toBe(true);
  // What is stored is a selector of the fix's grammar, naming the block by its class alone.
  const saved = (await stored())['rule:https://news.test'] as {
    rule: { root: string | null; remove: string[] };
  };
  expect(saved.rule.root).toBeNull();
  expect(saved.rule.remove).toHaveLength(1);
  for (const selector of saved.rule.remove) expect(parseSelector(selector).ok, selector).toBe(true);
  await first.page.close();

  const next = await openReaderOn(extension, MORE.next.url, 'Point 1 of the summary');
  const removedThere = await next.page.evaluate(
    (selector) => Array.from(document.querySelectorAll(selector)).filter((el) => el.localName === 'p').length,
    saved.rule.remove[0] as string,
  );
  expect(removedThere).toBe(0);
  for (const n of [1, 2, 3, 4, 5])
    expect(await next.overlay.shows(`Paragraph ${n} of the story about Harbour bridge to reopen`)).toBe(true);
  await next.page.close();
});
