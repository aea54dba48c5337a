/**
 * The reading aids in the settings, mounted without the extension: letter, word and paragraph spacing up to
 * WCAG 1.4.12's, justified text that hyphenates in the article's language, line focus (a clear band that follows
 * the pointer and ↑ ↓, and never takes a click, a selection or a copy), and the legible typeface, drawn from the
 * faces shipped with the reader and added to the document's fonts only while chosen, with nothing fetched.
 */
import { expect, type Page, test } from '@playwright/test';
import { LEGIBLE_FAMILY } from '../../extension/reader/legible-font.ts';
import { DEFAULT_READER_SETTINGS, type ReaderSettings } from '../../extension/reader/settings.ts';
import { calls, mount, reader, requireReaderBundle, shownBody, style, type TestWindow } from './mount.ts';
import { sampleArticle } from './sample-article.ts';

test.beforeAll(requireReaderBundle);

/** The host page, at an address of its own so that the clipboard can be granted to it. */
const HOST = 'https://news.test/aids/';

test.beforeEach(async ({ page, context }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await page.route(HOST, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Host</title></head><body><p>The page.</p></body></html>',
    }),
  );
  await page.goto(HOST);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(HOST).origin });
});

const firstParagraph = (page: Page) => reader(page).locator('.l-content p').first();

async function openSettings(page: Page): Promise<void> {
  await reader(page).getByRole('button', { name: 'Reading settings' }).click();
  await expect(reader(page).getByRole('region', { name: 'Reading settings' })).toBeVisible();
}

async function closeSettings(page: Page): Promise<void> {
  await reader(page).getByRole('button', { name: 'Reading settings' }).click();
  await expect(reader(page).getByRole('region', { name: 'Reading settings' })).toHaveCount(0);
}

/** Chooses in a list with the keyboard (type-ahead), as a person does: the reader acts only on real input. */
async function choose(page: Page, list: string, option: string): Promise<void> {
  await reader(page).getByRole('combobox', { name: list }).focus();
  await page.keyboard.type(option);
}

const px = async (locator: ReturnType<typeof firstParagraph>, property: string) =>
  Number.parseFloat(await style(locator, property));

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The boxes of the lines `element`'s text is laid out in, top to bottom (one per line, across its words). */
function linesOf(element: ReturnType<typeof firstParagraph>): Promise<Box[]> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines: { top: number; bottom: number; left: number; right: number }[] = [];
    for (const rect of Array.from(range.getClientRects())) {
      if (rect.width === 0) continue;
      const line = lines.find((seen) => Math.abs(seen.top - rect.top) < rect.height / 2);
      if (line) {
        line.left = Math.min(line.left, rect.left);
        line.right = Math.max(line.right, rect.right);
        line.bottom = Math.max(line.bottom, rect.bottom);
      } else lines.push({ top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right });
    }
    return lines.sort((a, b) => a.top - b.top);
  });
}

/** The clear band of line focus: between the bottom of the dim above and the top of the dim below. */
function band(page: Page): Promise<{ top: number; bottom: number; shown: boolean }> {
  return reader(page).evaluate((host) => {
    const root = host.shadowRoot as ShadowRoot;
    const focus = root.querySelector('.l-focus') as HTMLElement;
    const above = (root.querySelector('.l-focus-above') as HTMLElement).getBoundingClientRect();
    const below = (root.querySelector('.l-focus-below') as HTMLElement).getBoundingClientRect();
    return { top: above.bottom, bottom: below.top, shown: focus.checkVisibility() };
  });
}

