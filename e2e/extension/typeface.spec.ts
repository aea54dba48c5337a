/**
 * The legible typeface and the reading aids in the built extension: the typeface's faces reach the page's fonts
 * only once a person chooses it (its chunk is injected then), the article is drawn in it, nothing is fetched
 * for it, and the choice and the aids are kept in storage.sync: a reader opened again shows them, and a stored
 * value the reader doesn't know falls back to the default.
 */
import { expect, type Page, test } from '@playwright/test';
import { LEGIBLE_FAMILY } from '../../extension/reader/legible-font.ts';
import { type Overlay, overlayOf } from '../support/overlay.ts';
import { type Extension, launchExtension, openReaderFromPopup, openTab } from './harness.ts';
import { NEWS } from './pages.ts';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
});

test.afterAll(async () => {
  await extension?.context.close();
});

/** The extension's storage.sync, where the settings are kept. */
const sync = (method: 'get' | 'set' | 'clear', items?: object): Promise<Record<string, unknown>> =>
  extension.worker.evaluate(
    async ({ method, items }) => {
      const { chrome } = globalThis as unknown as {
        chrome: { storage: { sync: Record<string, (items?: object) => Promise<Record<string, unknown>>> } };
      };
      return (await chrome.storage.sync[method]?.(items)) ?? {};
    },
    { method, items },
  );

/** The faces of Lectern's legible family in the page's fonts (the document's, which every world shares). */
const legibleFaces = (page: Page): Promise<string[]> =>
  page.evaluate((family) => {
    const found: string[] = [];
    for (const face of document.fonts) {
      if (face.family.replace(/"/g, '') === family) found.push(face.status);
    }
    return found;
  }, LEGIBLE_FAMILY);

const articleFont = (overlay: Overlay): Promise<string> =>
  overlay.evaluate((root) => getComputedStyle(root.querySelector('.l-article') as Element).fontFamily);

/** The fonts the browser drew the article's first paragraph with, by their own names. */
async function drawnWith(overlay: Overlay): Promise<string[]> {
  const session = overlay.session;
  await session.send('DOM.enable');
  await session.send('CSS.enable');
  await session.send('DOM.getDocument', { depth: -1, pierce: true });
  const found = await overlay.find();
  if (found === null) throw new Error('no reader');
  const { object } = await session.send('DOM.resolveNode', { backendNodeId: found.root });
  const { result } = await session.send('Runtime.callFunctionOn', {
    objectId: object.objectId as string,
    functionDeclaration: `function () { return this.querySelector('.l-content p'); }`,
  });
  const { nodeId } = await session.send('DOM.requestNode', { objectId: result.objectId as string });
  const { fonts } = await session.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.filter((font) => font.glyphCount > 0).map((font) => font.familyName);
}

async function openReader(): Promise<{ page: Page; tabId: number; overlay: Overlay }> {
  const { page, tabId } = await openTab(extension, NEWS.url);
  const overlay = await readerIn(page, tabId);
  return { page, tabId, overlay };
}

async function readerIn(page: Page, tabId: number): Promise<Overlay> {
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows(NEWS.body)).toBe(true);
  return overlay;
}

test('the legible typeface loads only when chosen, draws the article, fetches nothing, and is kept', async () => {
  await sync('clear');
  const { page, tabId, overlay } = await openReader();
  const requests: string[] = [];
  extension.context.on('request', (request) => requests.push(request.url()));
  expect(await legibleFaces(page)).toEqual([]);

  await overlay.click('Reading settings');
  await overlay.click('Atkinson Hyperlegible', 'radio');
  await overlay.click('Justified', 'radio');
  await overlay.click('3 lines', 'radio');
  await expect.poll(() => legibleFaces(page)).toEqual(Array(8).fill('loaded'));
  expect(await articleFont(overlay)).toMatch(new RegExp(`^"${LEGIBLE_FAMILY}"`));
  await expect.poll(() => drawnWith(overlay)).toContain('Atkinson Hyperlegible');
  // The faces came with the extension's script: no request for a font, nor for any file of the extension.
  expect(requests).toEqual([]);
  expect(await sync('get')).toMatchObject({ font: 'legible', align: 'justify', lineFocus: 3 });

  // Opened again after a reload: the same typeface and aids.
  await page.reload();
  const again = await readerIn(page, tabId);
  await expect.poll(() => legibleFaces(page)).toEqual(Array(8).fill('loaded'));
  expect(await articleFont(again)).toMatch(new RegExp(`^"${LEGIBLE_FAMILY}"`));
  expect(
    await again.evaluate((root) => {
      const focus = root.querySelector('.l-focus') as HTMLElement;
      const paragraph = root.querySelector('.l-content p') as Element;
      return [focus.checkVisibility(), getComputedStyle(paragraph).textAlign];
    }),
  ).toEqual([true, 'justify']);

  // Closed, the reader leaves no face of its own in the page.
  await again.click('Close reader view');
  await expect.poll(() => legibleFaces(page)).toEqual([]);
  await sync('clear');
});

test('stored values the reader does not know fall back to the defaults', async () => {
  await sync('set', { font: 'comic', lineFocus: 2, letterSpacing: 'huge', align: 'center' });
  const { page, overlay } = await openReader();
  expect(await articleFont(overlay)).toMatch(/^Charter/);
  expect(
    await overlay.evaluate((root) => {
      const focus = root.querySelector('.l-focus') as HTMLElement;
      const paragraph = getComputedStyle(root.querySelector('.l-content p') as Element);
      return [focus.checkVisibility(), paragraph.textAlign, paragraph.letterSpacing];
    }),
  ).toEqual([false, 'start', 'normal']);
  expect(await legibleFaces(page)).toEqual([]);
  await overlay.click('Reading settings');
  expect(await overlay.checked('Serif', 'radio')).toBe(true);
  expect(await overlay.checked('Off', 'radio')).toBe(true);
  await sync('clear');
});
