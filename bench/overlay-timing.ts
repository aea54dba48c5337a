/**
 * Time from the reader command to the overlay on screen, with the built extension (dist-e2e/, which may read
 * https://news.test/ without a click) on the fixture pages, each opened cold in a new tab.
 *
 * The start is taken in the service worker just before it does what the background's toggle does on the
 * shortcut (extension/background/index.ts → ensureInjected → content:toggle): ping the tab, inject the content
 * script, send content:toggle. A command can't be fired programmatically, so those three calls are made from the
 * worker with the same arguments; only the tabs.query for the active tab is left out.
 *
 * The end is taken in the page: a MutationObserver (installed before the command) sees the <lectern-reader> host
 * and its shadow root fill with the article (or the "no article" notice); from there a requestAnimationFrame
 * callback and a message posted from it mark the first frame produced with the overlay in it (the rAF callback
 * runs before that frame's paint, the message after it).
 *
 * The worker and the page are different processes, so their `performance.timeOrigin + performance.now()` clocks
 * are compared through an offset measured just before each trial: worker, page, worker, read in turn, five times;
 * the read with the shortest round trip bounds the offset error by half that round trip (reported).
 */

import path from 'node:path';
import type { Page, Worker } from '@playwright/test';
import { type Extension, launchExtension, openTab } from '../e2e/extension/harness.ts';
import { fixtureUrl, listFixtures, ROOT } from '../e2e/support/index.ts';
import { median } from './metric.ts';
import { findContentScript } from './sizes.ts';

export interface OverlayTrial {
  slug: string;
  /** What the overlay showed: the article, or the "no article" notice. */
  shown: 'reader' | 'notice' | null;
  /** Command → first frame with the overlay. */
  paintMs: number | null;
  /** Command → overlay DOM complete (before any frame). */
  domMs: number | null;
  /** Command → content:toggle answered, in the worker's clock alone. */
  replyMs: number | null;
  /** ± bound of the clock offset between worker and page. */
  clockErrorMs: number | null;
  error: string | null;
}

export interface OverlayTiming {
  trials: OverlayTrial[];
  /** Per page, the median of its trials (reader pages only), then the median over pages. */
  medianMs: number | null;
  pages: number;
  noticePages: string[];
  maxClockErrorMs: number | null;
}

interface BenchChrome {
  tabs: { sendMessage(tabId: number, message: unknown, options: { frameId: number }): Promise<unknown> };
  scripting: {
    executeScript(injection: {
      target: { tabId: number; frameIds: number[] };
      files: string[];
    }): Promise<unknown>;
  };
}

interface Painted {
  shown: 'reader' | 'notice';
  mountedAt: number;
  paintedAt: number;
}

declare global {
  var __benchPaint: Promise<Painted> | undefined;
}

const clock = () => performance.timeOrigin + performance.now();

async function clockOffset(page: Page, worker: Worker): Promise<{ offset: number; error: number }> {
  let best = { offset: 0, error: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 5; i++) {
    const before = await worker.evaluate(clock);
    const inPage = await page.evaluate(clock);
    const after = await worker.evaluate(clock);
    const error = (after - before) / 2;
    if (error < best.error) best = { offset: inPage - (before + after) / 2, error };
  }
  return best;
}

function installWatcher(page: Page): Promise<void> {
  return page.evaluate(() => {
    const now = () => performance.timeOrigin + performance.now();
    globalThis.__benchPaint = new Promise<Painted>((resolve) => {
      const observers: MutationObserver[] = [];
      let watchedRoot: ShadowRoot | null = null;
      let done = false;
      const check = () => {
        if (done) return;
        const root = document.querySelector('lectern-reader')?.shadowRoot ?? null;
        if (!root) return;
        if (root !== watchedRoot) {
          // Mutations inside a shadow root are not reported to observers of the document.
          watchedRoot = root;
          const inner = new MutationObserver(check);
          inner.observe(root, { childList: true, subtree: true, characterData: true });
          observers.push(inner);
        }
        const article = root.querySelector('.lectern-root article');
        const shown = article?.textContent?.trim()
          ? 'reader'
          : root.querySelector('[role="alertdialog"]')
            ? 'notice'
            : null;
        if (!shown) return;
        done = true;
        for (const observer of observers) observer.disconnect();
        const mountedAt = now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ shown, mountedAt, paintedAt: now() });
          channel.port2.postMessage(null);
        });
      };
      const outer = new MutationObserver(check);
      outer.observe(document.documentElement, { childList: true, subtree: true });
      observers.push(outer);
    });
  });
}