/** The faces of Lectern's legible family in the document's fonts, with their load status. */
function legibleFaces(page: Page): Promise<string[]> {
  return page.evaluate((family) => {
    const found: string[] = [];
    for (const face of document.fonts) {
      if (face.family.replace(/"/g, '') === family) found.push(`${face.weight} ${face.style} ${face.status}`);
    }
    return found;
  }, LEGIBLE_FAMILY);
}

/** The width of the article's first words as laid out now. */
const textWidth = (page: Page) =>
  firstParagraph(page).evaluate((paragraph) => {
    const range = document.createRange();
    const text = paragraph.firstChild as Text;
    range.setStart(text, 0);
    range.setEnd(text, 40);
    return range.getBoundingClientRect().width;
  });

test('letter, word and paragraph spacing reach WCAG 1.4.12 at Wider, in em of each text’s own size, and are saved', async ({
  page,
}) => {
  await mount(page);
  await openSettings(page);
  const paragraph = firstParagraph(page);
  const heading = reader(page).locator('.l-content h2').first();
  const size = await px(paragraph, 'font-size');
  const headingSize = await px(heading, 'font-size');
  expect(await px(paragraph, 'margin-bottom')).toBeCloseTo(1.15 * size, 1);
  const normalHeight = (await paragraph.boundingBox())?.height ?? 0;

  await choose(page, 'Letters', 'Wider');
  await choose(page, 'Words', 'Wider');
  await choose(page, 'Paragraphs', 'Wider');
  expect(await px(paragraph, 'letter-spacing')).toBeCloseTo(0.12 * size, 2);
  expect(await px(paragraph, 'word-spacing')).toBeCloseTo(0.16 * size, 2);
  expect(await px(paragraph, 'margin-bottom')).toBeCloseTo(2 * size, 1);
  expect(await px(heading, 'letter-spacing')).toBeCloseTo(0.12 * headingSize, 2);
  // Code keeps its own spacing: its lines don't wrap, and spaced out they would scroll sideways.
  const code = reader(page).locator('.l-content pre');
  expect(await style(code, 'letter-spacing')).toBe('normal');
  // Wider or not, a code block that scrolls sideways is a tab stop a keyboard can scroll (code.ts).
  expect(await code.evaluate((pre) => pre.scrollWidth <= pre.clientWidth || pre.tabIndex === 0)).toBe(true);
  // The text takes more room: its lines are longer, so there are more of them.
  expect((await paragraph.boundingBox())?.height ?? 0).toBeGreaterThan(normalHeight);

  await choose(page, 'Letters', 'Wide');
  await choose(page, 'Words', 'Wide');
  await choose(page, 'Paragraphs', 'Wide');
  expect(await px(paragraph, 'letter-spacing')).toBeCloseTo(0.06 * size, 2);
  expect(await px(paragraph, 'word-spacing')).toBeCloseTo(0.08 * size, 2);
  expect(await px(paragraph, 'margin-bottom')).toBeCloseTo(1.5 * size, 1);

  // Type-ahead passes the options on the way (each is saved as it is chosen); the last ones stay.
  const saved = await calls(page);
  for (const setting of ['letterSpacing', 'wordSpacing', 'paragraphSpacing']) {
    const last = saved.filter((call) => call.startsWith(`save:{"${setting}"`)).at(-1);
    expect(last).toBe(`save:{"${setting}":"wide"}`);
  }
  expect(saved).toContain('save:{"letterSpacing":"wider"}');
});

test('justified text fills each line to the column’s edge and hyphenates in the article’s language', async ({
  page,
}) => {
  await mount(page);
  const paragraph = reader(page).locator('.l-content p').nth(1);
  const edge = async () => (await paragraph.boundingBox())?.x ?? 0;
  const shortfalls = async () => {
    const box = await paragraph.boundingBox();
    const right = (box?.x ?? 0) + (box?.width ?? 0);
    return (await linesOf(paragraph)).slice(0, -1).map((line) => right - line.right);
  };
  expect(await edge()).toBeGreaterThan(0);
  const ragged = await shortfalls();
  expect(ragged.length).toBeGreaterThan(1);
  expect(Math.max(...ragged)).toBeGreaterThan(5);

  await openSettings(page);
  await expect(reader(page).getByRole('radio', { name: 'Left-aligned' })).toBeChecked();
  await reader(page).getByRole('radio', { name: 'Justified' }).check();
  expect(await style(paragraph, 'text-align')).toBe('justify');
  expect(await style(paragraph, 'hyphens')).toBe('auto');
  expect(await paragraph.evaluate((p) => p.closest('[lang]')?.getAttribute('lang'))).toBe('en');
  // Every line but the last ends at the column's right edge.
  for (const shortfall of await shortfalls()) expect(Math.abs(shortfall)).toBeLessThan(1.5);
  // Headings keep their own alignment.
  expect(await style(reader(page).locator('.l-content h2').first(), 'text-align')).toBe('start');
  expect((await calls(page)).at(-1)).toBe('save:{"align":"justify"}');
});

test('line focus: the clear band holds the line under the pointer and its neighbours, the rest dimmed', async ({
  page,
}) => {
  await mount(page);
  const body = await shownBody(page);
  const untouched = await body();
  await expect(reader(page).locator('.l-focus')).toBeHidden();
  await openSettings(page);
  await reader(page).getByRole('radio', { name: '3 lines' }).check();
  await closeSettings(page);
  await expect(reader(page).locator('.l-focus')).toBeVisible();
  // The dim is drawn over the article, which is not changed to draw it.
  expect(await body()).toBe(untouched);

  const paragraph = firstParagraph(page);
  const lines = await linesOf(paragraph);
  expect(lines.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = lines as [Box, Box, Box];
  const lineHeight = await px(paragraph, 'line-height');
  await page.mouse.move((second.left + second.right) / 2, (second.top + second.bottom) / 2);
  await expect.poll(async () => (await band(page)).top).toBeLessThanOrEqual(first.top);
  const clear = await band(page);
  expect(clear.shown).toBe(true);
  // Three lines: the one pointed at, the one before and the one after, and no more.
  for (const line of [first, second, third]) {
    expect(line.top).toBeGreaterThanOrEqual(clear.top - 0.5);
    expect(line.bottom).toBeLessThanOrEqual(clear.bottom + 0.5);
  }
  expect(clear.bottom - clear.top).toBeCloseTo(3 * lineHeight, 0);

  // One line clear: it holds the line pointed at alone.
  await openSettings(page);
  await reader(page).getByRole('radio', { name: '1 line', exact: true }).check();
  await closeSettings(page);
  await page.mouse.move((third.left + third.right) / 2, (third.top + third.bottom) / 2 + 1);
  await expect.poll(async () => (await band(page)).top).toBeGreaterThan(second.bottom - 1);
  const one = await band(page);
  expect(one.top).toBeLessThanOrEqual(third.top + 0.5);
  expect(one.bottom).toBeGreaterThanOrEqual(third.bottom - 0.5);
  expect(one.bottom - one.top).toBeCloseTo(lineHeight, 0);
  expect(await calls(page)).toEqual(['save:{"lineFocus":3}', 'save:{"lineFocus":1}']);
});

test('line focus follows ↑ ↓ while the article has the focus, not while a control has it', async ({
  page,
}) => {
  await mount(page, sampleArticle, undefined, { ...DEFAULT_READER_SETTINGS, lineFocus: 1 });
  const paragraph = firstParagraph(page);
  const [first, second] = (await linesOf(paragraph)) as [Box, Box];
  await page.mouse.move((first.left + first.right) / 2, (first.top + first.bottom) / 2);
  await expect.poll(async () => (await band(page)).bottom).toBeLessThan(second.top + 1);
  const scroller = reader(page).locator('.l-scroll');
  const scrolled = await scroller.evaluate((el) => el.scrollTop);

  await page.evaluate(() => (window as unknown as TestWindow).handle.focus());
  await page.keyboard.press('ArrowDown');
  const down = await band(page);
  expect(down.top).toBeLessThanOrEqual(second.top + 0.5);
  expect(down.bottom).toBeGreaterThanOrEqual(second.bottom - 0.5);
  // The key moved the band, not the article.
  expect(await scroller.evaluate((el) => el.scrollTop)).toBe(scrolled);
  await page.keyboard.press('ArrowUp');
  const up = await band(page);
  expect(up.top).toBeLessThanOrEqual(first.top + 0.5);
  expect(up.bottom).toBeGreaterThanOrEqual(first.bottom - 0.5);

  // Line by line past the screen's end: the article scrolls to keep the band in view, on the screen.
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowDown');
  expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(scrolled);
  const far = await band(page);
  expect(far.top).toBeGreaterThan(0);
  expect(far.bottom).toBeLessThan(800);
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowUp');
  await scroller.evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
  await page.mouse.move((first.left + first.right) / 2, (first.top + first.bottom) / 2 + 1);
  await expect.poll(async () => (await band(page)).bottom).toBeLessThan(second.top + 1);

  // A key made by the page's script moves nothing.
  await scroller.evaluate((el) =>
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true, composed: true })),
  );
  expect(await band(page)).toEqual(up);

  // The help says so.
  await page.keyboard.press('?');
  await expect(reader(page).getByRole('region', { name: 'Keyboard shortcuts' })).toContainText('line focus');
  await page.keyboard.press('?');

  // In the settings, the arrows are the controls' own.
  await openSettings(page);
  await reader(page).getByRole('checkbox', { name: 'Show images' }).focus();
  const open = await band(page);
  await page.keyboard.press('ArrowDown');
  expect(await band(page)).toEqual(open);
});

