/**
 * "Why this text", in the built extension: from the reader's menu, every segment of the page is
 * outlined where it is, the chosen ones marked; pointing at one says whether it is in the article and what
 * weighed most; Copy diagnostics shows a JSON report and, confirmed, puts it on the clipboard: the address without
 * its query, the text of the article's blocks only, in a fenced block; Esc gives the reader back.
 */
import { expect, type Page, test } from '@playwright/test';
import { fixtureUrl } from '../support/index.ts';
import { openReaderOn, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension({ clipboard: true });

/**
 * A point inside the page's box holding `text`, the page scrolled to show it (in the page's own world: what a
 * person's scrolling does; the outlines follow).
 */
function pointAt(
  page: Page,
  text: string,
  boxes = 'p, li, a, h1, h2, h3, header',
): Promise<{ x: number; y: number }> {
  return page.evaluate(
    async ([wanted, selector]) => {
      const all = Array.from(document.body.querySelectorAll(selector));
      const el = all.find((candidate) => (candidate.textContent ?? '').includes(wanted));
      if (!el) throw new Error(`no box holds "${wanted}"`);
      el.scrollIntoView({ block: 'center' });
      // Two frames: the scroll event, and the outlines' move after it, before the pointer moves.
      for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
      const r = el.getBoundingClientRect();
      return { x: r.x + Math.min(r.width / 2, 40), y: r.y + r.height / 2 };
    },
    [text, boxes] as const,
  );
}

/** The JSON inside a fenced block (```json … ```), or a failure when the text is not one. */
function unfenced(text: string): string {
  const json = /^```json\n([^`]*)\n```\n$/.exec(text)?.[1];
  if (json === undefined) throw new Error(`not a fenced JSON block: ${text.slice(0, 80)}`);
  return json;
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
  // The lead before the run and the headline are shown by the reader: not "left out".
  const lead = await pointAt(page, NEWS.lead);
  await page.mouse.move(lead.x, lead.y);
  await expect.poll(says).toMatch(/Segment \d+ of \d+ · in the article · /);
  expect(await says()).toContain(NEWS.lead.slice(0, 40));
  const headline = await pointAt(page, NEWS.title, 'h1');
  await page.mouse.move(headline.x, headline.y);
  await expect.poll(says).toMatch(/Segment \d+ of \d+ · shown as the title · /);
  const masthead = await pointAt(page, 'The Riverside Courier');
  await page.mouse.move(masthead.x, masthead.y);
  await expect.poll(says).toMatch(/Segment \d+ of \d+ · left out/);

  // The keyboard steps through the segments: → the next one.
  const numbered = async () => Number((await says()).match(/Segment (\d+) of/)?.[1]);
  const before = await numbered();
  await page.keyboard.press('ArrowRight');
  await expect.poll(numbered).toBe(before + 1);

  await overlay.click('Copy diagnostics');
  await overlay.click('Copy');
  await expect.poll(says).toContain('Copied the diagnostics');
  const report = JSON.parse(unfenced(await page.evaluate(() => navigator.clipboard.readText()))) as {
    url: string;
    method: string;
    segments: { inRun: boolean; shown: string | null; probability: number | null; reasons: string[] }[];
  };
  expect(report.url).toBe(NEWS.url);
  expect(report.method).toBe('segments');
  expect(report.segments).toHaveLength(boxes.all);
  expect(report.segments.filter((s) => s.shown !== null)).toHaveLength(boxes.taken);
  expect(report.segments.find((s) => s.inRun)?.reasons.length).toBeGreaterThan(0);

  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(false);
  expect(await overlay.shows(NEWS.body)).toBe(true);
});

test('on a short window the panel’s buttons stay on the screen, and a segment stepped to under the panel is uncovered', async () => {
  const { page, overlay } = await openReaderOn(extension, NEWS.url, NEWS.body);
  // The window is the context's, shared with the next tests' tabs: its size is given back at the end.
  const [windowWidth, windowHeight] = await page.evaluate(() => [innerWidth, innerHeight]);
  await page.setViewportSize({ width: 760, height: 420 });
  await overlay.click('More options');
  await overlay.click('Why this text?');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(true);
  const view = () =>
    overlay.evaluate((root) => {
      const rect = (el: Element | null) => {
        const r = (el as Element).getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const back = Array.from(root.querySelectorAll('.l-why-panel button')).find(
        (b) => b.textContent === 'Back to the reader',
      );
      return {
        back: rect(back ?? null),
        panel: rect(root.querySelector('.l-why-panel')),
        current: rect(root.querySelector('.l-why-current')),
        height: innerHeight,
      };
    });
  // Every segment stepped to with the keys: the panel says what weighed most in it, its buttons on the screen,
  // and the outline of the segment is not under the panel (unless it is as wide as the page).
  for (let step = 0; step < 16; step++) {
    await page.keyboard.press('ArrowRight');
    const { back, panel, current, height } = await view();
    expect(back.bottom).toBeLessThanOrEqual(height);
    expect(back.top).toBeGreaterThanOrEqual(0);
    const under =
      panel.left < current.right &&
      panel.right > current.left &&
      panel.top < current.bottom &&
      panel.bottom > current.top;
    const wide = current.right - current.left > 760 - (panel.right - panel.left);
    expect(under && !wide).toBe(false);
  }
  await overlay.click('Back to the reader');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(false);
  await page.setViewportSize({ width: windowWidth, height: windowHeight });
});

test('Copy diagnostics shows what it will copy and copies only that, once confirmed: no query, no text of the blocks left out', async () => {
  const url = `${NEWS.url}?utm_source=newsletter&session=s3cr3t-token#comments`;
  const { page, overlay } = await openReaderOn(extension, url, NEWS.body);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await page.evaluate(() => navigator.clipboard.writeText('what was there before'));
  await overlay.click('More options');
  await overlay.click('Why this text?');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(true);
  const says = () =>
    overlay.evaluate((root) => (root.querySelector('.l-why-panel') as HTMLElement | null)?.innerText ?? '');

  // A block the article left out: the sidebar's teaser.
  const teaser = await pointAt(page, NEWS.sidebar);
  await page.mouse.move(teaser.x, teaser.y);
  await expect.poll(says).toMatch(/Segment \d+ of \d+ · left out/);
  expect(await says()).toContain(NEWS.sidebar);
  const left = Number((await says()).match(/Segment (\d+) of/)?.[1]) - 1;

  const shown = () =>
    overlay.evaluate((root) => root.querySelector('.l-why-preview pre')?.textContent ?? null);
  await overlay.click('Copy diagnostics');
  // Whichever comes first: a preview, or (where none is shown) a copy.
  await expect
    .poll(async () => (await shown()) !== null || (await clipboard()) !== 'what was there before')
    .toBe(true);
  expect(await clipboard()).toBe('what was there before');
  expect(await shown()).not.toBeNull();
  // Esc cancels the preview alone: nothing is copied, and the view stays.
  await page.keyboard.press('Escape');
  await expect.poll(shown).toBeNull();
  expect(await overlay.has('Copy diagnostics')).toBe(true);
  expect(await clipboard()).toBe('what was there before');
  // So does Cancel.
  await overlay.click('Copy diagnostics');
  await expect.poll(shown).not.toBeNull();
  await overlay.click('Cancel');
  await expect.poll(shown).toBeNull();
  expect(await clipboard()).toBe('what was there before');

  await overlay.click('Copy diagnostics');
  const preview = await shown();
  await overlay.click('Copy');
  await expect.poll(clipboard).not.toBe('what was there before');
  const copied = await clipboard();
  expect(copied).toBe(preview);
  const report = JSON.parse(unfenced(copied)) as {
    url: string;
    segments: { inRun: boolean; shown: string | null; length: number; start?: string }[];
  };
  expect(report.url).toBe(NEWS.url);
  for (const secret of ['utm_source', 's3cr3t-token', '#comments']) expect(copied).not.toContain(secret);
  // The left-out block: its length, not its words; the article's blocks: their start.
  expect(copied).not.toContain(NEWS.sidebar);
  expect(report.segments[left]).toMatchObject({ inRun: false, shown: null });
  // (A segment's length counts the characters a person sees, spaces aside.)
  expect(report.segments[left]?.length).toBe(NEWS.sidebar.replace(/\s/g, '').length);
  expect(report.segments[left]).not.toHaveProperty('start');
  expect(report.segments.filter((s) => s.shown === null && s.start !== undefined)).toEqual([]);
  expect(
    report.segments.find((s) => s.shown === 'article' && s.start?.startsWith(NEWS.body.slice(0, 40))),
  ).toBeDefined();
  await page.close();
});

test('on a story page that is its comments, explains the reading the thread came from: the comments are the blocks taken', async () => {
  const comment = 'The part about the sensors drifting in winter matches what we saw on our own roof.';
  const { page, overlay } = await openReaderOn(extension, fixtureUrl('thread-comments-only'), comment);
  await overlay.click('More options');
  await overlay.click('Why this text?');
  await expect.poll(() => overlay.has('Copy diagnostics')).toBe(true);
  await overlay.click('Copy diagnostics');
  await overlay.click('Copy');
  const says = () =>
    overlay.evaluate((root) => (root.querySelector('.l-why-panel') as HTMLElement | null)?.innerText ?? '');
  await expect.poll(says).toContain('Copied the diagnostics');
  const report = JSON.parse(unfenced(await page.evaluate(() => navigator.clipboard.readText()))) as {
    kind: string;
    segments: { inRun: boolean; start?: string }[];
  };
  expect(report.kind).toBe('thread');
  // The comments read as text, as the thread was found: the first reply is a segment of its own, and taken.
  expect(report.segments.find((s) => s.inRun && s.start?.startsWith(comment.slice(0, 40)))).toBeDefined();
  await page.close();
});
