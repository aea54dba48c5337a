/**
 * Reaching a tab's page, written once for the three ways in (the reader command, the toolbar button's menu, the
 * popup): the tab's URL not one the browser keeps from extensions, our content script injected (or already
 * there), the page not Chromium's PDF viewer. Each caller says in its own words what went wrong. And, for the
 * menu and the popup, exporting the article of a tab reached (`tabExporter`).
 */
import type { Tabs } from 'webextension-polyfill';
import type { Exporter } from './export.ts';
import { ensureInjected, injectIfNeeded } from './inject.ts';
import { type ContentState, sendToTab } from './messages.ts';
import { type RestrictedReason, restrictedReason } from './restricted.ts';
import { loadSettings } from './settings.ts';

export type Reached =
  /** `page`: what the content script said of the page; null when it was injected just now (`fresh` unasked). */
  | { ok: true; tabId: number; page: ContentState | null }
  /** A page the browser keeps from us, by its URL (the injection's error names it otherwise), or a PDF. */
  | { ok: false; tabId: number | null; restricted: RestrictedReason | null; error: null }
  /** Injecting failed: `error` says why (restricted.ts classifyInjectError sorts it). */
  | { ok: false; tabId: number; restricted: null; error: unknown };

/**
 * `fresh`: ask a content script injected just now what it sees (the menu and the popup need to know at once);
 * the reader command skips that round trip, since its next message's reply says it too.
 */
export async function reachTab(tab: Tabs.Tab | undefined, fresh: boolean): Promise<Reached> {
  const tabId = tab?.id;
  if (tabId === undefined) return { ok: false, tabId: null, restricted: 'no-page', error: null };
  // The URL is visible once the shortcut, the click or the popup granted activeTab; hidden, injecting tells.
  const reason = tab?.url === undefined ? null : restrictedReason(tab.url);
  if (reason !== null) return { ok: false, tabId, restricted: reason, error: null };
  let page: ContentState | null;
  try {
    page = fresh ? await ensureInjected(tabId, tab?.url) : await injectIfNeeded(tabId, tab?.url);
  } catch (error) {
    return { ok: false, tabId, restricted: null, error };
  }
  if (page?.pdf) return { ok: false, tabId, restricted: 'pdf', error: null };
  return { ok: true, tabId, page };
}

/**
 * A reached tab's article, exported by its content script with the person's header setting (the popup and the
 * button's menu: export.ts runExport); `write` puts a copy on the clipboard from the asker's own document.
 */
export function tabExporter(tabId: number, force: boolean, write: Exporter['write']): Exporter {
  const header = async (): Promise<boolean> => (await loadSettings()).copyHeader;
  return {
    copy: async (format) => sendToTab(tabId, 'content:export', { format, header: await header(), force }),
    write,
    save: async (format) => sendToTab(tabId, 'content:save', { format, header: await header(), force }),
  };
}