test('under the dim a link still takes a click, and a selection is still copied', async ({ page }) => {
  await mount(page, sampleArticle, undefined, { ...DEFAULT_READER_SETTINGS, lineFocus: 1 });
  const first = ((await linesOf(firstParagraph(page))) as [Box])[0];
  await page.mouse.move((first.left + first.right) / 2, (first.top + first.bottom) / 2);
  await expect.poll(async () => (await band(page)).bottom).toBeLessThan(first.bottom + 15);

  // The report's link, in the next paragraph, is dimmed; a point of it is the link's all the same.
  const link = reader(page).getByRole('link', { name: 'the council’s annual report' });
  // Its first line's box: a link that wraps has a bounding box wider than its words.
  const box = await link.evaluate((el) => el.getClientRects()[0]?.toJSON() as DOMRect | undefined);
  if (box === undefined) throw new Error('the link is not on the screen');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  expect(point.y).toBeGreaterThan((await band(page)).bottom);
  expect(
    await link.evaluate(
      (el, { x, y }) => (el.getRootNode() as ShadowRoot).elementFromPoint(x, y) === el,
      point,
    ),
  ).toBe(true);
  await link.evaluate((el) => {
    el.addEventListener('click', (event) => {
      event.preventDefault();
      (window as unknown as TestWindow).calls.push(`link:${event.isTrusted}`);
    });
  });
  await page.mouse.click(point.x, point.y);
  expect(await calls(page)).toEqual(['link:true']);

  // A selection made with the mouse across dimmed and clear lines is the text, and copies as the text.
  const paragraph = firstParagraph(page);
  const lines = await linesOf(paragraph);
  const start = lines[0] as Box;
  const end = lines.at(-1) as Box;
  await page.mouse.move(start.left + 1, (start.top + start.bottom) / 2);
  await page.mouse.down();
  await page.mouse.move(end.right - 1, (end.top + end.bottom) / 2, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press('Control+c');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.replace(/\s+/g, ' ')).toContain('Ten years ago the branch library on Alder Street');
  expect(copied.replace(/\s+/g, ' ')).toContain('queue for the study tables');
  // The dim holds no text of its own.
  expect(
    await reader(page)
      .locator('.l-focus')
      .evaluate((focus) => focus.textContent),
  ).toBe('');
});

