/**
 * "Why this text" (issue 21 §4), in the built extension: from the reader's menu, every segment of the page is
 * outlined where it is, the chosen ones marked; pointing at one says whether it is in the article and what
 * weighed most; Copy diagnostics puts a JSON report on the clipboard; Esc gives the reader back.
 */
import { expect, type Page, test } from '@playwright/test';
import { openReaderOn, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension({ clipboard: true });

/**
 * A point inside the page's box holding `text`, the page scrolled to show it (in the page's own world: what a
 * person's scrolling does; the outlines follow).
 */
function pointAt(page: Page, text: string): Promise<{ x: number; y: number }> {
  return page.evaluate(async (wanted) => {
    const all = Array.from(document.body.querySelectorAll('p, li, a, h1, h2, h3, header'));
    const el = all.find((candidate) => (candidate.textContent ?? '').includes(wanted));
    if (!el) throw new Error(`no box holds "${wanted}"`);
    el.scrollIntoView({ block: 'center' });
    // Two frames: the scroll event, and the outlines' move after it, before the pointer moves.
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
    const r = el.getBoundingClientRect();
    return { x: r.x + Math.min(r.width / 2, 40), y: r.y + r.height / 2 };
  }, text);
}

test('shows on the page which blocks were taken and why, copies the diagnostics, and gives the reader back', async () => {
  const { page, overlay } = await openReaderOn(extension, NEWS.url, NEWS.body);
  await overlay.click('More options');
  await overlay.click('Why this text?');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(true);

  const says = () =>
    overlay.evaluate((root) => (root.querySelector('.l-why-panel') as HTMLElement | null)?.innerText ?? '');
  expect(await says()).toContain('Found by the best run of segments by their scores.');
  const boxes = await overlay.evaluate((root) => ({
    all: root.querySelectorAll('.l-why-box').length,
    taken: root.querySelectorAll('.l-why-box.l-why-in').length,
  }));
  expect(boxes.taken).toBeGreaterThan(2);
  expect(boxes.all).toBeGreaterThan(boxes.taken);

  // The page shows through: point at the article's first sentence, then at the site's masthead.
  const body = await pointAt(page, NEWS.body);
  await page.mouse.move(body.x, body.y);
  await expect.poll(says).toMatch(/Segment \d+ of \d+ · in the article · \d+ % article-like/);
  expect(await says()).toContain(NEWS.body.slice(0, 40));
  const masthead = await pointAt(page, 'The Riverside Courier');
  await page.mouse.move(masthead.x, masthead.y);
  await expect.poll(says).toMatch(/Segment \d+ of \d+ · left out/);

  // The keyboard steps through the segments: → the next one.
  const numbered = async () => Number((await says()).match(/Segment (\d+) of/)?.[1]);
  const before = await numbered();
  await page.keyboard.press('ArrowRight');
  await expect.poll(numbered).toBe(before + 1);

  await overlay.click('Copy diagnostics');
  await expect.poll(says).toContain('Copied the diagnostics');
  const report = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    url: string;
    method: string;
    segments: { inRun: boolean; probability: number | null; reasons: string[] }[];
  };
  expect(report.url).toBe(NEWS.url);
  expect(report.method).toBe('segments');
  expect(report.segments).toHaveLength(boxes.all);
  expect(report.segments.filter((s) => s.inRun)).toHaveLength(boxes.taken);
  expect(report.segments.find((s) => s.inRun)?.reasons.length).toBeGreaterThan(0);

  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(false);
  expect(await overlay.shows(NEWS.body)).toBe(true);
});
