/**
 * The page can't see or steer the reader (docs/security.md, rule 1). The news article, with a page script that does what a
 * hostile page would do the moment the reader's host arrives: read it (its shadow root, its HTML and text, a
 * patched attachShadow), hide or fade or move it (styles, attributes, `hidePopover`, removing it, a fake
 * `beforeprint`), cover it
 * (a z-index 2147483647 layer, a popover and a modal dialog of its own opened after it, pseudo-elements), and
 * drive it (synthetic clicks and Esc key presses at the window, the document and the host). Then: the reader is
 * open and is what the screenshot shows, the page learned nothing of its text, and its settings are unchanged.
 * And a page whose elements stand in for globals (`id="browser"`, named forms) doesn't stop the reader.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { fixtureFile } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import { coverAndReader } from '../support/png.ts';
import {
  type Extension,
  launchExtension,
  openReaderFromPopup,
  openTab,
  type WorkerChrome,
} from './harness.ts';
import { NEWS } from './pages.ts';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
});

test.afterAll(async () => {
  await extension?.context.close();
});

const RED = 'rgb(255, 0, 0)';

/** Runs in the page's main world, before the page's own content. */
const ATTACK = `<style>
  html > div, [popover], :popover-open { opacity: 0 !important; display: none !important;
    transform: scale(0) !important; visibility: hidden !important; clip-path: inset(50%) !important; }
  html > div::before, html > div::after { content: "" !important; display: block !important;
    position: fixed !important; inset: 0 !important; background: ${RED} !important; z-index: 2147483647 !important; }
</style>
<script>
  (() => {
    const seen = [];
    window.__attack = { seen, runs: 0, done: false };
    const note = (what, value) => { try { seen.push(what + ': ' + String(value)); } catch (error) { seen.push(what + ' threw'); } };
    // Every shadow root made in this world is handed to the page, whatever mode was asked for.
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attachShadow.call(this, { ...init, mode: 'open' });
      window.__attack.stolen = root;
      return root;
    };
    const cover = (tag) => {
      const el = document.createElement(tag);
      el.dataset.page = 'cover';
      el.setAttribute('style', 'position: fixed; inset: 0; width: 100vw; height: 100vh; max-width: none; max-height: none; margin: 0; border: 0; padding: 0; background: ${RED}; z-index: 2147483647; display: block;');
      document.body.append(el);
      return el;
    };
    const keys = (target) => {
      for (const type of ['keydown', 'keyup']) {
        target.dispatchEvent(new KeyboardEvent(type, { key: 'Escape', code: 'Escape', bubbles: true, composed: true, cancelable: true }));
      }
    };
    const attack = (host) => {
      window.__attack.runs += 1;
      note('shadowRoot', host.shadowRoot);
      note('innerHTML', host.innerHTML);
      note('textContent', host.textContent);
      note('outerHTML', host.outerHTML);
      note('innerText', host.innerText);
      note('stolen', window.__attack.stolen && window.__attack.stolen.innerHTML);
      host.style.setProperty('opacity', '0', 'important');
      host.style.setProperty('display', 'none', 'important');
      host.className = 'hidden';
      host.setAttribute('hidden', '');
      host.setAttribute('inert', '');
      try { host.hidePopover(); } catch (error) { note('hidePopover threw', error); }
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
        host.dispatchEvent(new MouseEvent(type, { bubbles: true, composed: true, clientX: 996, clientY: 22 }));
      }
      const under = document.elementFromPoint(996, 22);
      note('elementFromPoint', under && under.outerHTML);
      if (under) under.click();
      keys(window);
      keys(document);
      keys(host);
      // A print that isn't one: the reader would leave the top layer for it, and stop answering covers.
      window.dispatchEvent(new Event('beforeprint'));
      cover('div');
      cover('div').setAttribute('popover', 'manual');
      document.querySelector('[data-page][popover]').showPopover();
      cover('dialog').showModal();
      // Taken out of the page altogether: it must come back.
      host.remove();
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__attack.done = true; }));
    };
    // From the load on: what the parser adds to <html> (head, body) is the page's own.
    const watch = new MutationObserver((records) => {
      for (const record of records) {
        note('mutation', record.type + ' ' + record.target.nodeName);
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1 || node.dataset.page) continue;
          note('added', node.outerHTML);
          if (node.parentNode === document.documentElement && window.__attack.runs === 0) attack(node);
        }
      }
    });
    addEventListener('load', () =>
      watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true }),
    );
  })();
</script>`;