test('the legible typeface draws the article from the shipped faces, added only while chosen, nothing fetched', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await mount(page);
  await openSettings(page);
  expect(await legibleFaces(page)).toEqual([]);
  await reader(page).getByRole('radio', { name: 'Sans-serif' }).check();
  const sansWidth = await textWidth(page);

  await reader(page).getByRole('radio', { name: 'Atkinson Hyperlegible' }).check();
  expect(await style(reader(page).locator('.l-article'), 'font-family')).toMatch(
    new RegExp(`^"${LEGIBLE_FAMILY}"`),
  );
  // The title and the headings too: the whole article is in the typeface chosen.
  for (const heading of ['.l-title', '.l-content h2'])
    expect(await style(reader(page).locator(heading).first(), 'font-family'), heading).toMatch(
      new RegExp(`^"${LEGIBLE_FAMILY}"`),
    );
  await expect.poll(() => legibleFaces(page)).toHaveLength(8);
  await expect
    .poll(async () => (await legibleFaces(page)).every((face) => face.endsWith('loaded')))
    .toBe(true);
  await page.evaluate(() => document.fonts.ready);
  // The glyphs on the screen are the font's: the browser names the font it drew the paragraph with.
  const session = await page.context().newCDPSession(page);
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  await session.send('DOM.getDocument', { depth: -1, pierce: true });
  const { result } = await session.send('Runtime.evaluate', {
    expression: `document.querySelector('lectern-reader').shadowRoot.querySelector('.l-content p')`,
  });
  const { nodeId } = await session.send('DOM.requestNode', { objectId: result.objectId as string });
  const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
  expect(fonts.map((font) => font.familyName)).toContain('Atkinson Hyperlegible');
  expect(fonts.find((font) => font.familyName === 'Atkinson Hyperlegible')?.isCustomFont).toBe(true);
  expect(Math.abs((await textWidth(page)) - sansWidth)).toBeGreaterThan(5);

  // Another typeface chosen, the faces leave the page's fonts.
  await reader(page).getByRole('radio', { name: 'Serif', exact: true }).check();
  await expect.poll(() => legibleFaces(page)).toEqual([]);
  expect(requests.filter((url) => url !== HOST)).toEqual([]);
  expect((await calls(page)).slice(-2)).toEqual(['save:{"font":"legible"}', 'save:{"font":"serif"}']);
});

test('a face the page declares in the legible family never draws the reader’s words', async ({ page }) => {
  const settings: ReaderSettings = { ...DEFAULT_READER_SETTINGS, font: 'legible' };
  await mount(page, sampleArticle, undefined, settings);
  const article = reader(page).locator('.l-article');
  await expect.poll(() => legibleFaces(page)).toHaveLength(8);
  await page.evaluate((family) => {
    document.fonts.add(new FontFace(family, 'local("DejaVu Sans Mono")'));
  }, LEGIBLE_FAMILY);
  await expect.poll(() => style(article, 'font-family')).not.toContain(LEGIBLE_FAMILY);
  expect(await style(article, 'font-family')).toContain('Atkinson Hyperlegible');
});

test('the reader unmounted, the legible faces leave the page’s fonts', async ({ page }) => {
  await mount(page, sampleArticle, undefined, { ...DEFAULT_READER_SETTINGS, font: 'legible' });
  await expect.poll(() => legibleFaces(page)).toHaveLength(8);
  await page.evaluate(() => (window as unknown as TestWindow).handle.unmount());
  // An effect's clean-up may run just after the unmount returns (seen here, 1 run in 2), not within it.
  await expect.poll(() => legibleFaces(page)).toEqual([]);
});
