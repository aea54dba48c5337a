/**
 * The service worker, kept thin: the shortcut and (when the setting makes it skip the popup) the toolbar button
 * toggle the reader in the active tab; the setting decides whether the button opens the popup.
 */
import browser, { type Tabs } from 'webextension-polyfill';
import { ensureInjected } from '../shared/inject.ts';
import { sendToTab } from '../shared/messages.ts';
import { restrictedReason } from '../shared/restricted.ts';
import { applyActionSetting, loadSettings, onSettingsChange } from '../shared/settings.ts';
import { clearButton, injectFailureMessage, showOnButton, UNAVAILABLE } from './button.ts';
import { createMenu, onMenuClick, runMenuItem } from './menu.ts';

function syncSettings(): void {
  loadSettings().then(applyActionSetting).catch(ignore);
}

function ignore(): void {}

/** Tells the user on the button itself why nothing happened; the popup (if it opens) says more. */
async function explain(tabId: number, message: string): Promise<void> {
  await showOnButton(tabId, message, false);
  try {
    // Chromium 127+ lets an extension open its popup from a user gesture like our shortcut.
    await browser.action.openPopup();
  } catch {
    // No popup (the setting disabled it) or no focused window: the badge and title remain.
  }
}

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
    return explain(tabId, injectFailureMessage(error));
  }
  await sendToTab(tabId, 'content:toggle', {});
  await clearButton(tabId);
}

browser.commands.onCommand.addListener((command, tab) => {
  if (command === 'toggle-reader') toggle(tab).catch(ignore);
});

// Fires only while the setting has removed the popup.
browser.action.onClicked.addListener((tab) => {
  toggle(tab).catch(ignore);
});

browser.contextMenus.onClicked.addListener(onMenuClick);
// A browser context menu can't be opened from a test: this is what choosing an item runs, by item id and tab.
Object.assign(globalThis, {
  lecternMenuItem: async (itemId: string, tabId: number) =>
    runMenuItem(itemId, await browser.tabs.get(tabId)),
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