const ATTACK_URL = 'https://news.test/page-attacks/';

test('a hostile page can’t read, restyle, cover, remove or drive the reader, nor change its settings', async () => {
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    '</head>',
    `${ATTACK}</head>`,
  );
  await extension.context.route(ATTACK_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  const { page, tabId } = await openTab(extension, ATTACK_URL);
  const settingsBefore = await extension.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { sync: { get(): Promise<object> } } } }
    ).chrome.storage.sync.get(),
  );
  await openReaderFromPopup(extension, page, tabId);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __attack: { done: boolean } }).__attack.done))
    .toBe(true);
  // Our answers (undoing attribute changes, raising the reader, putting it back) run in tasks of their own.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 100)));

  const overlay = await overlayOf(page);
  expect(await overlay.text()).toContain(NEWS.body);
  expect(await overlay.has('Copy text')).toBe(true);

  // What the screen shows: the reader's page colour, and not one pixel of the page's red layers.
  const { red, reader } = coverAndReader(await page.screenshot());
  expect(red, 'pixels of the page’s covering layers').toBe(0);
  expect(reader).toBeGreaterThan(0.5);

  // The page learned nothing of the reader: no shadow root, no text, not one of its words.
  const attack = await page.evaluate(() => {
    const found = (window as unknown as { __attack: { seen: string[]; stolen?: ShadowRoot } }).__attack;
    return { seen: found.seen.join('\n'), stolen: found.stolen !== undefined };
  });
  expect(attack.seen).toContain('shadowRoot: null');
  expect(attack.stolen).toBe(false);
  for (const word of ['Copy', 'Reading settings', 'min read', 'lectern', NEWS.title]) {
    expect(attack.seen, word).not.toContain(word);
  }
  // Its changes to the host were taken off again.
  const host = await overlay.find();
  expect(host).not.toBeNull();
  expect(await overlay.evaluate((root) => root.host.getAttributeNames())).toEqual([]);
  // On top of the page's own modal dialog, and not made inert by it: a click reaches the reader.
  expect(await overlay.evaluate((root) => root.querySelector('dialog')?.matches(':modal'))).toBe(true);
  expect(await overlay.evaluate((root) => root.elementFromPoint(640, 450)?.closest('.l-root') != null)).toBe(
    true,
  );

  // Nothing it dispatched acted: the reader is open (Esc would have closed it) and no setting moved.
  const settingsAfter = await extension.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { sync: { get(): Promise<object> } } } }
    ).chrome.storage.sync.get(),
  );
  expect(settingsAfter).toEqual(settingsBefore);
  // A real Esc still closes it.
  await page.keyboard.press('Escape');
  await expect.poll(() => overlay.find()).toBeNull();
});

test('page elements named like extension globals don’t stand in for them: the reader opens', async () => {
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    /<body[^>]*>/,
    // webextension-polyfill #720: `browser.runtime.id` would be "browser"; and the content script's old guard.
    (body) =>
      `${body}<form id="browser"></form><form id="browser" name="runtime"></form><div id="chrome"></div>` +
      '<div id="__lecternContent"></div><div id="lectern"></div>',
  );
  const url = 'https://news.test/clobbered-globals/';
  await extension.context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  const { page, tabId } = await openTab(extension, url);
  const toggle = () =>
    extension.worker.evaluate(
      (id) =>
        (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, {
          lectern: 'content:toggle',
          payload: {},
        }),
      tabId,
    );
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(NEWS.title);
  await popup.close();
  expect(await toggle()).toEqual({ ok: true, reply: { open: true, pdf: false } });
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain(NEWS.body);
});

