/**
 * What the page's process can reach of what Lectern keeps. The content script runs in the page's renderer, so
 * anything it can read, code that took over that renderer can read too. Reached the way such code would, from
 * inside the content script's own world (through the DevTools protocol here): storage.local, where the fixes
 * and the memory of every site are, can't be read or written, and none of its changes are heard there. What
 * it may ask the background is its own page's site's fix and template, and to keep a fix for that site.
 */
import { expect, type Page, test } from '@playwright/test';
import { type Extension, openReaderOn, storedIn, storeIn, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension();

const OTHER_SITE_FIX = {
  rule: { root: null, remove: ['aside.secret'] },
  saved: 1_700_000_000_000,
  used: 1_700_000_000_000,
};

interface Isolated {
  /** Evaluates `expression` (a promise's source) in the content script's world; its value as JSON text. */
  run(expression: string): Promise<string>;
}

/** The content script's isolated world in `page`, as code in the page's renderer reaches it. */
async function contentScriptWorld(page: Page, extension: Extension): Promise<Isolated> {
  const cdp = await page.context().newCDPSession(page);
  const worlds: { id: number; origin: string; type: string }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    const aux = context.auxData as { type?: string } | undefined;
    worlds.push({ id: context.id, origin: context.origin, type: aux?.type ?? '' });
  });
  await cdp.send('Runtime.enable');
  const ours = () => worlds.find((w) => w.type === 'isolated' && w.origin.includes(extension.id));
  await expect.poll(() => ours() !== undefined).toBe(true);
  const contextId = (ours() as { id: number }).id;
  return {
    async run(expression) {
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        expression: `Promise.resolve().then(() => ${expression}).then((v) => JSON.stringify(v), (e) => JSON.stringify('refused: ' + (e && e.message)))`,
        contextId,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) return JSON.stringify(`threw: ${exceptionDetails.text}`);
      return String(result.value);
    },
  };
}

test('storage.local is closed to the content script’s world: nothing of another site can be read, written or heard there', async () => {
  await storeIn(extension, { 'rule:https://other.test': OTHER_SITE_FIX });
  const { page } = await openReaderOn(extension, NEWS.url, NEWS.title);
  const world = await contentScriptWorld(page, extension);

  // The world is the content script's: its API is there, and storage.sync (the settings) answers.
  expect(await world.run('typeof chrome.runtime.id')).toBe('"string"');
  expect(await world.run('chrome.storage.sync.get(null).then(() => "read")')).toBe('"read"');

  const read = await world.run('chrome.storage.local.get(null)');
  expect(read).toMatch(/^"refused: /);
  expect(read).not.toContain('other.test');
  expect(await world.run('chrome.storage.local.set({ "rule:https://other.test": null })')).toMatch(
    /^"refused: /,
  );

  // Another site's fix changes while this page's reader is open: nothing of it reaches this world.
  await world.run(
    'new Promise((done) => { globalThis.heard = []; chrome.storage.onChanged.addListener((changes, area) => globalThis.heard.push(area + " " + Object.keys(changes).join(","))); done(true); })',
  );
  await storeIn(extension, {
    'rule:https://other.test': { ...OTHER_SITE_FIX, used: OTHER_SITE_FIX.used + 1 },
  });
  // A change of the settings does arrive there, so an empty list below is not a listener that never ran.
  await extension.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { sync: { set(v: object): Promise<void> } } } }
    ).chrome.storage.sync.set({ fontSize: 1.5 }),
  );
  await expect.poll(() => world.run('globalThis.heard')).toContain('sync fontSize');
  expect(await world.run('globalThis.heard')).not.toContain('local');
  expect((await storedIn(extension))['rule:https://other.test']).toEqual({
    ...OTHER_SITE_FIX,
    used: OTHER_SITE_FIX.used + 1,
  });
  await page.close();
});

test('what the content script asks of the background is its own site’s, whatever it asks: the fix and template of its page, a fix filed under its page’s site', async () => {
  const NEWS_FIX = { rule: { root: null, remove: ['aside.most-read'] }, saved: 1, used: 1 };
  await storeIn(extension, { 'rule:https://other.test': OTHER_SITE_FIX, 'rule:https://news.test': NEWS_FIX });
  const { page } = await openReaderOn(extension, NEWS.url, NEWS.title);
  const world = await contentScriptWorld(page, extension);
  const ask = (name: string, payload: object) =>
    world.run(
      `chrome.runtime.sendMessage({ lectern: ${JSON.stringify(name)}, payload: ${JSON.stringify(payload)} })`,
    );
  expect(JSON.parse(await ask('background:site', {}))).toEqual({
    ok: true,
    reply: { rule: NEWS_FIX.rule, template: [] },
  });
  // A payload that names another site is not one of ours: no answer, nothing written.
  expect(await ask('background:site', { origin: 'https://other.test' })).toBe('undefined');
  const fix = { root: null, remove: ['div.promo'] };
  expect(JSON.parse(await ask('background:fix', { rule: fix }))).toEqual({
    ok: true,
    reply: { kept: 'saved', dropped: 0 },
  });
  const stored = await storedIn(extension);
  expect((stored['rule:https://news.test'] as { rule: unknown }).rule).toEqual(fix);
  expect(stored['rule:https://other.test']).toEqual(OTHER_SITE_FIX);
  // A selector outside the fix's grammar is refused by the background too.
  expect(await ask('background:fix', { rule: { root: null, remove: ['p, div'] } })).toBe('undefined');
  expect(((await storedIn(extension))['rule:https://news.test'] as { rule: unknown }).rule).toEqual(fix);
  await page.close();
});
