/**
 * What the extension specs add to e2e/support: the popup's URL for a tab, opening a tab with its id, and the
 * slice of chrome.* they call inside the service worker.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { type LaunchOptions, launchExtension as launch } from '../support/index.ts';

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

/** The subset of the chrome.* API the tests call inside the service worker (the repo has no @types/chrome). */
export interface WorkerChrome {
  tabs: {
    query(query: object): Promise<Array<{ id?: number; url?: string }>>;
    sendMessage(tabId: number, message: unknown): Promise<unknown>;
  };
  action: { getPopup(details: object): Promise<string>; getTitle(details: object): Promise<string> };
  commands: { getAll(): Promise<Array<{ name?: string; shortcut?: string }>> };
}

/** Opens `url` in a new tab and returns the page with its tab id (read from the worker, not guessed). */
export async function openTab(extension: Extension, url: string): Promise<{ page: Page; tabId: number }> {
  const ids = () =>
    extension.worker.evaluate(async () => {
      const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
      return (await chrome.tabs.query({})).map((tab) => tab.id ?? -1);
    });
  const before = new Set(await ids());
  const page = await extension.context.newPage();
  const tabId = (await ids()).find((id) => !before.has(id));
  if (tabId === undefined) throw new Error('could not find the new tab');
  await page.goto(url);
  return { page, tabId };
}
