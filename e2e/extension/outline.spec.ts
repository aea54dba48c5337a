/**
 * The outline, in the built extension: More → Outline lists the article's sections; choosing one
 * scrolls the reader to it and gives its heading the focus; the section being read is marked while scrolling;
 * the keyboard works it; More → Outline again takes it away.
 */
import { expect, test } from '@playwright/test';
import { openReaderOn, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension();

test('lists the sections, jumps to one, marks the one being read, and goes away again', async () => {
  const { page, overlay } = await openReaderOn(extension, NEWS.url, NEWS.body);
  await overlay.click('More options');
  await overlay.click('Outline');
  await expect.poll(() => overlay.has('Outline', 'navigation')).toBe(true);

  const state = () =>
    overlay.evaluate((root) => {
      const headings = Array.from(root.querySelectorAll('.l-content h2, .l-content h3, .l-content h4'));
      const items = Array.from(root.querySelectorAll('.l-outline-item'));
      const scroller = root.querySelector('.l-scroll') as HTMLElement;
      const top = scroller.getBoundingClientRect().top;
      return {
        headings: headings.map((h) => h.textContent?.trim() ?? ''),
        items: items.map((i) => i.textContent ?? ''),
        current: items.findIndex((i) => i.getAttribute('aria-current') === 'true'),
        offsets: headings.map((h) => Math.round(h.getBoundingClientRect().top - top)),
        focused: (root.activeElement?.textContent ?? '').trim(),
      };
    });
  const first = await state();
  expect(first.items.length).toBeGreaterThan(1);
  expect(first.items).toEqual(first.headings);
  const last = first.items.length - 1;
  const lastTitle = first.items[last] as string;

  await overlay.click(lastTitle);
  await expect.poll(async () => (await state()).current).toBe(last);
  const jumped = await state();
  // Its heading is in view (under the toolbar, or as far up as the article's end lets it come), and has the
  // focus (a screen reader reads from there).
  expect(jumped.offsets[last]).toBeGreaterThanOrEqual(0);
  expect(jumped.offsets[last]).toBeLessThan(
    await overlay.evaluate((root) => (root.querySelector('.l-scroll') as HTMLElement).clientHeight),
  );
  expect(jumped.focused).toBe(lastTitle);

  // Scrolling back to the top (the wheel, over the text) marks no section.
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, -100_000);
  await expect.poll(async () => (await state()).current).toBe(-1);

  // The keyboard: focus the first section's button, Enter.
  await overlay.evaluate((root) => (root.querySelector('.l-outline-item') as HTMLElement).focus());
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await state()).current).toBe(0);

  await overlay.click('More options');
  await overlay.click('Outline');
  await expect.poll(() => overlay.has('Outline', 'navigation')).toBe(false);
});

/** The sections' topics: "Section 1: the harbour"… */
const TOPICS = ['harbour', 'ferries', 'roads', 'schools', 'library', 'budget', 'parks', 'housing', 'weather'];
const sectionTitle = (index: number) => `Section ${index + 1}: the ${TOPICS[index]}`;

/**
 * A long article of many sections, each a `<section>` of several paragraphs (as documentation generators write
 * them): a block far taller than the reader's estimate of one before it is laid out. The last two are short, so
 * the last one's heading can't come up to the top of the reader.
 */
function longArticle(): string {
  const words = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => TOPICS[(i * seed) % 6]).join(' ');
  const paragraphs = (s: number) =>
    Array.from(
      { length: s >= 7 ? 1 : 5 },
      (_, p) => `<p>Paragraph ${p + 1} of section ${s + 1}. ${words(90, s + p + 1)}.</p>`,
    ).join('');
  const sections = TOPICS.map((_, s) => `<section><h2>${sectionTitle(s)}</h2>${paragraphs(s)}</section>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nine sections of the town report | The Daily</title></head><body>
<main><article><h1>Nine sections of the town report</h1>${sections.join('')}</article></main></body></html>`;
}

test('a section chosen in a long article is the one marked, its heading at the top of the text, also near the end', async () => {
  const url = 'https://news.test/outline-long-report/';
  await extension.context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: longArticle() }),
  );
  const { overlay } = await openReaderOn(extension, url, 'Paragraph 1 of section 1.');
  await overlay.click('More options');
  await overlay.click('Outline');
  await expect.poll(() => overlay.has('Outline', 'navigation')).toBe(true);
  // First far down, from the top: the blocks on the way have only their estimated height.
  for (const chosen of [7, 8, 5, 2]) {
    const title = sectionTitle(chosen);
    await overlay.click(title);
    // Marked, and still marked once the blocks around it have been laid out at their real height.
    await expect.poll(() => markedSection(overlay)).toBe(title);
    await new Promise((done) => setTimeout(done, 300));
    expect(await markedSection(overlay)).toBe(title);
    const offset = await overlay.evaluate((root, wanted) => {
      const scroller = root.querySelector('.l-scroll') as HTMLElement;
      const heading = Array.from(root.querySelectorAll('.l-content h2')).find(
        (h) => h.textContent === wanted,
      );
      return Math.round((heading?.getBoundingClientRect().top ?? -1) - scroller.getBoundingClientRect().top);
    }, title);
    // In view: under the toolbar at the top of the text, or as far up as the article's end lets it come.
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(chosen < 8 ? 200 : 900);
  }
});

/** The outline's item marked as the section being read. */
function markedSection(overlay: Awaited<ReturnType<typeof openReaderOn>>['overlay']): Promise<string> {
  return overlay.evaluate(
    (root) => root.querySelector('.l-outline-item[aria-current="true"]')?.textContent ?? '',
  );
}
