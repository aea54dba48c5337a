/**
 * DOM clobbering in the content-script path (docs/security.md, rule 3): the same random pages as clobbering-fuzz.spec.ts
 * (clobbering-pages.ts: forms and controls named after DOM properties around the article, named images and
 * embeds at the document level), each served as a page of its own and read by the built extension the way the
 * popup and the context menu read it (`content:export` from the service worker injects the content script, which
 * extracts in its isolated world). For every page: the answer comes within a bound, it is not an error, and the
 * article's text holds every paragraph. Every fifth page also opens the reader, which must show them all.
 *
 * Fewer runs than the bundle's fuzz: each is a navigation and an injection. FUZZ_SEED and FUZZ_RUNS replay.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { findContentScript } from '../../bench/sizes.ts';
import { type Extension, launchExtension, openTab, type WorkerChrome } from '../extension/harness.ts';
import { ROOT } from '../support/index.ts';
import { overlayOf } from '../support/overlay.ts';
import {
  CLOBBER_PARAGRAPHS,
  CLOBBER_SEED,
  CLOBBERED_INTERFACES,
  clobberedDocument,
  clobberedPage,
  propertyNames,
} from './clobbering-pages.ts';

const SEED = CLOBBER_SEED;
/** 40 pages: about 30 s on the 2-core build machine. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** Injecting and extracting takes well under a second; a walk that loops never answers. */
const BOUND_MS = 5_000;

/** Served by the test build's host permission (vite.config.ts E2E_ORIGINS), like the fixtures. */
const ORIGIN = 'https://news.test';

let extension: Extension;

test.beforeAll(async () => {
  extension = await launchExtension();
});

test.afterAll(async () => {
  await extension?.context.close();
});

type Answer = { ok: true; reply: { text: string } | null } | { ok: false; error: string } | 'timeout';

test('the content script on random clobbering pages: answers in time, keeps every paragraph, and so does the reader', async () => {
  test.setTimeout(240_000);
  const pages = new Map<string, string>();
  await extension.context.route(
    (url) => url.origin === ORIGIN && url.pathname.startsWith('/clobbered-'),
    (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: pages.get(new URL(route.request().url()).pathname) ?? '',
      }),
  );
  const probe = await extension.context.newPage();
  await probe.goto('about:blank');
  const names = await probe.evaluate(propertyNames, [...CLOBBERED_INTERFACES]);
  await probe.close();
  console.log(`clobbering fuzz (content script): seed ${SEED}, ${RUNS} runs (replay with FUZZ_SEED=${SEED})`);

  // The file the background injects, as the build names it.
  const contentScript = findContentScript(path.join(ROOT, 'dist-e2e'));
  let run = 0;
  await fc.assert(
    fc.asyncProperty(clobberedPage(names), async (generated) => {
      run += 1;
      const path = `/clobbered-${run}/`;
      pages.set(path, clobberedDocument(generated));
      const { page, tabId } = await openTab(extension, `${ORIGIN}${path}`);
      try {
        const answer: Answer = await Promise.race([
          extension.worker.evaluate(
            ([id, file]) =>
              (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs
                .sendMessage(id, {
                  lectern: 'content:ping',
                  payload: {},
                })
                .catch(() =>
                  (
                    globalThis as unknown as {
                      chrome: { scripting: { executeScript(o: object): Promise<unknown> } };
                    }
                  ).chrome.scripting.executeScript({
                    target: { tabId: id, frameIds: [0] },
                    files: [file],
                  }),
                )
                .then(() =>
                  (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, {
                    lectern: 'content:export',
                    payload: { format: 'text', header: false, force: false },
                  }),
                ) as Promise<Answer>,
            [tabId, contentScript] as const,
          ),
          new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), BOUND_MS)),
        ]);
        expect(answer, `no answer within ${BOUND_MS} ms`).not.toBe('timeout');
        if (answer === 'timeout') return;
        expect(answer.ok ? null : answer.error, 'the content script failed').toBeNull();
        const text = (answer.ok ? (answer.reply?.text ?? '') : '').replace(/\s+/g, ' ');
        expect(text, 'no article').not.toBe('');
        expect(CLOBBER_PARAGRAPHS.filter((paragraph) => !text.includes(paragraph))).toEqual([]);

        if (run % 5 === 0) {
          const toggled = await extension.worker.evaluate(
            (id) =>
              (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.sendMessage(id, {
                lectern: 'content:toggle',
                payload: {},
              }),
            tabId,
          );
          expect(toggled).toEqual({ ok: true, reply: { open: true, pdf: false } });
          const overlay = await overlayOf(page);
          await expect.poll(() => overlay.text()).toContain(CLOBBER_PARAGRAPHS[0]);
          const shown = (await overlay.text()).replace(/\s+/g, ' ');
          expect(CLOBBER_PARAGRAPHS.filter((paragraph) => !shown.includes(paragraph))).toEqual([]);
        }
      } finally {
        pages.delete(path);
        await page.close();
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
});
