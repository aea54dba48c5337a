/**
 * The service worker, kept thin: the shortcut and (when the setting makes it skip the popup) the toolbar button
 * toggle the reader in the active tab; the setting decides whether the button opens the popup.
 */
import browser, { type Tabs } from 'webextension-polyfill';
import { ensureInjected, errorMessage } from '../shared/inject.ts';
import { sendToTab } from '../shared/messages.ts';
import { classifyInjectError, type InjectFailure, restrictedReason } from '../shared/restricted.ts';
import { applyActionSetting, loadSettings, onSettingsChange } from '../shared/settings.ts';
import { createMenu, onMenuClick, runMenuItem } from './menu.ts';

const TITLE = browser.runtime.getManifest().action?.default_title ?? 'Lectern';

function syncSettings(): void {
  loadSettings().then(applyActionSetting).catch(ignore);
}

function ignore(): void {}

/** Tells the user on the button itself why nothing happened; the popup (if it opens) says more. */
async function explain(tabId: number, message: string): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: '!' }),
    browser.action.setBadgeBackgroundColor({ tabId, color: '#b3261e' }),
    browser.action.setTitle({ tabId, title: `${TITLE}: ${message}` }),
  ]);
  try {
    // Chromium 127+ lets an extension open its popup from a user gesture like our shortcut.
    await browser.action.openPopup();
  } catch {
    // No popup (the setting disabled it) or no focused window: the badge and title remain.
  }
}

const UNAVAILABLE = 'reader view isn’t available on this page';

const FAILURES: Record<InjectFailure, string> = {
  restricted: UNAVAILABLE,
  'file-access': 'turn on “Allow access to file URLs” for Lectern to read local files',
  // The shortcut and the click grant activeTab on every page the browser lets us read: a refusal means its own.
  'no-access': UNAVAILABLE,
  'no-answer': 'the page didn’t answer; wait for it to load and try again',
  other: 'this page can’t be read',
};

async function toggle(tab: Tabs.Tab | undefined): Promise<void> {
  const target =
    tab?.id === undefined ? (await browser.tabs.query({ active: true, currentWindow: true }))[0] : tab;
  const tabId = target?.id;
  if (tabId === undefined) return;
  // The URL is visible once the shortcut or the click granted activeTab; if it is hidden, injecting will tell.
  if (target?.url !== undefined && restrictedReason(target.url)) return explain(tabId, UNAVAILABLE);
  try {
    const page = await ensureInjected(tabId);
    if (page.pdf) return explain(tabId, UNAVAILABLE);
  } catch (error) {
    return explain(tabId, FAILURES[classifyInjectError(errorMessage(error))]);
  }
  await sendToTab(tabId, 'content:toggle', {});
  // Clear a warning left by an earlier failure in this tab (e.g. before file access was allowed).
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: '' }),
    browser.action.setTitle({ tabId, title: TITLE }),
  ]);
}

browser.commands.onCommand.addListener((command, tab) => {
  if (command === 'toggle-reader') toggle(tab).catch(ignore);
});

// Fires only while the setting has removed the popup.
browser.action.onClicked.addListener((tab) => {
  toggle(tab).catch(ignore);
});

/** The menu's result on the button: a tick or a warning badge, and the message as its title. */
async function report(tabId: number, message: string, ok: boolean): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ tabId, text: ok ? '✓' : '!' }),
    browser.action.setBadgeBackgroundColor({ tabId, color: ok ? '#1e6b3a' : '#b3261e' }),
    browser.action.setTitle({ tabId, title: `${TITLE}: ${message}` }),
  ]);
}

const runMenu = onMenuClick(report);
browser.contextMenus.onClicked.addListener(runMenu);
// A browser context menu can't be opened from a test: this is what choosing an item runs, by item id and tab.
Object.assign(globalThis, {
  lecternMenuItem: async (itemId: string, tabId: number) =>
    runMenuItem(itemId, await browser.tabs.get(tabId), report),
});

browser.runtime.onStartup.addListener(syncSettings);
browser.runtime.onInstalled.addListener(() => {
  syncSettings();
  createMenu().catch(ignore);
});
onSettingsChange((settings) => {
  applyActionSetting(settings).catch(ignore);
});
// The worker also starts for other events (and after an update); the popup setting must be right every time.
syncSettings();
