/**
 * Whatever the page holds, the article the built extension shows, copies and extracts carries nothing
 * that runs, loads a document, submits, or restyles the page.
 *
 * Design. Each vector (vectors.ts) sits in the middle of a normal article page (page.ts) with page JavaScript
 * on, as on a real site. Its payload calls `top.__xss(this)`, a function of the page's main world: inline
 * handlers, `<script>` and `javascript:` URLs always run in the main world, also inside our shadow root (the
 * overlay lives in the page's DOM; only the content script is in an isolated world), and `top` reaches it from
 * a same-origin `srcdoc` frame too. The page's own copy of the payload may fire while the page loads: that is
 * the page, not us. So the test waits for the page to settle (images loaded or failed, two frames and a task),
 * then ARMS the flag; only a firing after arming counts (unless the page's own element fired its own handler,
 * page.ts). Everything Lectern does happens after arming:
 * injection and extraction (the popup), the overlay, both copies, and the extractor bundle's own run. The
 * control test shows the flag does see a payload that runs inside the overlay, with the same settle step.
 * The overlay's shadow root is closed: the test reads it, and presses its buttons, through the browser's
 * debugging protocol (e2e/support/overlay.ts).
 *
 * Per vector: (a) the flag stays unset; (b) the overlay's article DOM holds nothing the checker forbids
 * (checker.ts: elements, handlers, URL schemes, CSS, and computed position/background as seen); (c) Copy text
 * and Copy Markdown hold no javascript:/vbscript:/data:text/html URL, and Copy Markdown no raw HTML tag; (d)
 * `article.content` from dist-extractor/lectern.js passes the same checker. The article's first and last sentences must be in
 * the overlay, so a vector that broke extraction could not pass by showing nothing.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Envelope } from '../../extension/shared/messages.ts';
import { type Extension, launchExtension, openTab, type WorkerChrome } from '../extension/harness.ts';
import { loadExtractor } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import { dangerousText, forbiddenIn } from './checker.ts';
import { CLOSING, hostileUrl, LEAD, serveHostilePages } from './page.ts';
import { VECTORS } from './vectors.ts';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
  await serveHostilePages(extension.context, VECTORS);
  await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test.afterAll(async () => {
  await extension?.context.close();
});

const TOGGLE: Envelope<'content:toggle'> = { lectern: 'content:toggle', payload: {} };

/** Sends the toggle as the background does; the content script's reply, unwrapped from its envelope. */
async function toggle(tabId: number): Promise<unknown> {
  const answer = (await extension.worker.evaluate(
    ([id, body]) => (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, body),
    [tabId, TOGGLE] as const,
  )) as { ok: boolean; reply?: unknown } | undefined;
  return answer?.ok ? answer.reply : answer;
}

const reader = overlayOf;

async function readerText(page: Page): Promise<string> {
  return (await reader(page)).text();
}

/** The popup injects the content script and extracts, as the toolbar click does; then it is closed. */
async function injectThroughPopup(tabId: number): Promise<void> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('button', { name: 'Open reader view' })).toBeVisible();
  await popup.close();
}

/**
 * Lets pending events happen: every image in the page and the overlay has loaded or failed (error handlers run
 * then), then two frames (autofocus, toggle and animation events run at frame time) and one task.
 */
async function settle(page: Page): Promise<void> {
  // Self-contained (it runs in the page, and in the overlay's world): waits for every image under `scope`.
  const loaded = async (scope: ParentNode) => {
    const pending = Array.from(scope.querySelectorAll('img')).filter((img) => !img.complete);
    await Promise.all(
      pending.map(
        (img) =>
          new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
      ),
    );
  };
  await page.evaluate(`(${loaded})(document)`);
  const overlay = await reader(page);
  if (await overlay.find()) await overlay.evaluate(loaded);
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
  );
}

const firedAfterArming = (page: Page) => page.evaluate(() => globalThis.__xssLog.after);