test('images named like the document’s methods the reader’s views make nodes with: the reader opens, and its panels', async () => {
  // In the page's own world the images stand in for the document's methods; in the isolated world the reader
  // runs in (Chromium's, Firefox's Xrays) they don't, and the views may make their nodes through the document.
  const named = ['createElementNS', 'createTextNode', 'createElement', 'createDocumentFragment']
    .map((name) => `<img name="${name}" alt="">`)
    .join('');
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    /<body[^>]*>/,
    (body) => `${body}${named}`,
  );
  const url = 'https://news.test/clobbered-document/';
  await extension.context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  const { page, tabId } = await openTab(extension, url);
  expect(await page.evaluate(() => typeof document.createElementNS)).toBe('object');
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain(NEWS.body);
  expect(await overlay.shows(NEWS.title)).toBe(true);
  await overlay.click('Reading settings');
  await expect.poll(() => overlay.has('Dark', 'radio')).toBe(true);
  await overlay.click('More options');
  await expect.poll(() => overlay.has('Save as Markdown (.md)')).toBe(true);
});

test('a page that makes everything inert (its <html>) as the reader arrives can’t make the reader inert', async () => {
  // The reader first shows as a popover, which an inert ancestor would make inert; the dialog it then becomes
  // (modal) is not. A person's click on Close works: an inert button would not hear it.
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    '</head>',
    `<script>
      addEventListener('load', () => new MutationObserver(() => {
        document.documentElement.inert = true;
      }).observe(document.documentElement, { childList: true }));
    </script></head>`,
  );
  const url = 'https://news.test/inert-page/';
  await extension.context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  const { page, tabId } = await openTab(extension, url);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain(NEWS.body);
  expect(await page.evaluate(() => document.documentElement.inert)).toBe(true);
  await overlay.click('Close reader view');
  await expect.poll(() => overlay.find()).toBeNull();
});

test('a page’s fonts named like the reader’s never draw its words: one it declares is never fetched, one it adds later leaves the stacks', async () => {
  const declared = 'https://news.test/fonts/page-charter.woff2';
  const added = 'https://news.test/fonts/page-bitstream-charter.woff2';
  const url = 'https://news.test/page-fonts/';
  // Declared and never used by the page: only a reader laying its words out in "Charter" would ask for it.
  const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8').replace(
    '</head>',
    `<style>@font-face { font-family: "Charter"; src: url(${declared}) format("woff2"); }</style></head>`,
  );
  await extension.context.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: source }),
  );
  const fetched: string[] = [];
  await extension.context.route('https://news.test/fonts/**', (route) => {
    fetched.push(route.request().url());
    return route.fulfill({ status: 404, body: '' });
  });
  const { page, tabId } = await openTab(extension, url);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.text()).toContain(NEWS.body);
  const bodyFont = () =>
    overlay.evaluate((root) => getComputedStyle(root.querySelector('.l-content p') as Element).fontFamily);
  // The reader's serif without the page's family, and still a serif; the page's font never asked for.
  await expect.poll(bodyFont).toMatch(/^"Bitstream Charter", .*\bserif$/);
  await page.waitForTimeout(300);
  expect(fetched).toEqual([]);

  // The page adds a font under the next name of the stack while the reader is open: out of the stack before
  // it has loaded, so it never draws.
  await page.evaluate((src) => {
    document.fonts.add(new FontFace('Bitstream Charter', `url(${src})`));
  }, added);
  await expect.poll(bodyFont).toMatch(/^"Sitka Text", .*\bserif$/);
  expect(fetched).not.toContain(declared);
  // Control: the page's own use of its "Charter" fetches it, and the test sees it.
  await page.evaluate(() => document.fonts.load('16px Charter').catch(() => []));
  await expect.poll(() => fetched).toContain(declared);
  await page.close();
  await extension.context.unroute('https://news.test/fonts/**');
  await extension.context.unroute(url);
});