/** What the background does on the command, from the worker; returns the worker's clock at start and reply. */
function command(worker: Worker, tabId: number, file: string): Promise<{ start: number; reply: number }> {
  return worker.evaluate(
    async ([tabId, file]) => {
      const { chrome } = globalThis as unknown as { chrome: BenchChrome };
      const now = () => performance.timeOrigin + performance.now();
      const start = now();
      try {
        await chrome.tabs.sendMessage(tabId, { lectern: 'content:ping', payload: {} }, { frameId: 0 });
      } catch {
        // Not injected yet: the usual case for a cold tab, as in ensureInjected.
        await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [file] });
      }
      await chrome.tabs.sendMessage(tabId, { lectern: 'content:toggle', payload: {} }, { frameId: 0 });
      return { start, reply: now() };
    },
    [tabId, file] as const,
  );
}

async function trial(extension: Extension, slug: string, file: string): Promise<OverlayTrial> {
  const { page, tabId } = await openTab(extension, fixtureUrl(slug));
  try {
    await page.bringToFront(); // rAF only runs in a visible tab
    await page.evaluate('globalThis.__name ??= (fn) => fn; undefined');
    await installWatcher(page);
    const { offset, error } = await clockOffset(page, extension.worker);
    const { start, reply } = await command(extension.worker, tabId, file);
    const painted = await Promise.race([
      page.evaluate(() => globalThis.__benchPaint ?? Promise.reject(new Error('no watcher'))),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no overlay after 15 s')), 15_000)),
    ]);
    return {
      slug,
      shown: painted.shown,
      paintMs: painted.paintedAt - offset - start,
      domMs: painted.mountedAt - offset - start,
      replyMs: reply - start,
      clockErrorMs: error,
      error: null,
    };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
    return {
      slug,
      shown: null,
      paintMs: null,
      domMs: null,
      replyMs: null,
      clockErrorMs: null,
      error: message,
    };
  } finally {
    await page.close();
  }
}

export async function overlayTiming(
  options: { repeats?: number; limit?: number; onProgress?: (text: string) => void } = {},
): Promise<OverlayTiming> {
  const repeats = options.repeats ?? 3;
  const file = findContentScript(path.join(ROOT, 'dist-e2e'));
  const slugs = listFixtures().slice(0, options.limit ?? Number.POSITIVE_INFINITY);
  const extension = await launchExtension({ dist: 'dist-e2e' });
  const trials: OverlayTrial[] = [];
  try {
    await extension.worker.evaluate('globalThis.__name ??= (fn) => fn; undefined');
    for (const [index, slug] of slugs.entries()) {
      options.onProgress?.(`overlay ${index + 1}/${slugs.length} ${slug}`);
      for (let i = 0; i < repeats; i++) trials.push(await trial(extension, slug, file));
    }
  } finally {
    await extension.context.close();
  }
  const perPage: number[] = [];
  const noticePages: string[] = [];
  for (const slug of slugs) {
    const mine = trials.filter((t) => t.slug === slug && t.paintMs !== null);
    if (mine.some((t) => t.shown === 'notice')) noticePages.push(slug);
    const reader = mine.filter((t) => t.shown === 'reader').map((t) => t.paintMs ?? 0);
    const pageMedian = median(reader);
    if (pageMedian !== null) perPage.push(pageMedian);
  }
  const errors = trials.flatMap((t) => (t.clockErrorMs === null ? [] : [t.clockErrorMs]));
  return {
    trials,
    medianMs: median(perPage),
    pages: perPage.length,
    noticePages,
    maxClockErrorMs: errors.length ? Math.max(...errors) : null,
  };
}