/** Clicks a Copy button and returns what reached the clipboard (emptied first, so the old copy can't answer). */
async function copied(page: Page, button: 'Copy text' | 'Copy Markdown'): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await (await reader(page)).click(button);
  // The reader says it copied (its message for this button), then the clipboard must hold it.
  const done = button === 'Copy text' ? /Copied [\d,]+ words/ : /Copied [\d,]+ words as Markdown/;
  await expect.poll(() => readerText(page), `${button}: the reader's message`).toMatch(done);
  let text = '';
  await expect
    .poll(async () => {
      text = await page.evaluate(() => navigator.clipboard.readText());
      return text.length;
    }, `${button}: the clipboard`)
    .toBeGreaterThan(0);
  return text;
}

/** The tab with the vector's page loaded, settled, and the flag armed. */
async function armedTab(index: number): Promise<{ page: Page; tabId: number }> {
  const { page, tabId } = await openTab(extension, hostileUrl(index));
  await page.bringToFront();
  await settle(page);
  await page.evaluate(() => {
    globalThis.__xssLog.armed = true;
  });
  return { page, tabId };
}

for (const [index, vector] of VECTORS.entries()) {
  test(`hostile ${index + 1}, ${vector.name}: nothing runs, and the reader, copies and content are clean`, async () => {
    const { page, tabId } = await armedTab(index);
    await injectThroughPopup(tabId);
    await page.bringToFront();

    expect(await toggle(tabId)).toMatchObject({ open: true });
    await expect.poll(() => readerText(page)).toContain(LEAD);
    await expect.poll(() => readerText(page)).toContain(CLOSING);
    await settle(page);
    expect(await firedAfterArming(page), '(a) a payload ran after the reader opened').toBe(0);
    expect(await (await reader(page)).evaluate(forbiddenIn), '(b) the overlay article').toEqual([]);

    for (const [button, format] of [
      ['Copy text', 'text'],
      ['Copy Markdown', 'markdown'],
    ] as const) {
      const text = await copied(page, button);
      expect(text).toContain(LEAD);
      expect(dangerousText(text, format), `(c) ${button}`).toEqual([]);
    }
    expect(await toggle(tabId)).toMatchObject({ open: false });

    await loadExtractor(page);
    const content = await page.evaluate(() => globalThis.Lectern.extract(document)?.content ?? null);
    expect(content).toContain(LEAD);
    expect(await page.evaluate(forbiddenIn, { html: content ?? '' }), '(d) article.content').toEqual([]);

    await settle(page);
    expect(await firedAfterArming(page), '(a) a payload ran after arming').toBe(0);
    await page.close();
  });
}

test('control: the flag sees a payload that runs inside the overlay, after the same settle step', async () => {
  const index = VECTORS.findIndex((vector) => vector.name === 'img onerror');
  const { page, tabId } = await armedTab(index);
  await injectThroughPopup(tabId);
  await page.bringToFront();
  expect(await toggle(tabId)).toMatchObject({ open: true });
  await expect.poll(() => readerText(page)).toContain(LEAD);
  await settle(page);
  expect(await firedAfterArming(page)).toBe(0);

  // What the reader would do with unsanitized HTML: parse it into the shadow root from the page's MAIN world.
  // The page can't reach the closed root, so the debugging protocol hands it over: DOM.resolveNode without an
  // execution context resolves in the main world, and the function runs there.
  const overlay = await reader(page);
  const found = await overlay.find();
  if (!found) throw new Error('no overlay');
  const { object } = await overlay.session.send('DOM.resolveNode', { backendNodeId: found.root });
  const { result, exceptionDetails } = await overlay.session.send('Runtime.callFunctionOn', {
    objectId: object.objectId,
    functionDeclaration: `function () {
      const box = document.createElement('div');
      box.innerHTML = '<img src="x" onerror="top.__xss(this)">';
      this.querySelector('.l-content').append(box);
      return typeof __xssLog; // the page's own global: proof this ran in its main world
    }`,
    returnByValue: true,
  });
  expect(exceptionDetails).toBeUndefined();
  expect(result.value).toBe('object');
  await settle(page);
  expect(await firedAfterArming(page)).toBe(1);
  // And the checker of (b), reading the live overlay through its closed root, sees what was put there.
  expect(await overlay.evaluate(forbiddenIn)).toContain('handler onerror on <img>');
  await page.close();
});
