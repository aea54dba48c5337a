/**
 * The service worker, kept thin: the shortcut and (when the setting makes it skip the popup) the toolbar button
 * toggle the reader in the active tab; the setting decides whether the button opens the popup. It also does
 * what a content script must not do in the page: write the clipboard, inject the reader's later parts.
 */
// First: every module after it reaches the extension through the polyfill.
import '../shared/polyfill.ts';
import type { Runtime, Tabs } from 'webextension-polyfill';
import { api } from '../shared/api.ts';
import { listAutoOpen } from '../shared/auto-open.ts';
import { injectChunk } from '../shared/inject.ts';
import { handleBackgroundMessages, sendToTab } from '../shared/messages.ts';
import { applyActionSetting, loadSettings, onSettingsChange } from '../shared/settings.ts';
import { originOf } from '../shared/site-rules.ts';
import { reachTab } from '../shared/tab.ts';
import { loadTypefaces } from '../shared/typefaces.ts';
import {
  clearButton,
  injectFailureMessage,
  showArticleAhead,
  showCovered,
  showOnButton,
  UNAVAILABLE,
} from './button.ts';
import { writeFromBackground } from './clipboard.ts';
import { createMenu, onMenuClick, runMenuItem } from './menu.ts';
import {
  forgetMemory,
  keepFix,
  keepSenderTypefaces,
  noteFixUsed,
  rememberSender,
  siteOfSender,
} from './pages-store.ts';

function syncSettings(): void {
  loadSettings().then(applyActionSetting).catch(ignore);
}

function ignore(): void {}

/** `setAccessLevel` is not in the types of every browser's storage areas. */
interface AccessControlled {
  setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' }): Promise<void>;
}

function closeToContentScripts(area: object): void {
  const { setAccessLevel } = area as AccessControlled;
  if (typeof setAccessLevel !== 'function') return;
  setAccessLevel.call(area, { accessLevel: 'TRUSTED_CONTEXTS' }).catch(ignore);
}

/** Tells the user on the button itself why nothing happened; the popup (if it opens) says more. */
async function explain(tabId: number, message: string): Promise<void> {
  await showOnButton(tabId, message, false);
  try {
    // Chromium 127+ lets an extension open its popup from a user gesture like our shortcut.
    await api().action.openPopup();
  } catch {
    // No popup (the setting disabled it) or no focused window: the badge and title remain.
  }
}

async function toggle(tab: Tabs.Tab | undefined): Promise<void> {
  const target =
    tab?.id === undefined ? (await api().tabs.query({ active: true, currentWindow: true }))[0] : tab;
  const reached = await reachTab(target, false);
  if (!reached.ok) {
    if (reached.tabId === null) return;
    // Not injected, or a page we may not read: the press is not lost silently.
    return explain(reached.tabId, reached.error === null ? UNAVAILABLE : injectFailureMessage(reached.error));
  }
  const { tabId } = reached;
  try {
    // Straight after injecting, no second ping: the reply says whether the page is the PDF viewer.
    const page = await sendToTab(tabId, 'content:toggle', {});
    if (page.pdf) return explain(tabId, UNAVAILABLE);
  } catch (error) {
    // Injected but not answering (it could not start there).
    return explain(tabId, injectFailureMessage(error));
  }
  await clearButton(tabId);
}

/**
 * A page of a site that always opens in reader view (shared/auto-open.ts) has loaded: the reader opens when the
 * page has an article, in its top frame, and only on a site still on the list (the script may outlive it).
 */
async function openByItself(tab: Tabs.Tab | undefined, frameId: number): Promise<void> {
  const origin = tab?.url === undefined ? null : originOf(tab.url);
  if (frameId !== 0 || origin === null || !(await listAutoOpen()).includes(origin)) return;
  const reached = await reachTab(tab, true);
  if (!reached.ok || reached.page?.open) return;
  if ((await sendToTab(reached.tabId, 'content:summary', { force: false })) === null) return;
  await sendToTab(reached.tabId, 'content:open', { force: false });
}

/** The key that opens and closes the reader, as the browser has it set ('' when none is). */
async function readerShortcut(): Promise<string> {
  const commands = await api().commands.getAll();
  return commands.find((command) => command.name === 'toggle-reader')?.shortcut ?? '';
}

/** A content script of ours, in a tab (not another extension page, whose messages also arrive here). */
const fromTab = (sender: Runtime.MessageSender): boolean => sender.tab?.id !== undefined;

handleBackgroundMessages(
  {
    'background:clipboard': async (data) => {
      await writeFromBackground(data);
      return {};
    },
    'background:load': async ({ chunk }, sender) => {
      await injectChunk(chunk, sender.tab?.id ?? -1, sender.frameId ?? 0);
      return {};
    },
    'background:auto': async (_request, sender) => {
      await openByItself(sender.tab, sender.frameId ?? 0);
      return {};
    },
    'background:ahead': async ({ article }, sender) => {
      // The reader lives in the top frame only, and the instant reader is registered there alone.
      if (sender.tab?.id === undefined || sender.frameId !== 0) return { typefaces: [] };
      await showArticleAhead(sender.tab.id, article, await readerShortcut());
      // The reader's faces, to look up while the page is idle: only where there is a reader to come.
      return { typefaces: article ? await loadTypefaces() : [] };
    },
    'background:covered': async ({ why }, sender) => {
      // The reader lives in the top frame only.
      if (sender.tab?.id !== undefined && sender.frameId === 0) await showCovered(sender.tab.id, why);
      return {};
    },
    'background:remember': async ({ fingerprints }, sender) => {
      await rememberSender(sender, fingerprints);
      return {};
    },
    'background:typefaces': async ({ faces }, sender) => {
      await keepSenderTypefaces(sender, faces);
      return {};
    },
    'background:site': (_request, sender) => siteOfSender(sender),
    'background:fix': ({ rule }, sender) => keepFix(sender, rule),
    'background:fix-used': async (_request, sender) => {
      await noteFixUsed(sender);
      return {};
    },
    'background:forget-memory': async (_request, sender) => {
      await forgetMemory(sender);
      return {};
    },
    'background:shortcut': async () => ({ shortcut: await readerShortcut() }),
  },
  fromTab,
);

const run = api();
// storage.local holds which sites a person read and their fixes: closed to content scripts, which live in the
// pages' processes, where the browser supports it (Chromium; Firefox has it for storage.session only).
closeToContentScripts(run.storage.local);
run.commands.onCommand.addListener((command, tab) => {
  if (command === 'toggle-reader') toggle(tab).catch(ignore);
});

// Fires only while the setting has removed the popup.
run.action.onClicked.addListener((tab) => {
  toggle(tab).catch(ignore);
});

run.contextMenus.onClicked.addListener(onMenuClick);
// A browser context menu can't be opened from a test: the test build (LECTERN_E2E, never shipped) names what
// choosing an item runs, by item id and tab. The shipped build has no such hook (a meta-test checks).
if (import.meta.env.LECTERN_E2E) {
  Object.assign(globalThis, {
    lecternMenuItem: async (itemId: string, tabId: number) =>
      runMenuItem(itemId, await api().tabs.get(tabId)),
  });
}

run.runtime.onStartup.addListener(syncSettings);
run.runtime.onInstalled.addListener(() => {
  syncSettings();
  createMenu().catch(ignore);
});
onSettingsChange((settings) => {
  applyActionSetting(settings).catch(ignore);
});
// The worker also starts for other events (and after an update); the popup setting must be right every time.
syncSettings();
