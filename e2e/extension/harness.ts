/**
 * What the extension specs add to e2e/support: the popup's URL for a tab, opening a tab with its id, and the
 * slice of chrome.* they call inside the service worker.
 */
import { type BrowserContext, expect, type Locator, type Page, test, type Worker } from '@playwright/test';
import { type LaunchOptions, launchExtension as launch } from '../support/index.ts';
import { type Overlay, overlayOf } from '../support/overlay.ts';

export interface Extension {
  context: BrowserContext;
  worker: Worker;
  id: string;
  /** The popup as a page about `tabId` (extension/popup/target.ts reads ?tab=). */
  popupUrl(tabId: number): string;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<Extension> {
  const { context, worker, extensionId: id } = await launch(options);
  return {
    context,
    worker,
    id,
    popupUrl: (tabId) => `chrome-extension://${id}/extension/popup/index.html?tab=${tabId}`,
  };
}

/**
 * The built extension for a spec file: launched before its first test, closed after its last. The object is
 * filled in when it launches (use it inside tests and hooks). `clipboard` lets the tests read what was copied.
 */
export function useExtension(options: { clipboard?: boolean } = {}): Extension {
  const extension = {} as Extension;
  test.beforeAll(async () => {
    Object.assign(extension, await launchExtension());
    if (options.clipboard) await extension.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  test.afterAll(async () => {
    await extension.context?.close();
  });
  return extension;
}

/** The subset of the chrome.* API the tests call inside the service worker (the repo has no @types/chrome). */
export interface WorkerChrome {
  tabs: {
    query(query: object): Promise<Array<{ id?: number; url?: string }>>;
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
    get(tabId: number): Promise<{ status?: string }>;
  };
  action: {
    getPopup(details: object): Promise<string>;
    getTitle(details: object): Promise<string>;
    getBadgeText(details: object): Promise<string>;
  };
  commands: { getAll(): Promise<Array<{ name?: string; shortcut?: string }>> };
}

/**
 * Opens `url` in a new tab and returns the page with its tab id (read from the worker, not guessed). A navigation
 * error matching `tolerate` leaves the tab on Chromium's error page, its URL unchanged.
 */
export async function openTab(
  extension: Extension,
  url: string,
  tolerate?: RegExp,
): Promise<{ page: Page; tabId: number }> {
  const ids = () =>
    extension.worker.evaluate(async () => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      return (await chrome.tabs.query({})).map((tab) => tab.id ?? -1);
    });
  const before = new Set(await ids());
  const page = await extension.context.newPage();
  const tabId = (await ids()).find((id) => !before.has(id));
  if (tabId === undefined) throw new Error('could not find the new tab');
  await page.goto(url).catch((error: unknown) => {
    if (!tolerate?.test(String(error))) throw error;
  });
  // A failed goto returns before Chromium commits its error page, and that commit resets the tab's badge and
  // tooltip: a shortcut pressed in between had its answer wiped (the Web Store test failed half the time).
  const status = () =>
    extension.worker.evaluate(
      async (id) => (await (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs.get(id)).status,
      tabId,
    );
  // Waiting for the page, not timing it: Chromium's PDF viewer has taken over 5 s (the poll's default) to
  // finish loading with both test workers busy on two cores.
  await expect.poll(status, { timeout: 20_000 }).toBe('complete');
  return { page, tabId };
}

/**
 * Opens the reader on `page` (tab `tabId`) as a person does from the toolbar popup: Open reader view, which
 * closes the popup; then the article's tab is in front again.
 */
export async function openReaderFromPopup(extension: Extension, page: Page, tabId: number): Promise<void> {
  const popup = await extension.context.newPage();
  await popup.goto(extension.popupUrl(tabId));
  await clickAndAwaitClose(popup, popup.getByRole('button', { name: 'Open reader view' }));
  await page.bringToFront();
}

/**
 * Clicks `button`, which closes its own window (the popup's Open and Close), and waits for the close. The
 * window may close before Playwright hears the click's answer, which it reports as an error: that error is the
 * click working, so it counts only while the window is still open.
 */
export async function clickAndAwaitClose(popup: Page, button: Locator): Promise<void> {
  const closed = popup.waitForEvent('close');
  await button.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error;
  });
  await closed;
}

/**
 * Opens `url` in a new tab and the reader on it from the popup, and waits until the reader shows `shows`: the
 * page and its overlay.
 */
export async function openReaderOn(
  extension: Extension,
  url: string,
  shows: string,
): Promise<{ page: Page; overlay: Overlay }> {
  const { page, tabId } = await openTab(extension, url);
  await openReaderFromPopup(extension, page, tabId);
  const overlay = await overlayOf(page);
  await expect.poll(() => overlay.shows(shows)).toBe(true);
  return { page, overlay };
}

interface ErrorLog {
  __lecternTestErrors?: string[];
}

/**
 * Starts recording what goes wrong in the service worker: console errors and warnings, uncaught exceptions and
 * unhandled rejections (listeners added inside the worker: those never reach the console API). Returns a reader
 * of everything recorded since.
 */
export async function watchWorkerErrors(extension: Extension): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  extension.worker.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
  });
  await extension.worker.evaluate(() => {
    const scope = globalThis as unknown as ErrorLog & EventTarget;
    if (scope.__lecternTestErrors) return;
    const errors: string[] = [];
    scope.__lecternTestErrors = errors;
    scope.addEventListener('error', (event) => errors.push(String((event as ErrorEvent).message)));
    scope.addEventListener('unhandledrejection', (event) =>
      errors.push(`unhandled rejection: ${String((event as PromiseRejectionEvent).reason)}`),
    );
  });
  return async () => [
    ...logged,
    ...(await extension.worker.evaluate(() => (globalThis as unknown as ErrorLog).__lecternTestErrors ?? [])),
  ];
}

type LocalStorageArea = {
  get(): Promise<Record<string, unknown>>;
  set(items: object): Promise<void>;
  clear(): Promise<void>;
};

/** storage.local as the extension's worker reads it. */
/** The toolbar button's badge and tooltip in the tab, as the worker reads them. */
export const buttonIn = (extension: Extension, tabId: number): Promise<{ badge: string; title: string }> =>
  extension.worker.evaluate(async (id) => {
    const { action } = (globalThis as unknown as { chrome: WorkerChrome }).chrome;
    return { badge: await action.getBadgeText({ tabId: id }), title: await action.getTitle({ tabId: id }) };
  }, tabId);

/** Whether our content script answers in the tab (asked from the worker: nothing is injected to ask). */
export const answersInTab = (extension: Extension, tabId: number): Promise<boolean> =>
  extension.worker.evaluate(
    (id) =>
      (globalThis as unknown as { chrome: WorkerChrome }).chrome.tabs
        .sendMessage(id, { lectern: 'content:ping', payload: {} })
        .then(
          () => true,
          () => false,
        ),
    tabId,
  );

export const storedIn = (extension: Extension): Promise<Record<string, unknown>> =>
  extension.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { local: LocalStorageArea } } }
    ).chrome.storage.local.get(),
  );

/** Empties storage.local (each test starts from a browser that stored nothing). */
export const clearStorage = (extension: Extension): Promise<void> =>
  extension.worker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { storage: { local: LocalStorageArea } } }
    ).chrome.storage.local.clear(),
  );

/** Puts `items` in storage.local, as the extension would have. */
export const storeIn = (extension: Extension, items: object): Promise<void> =>
  extension.worker.evaluate(
    (values) =>
      (
        globalThis as unknown as { chrome: { storage: { local: LocalStorageArea } } }
      ).chrome.storage.local.set(values),
    items,
  );
