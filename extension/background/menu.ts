/**
 * The toolbar button's context menu: copy or save the article without opening the reader. Choosing an item
 * grants activeTab like a click, so the content script can be injected; the result shows on the button
 * (badge and title), as the shortcut's errors do.
 */
import browser, { type Menus, type Tabs } from 'webextension-polyfill';
import { ensureInjected, errorMessage } from '../shared/inject.ts';
import { type ExportFormat, type SaveFormat, sendToTab } from '../shared/messages.ts';
import { classifyInjectError, restrictedReason } from '../shared/restricted.ts';
import { loadSettings } from '../shared/settings.ts';

const UNAVAILABLE = 'reader view isn’t available on this page';

type MenuAction = { kind: 'copy'; format: ExportFormat } | { kind: 'save'; format: SaveFormat };

const ITEMS: ReadonlyArray<{ id: string; title: string; action: MenuAction }> = [
  { id: 'copy-text', title: 'Copy article as text', action: { kind: 'copy', format: 'text' } },
  { id: 'copy-markdown', title: 'Copy article as Markdown', action: { kind: 'copy', format: 'markdown' } },
  { id: 'copy-html', title: 'Copy article as rich text', action: { kind: 'copy', format: 'html' } },
  {
    id: 'save-markdown',
    title: 'Save article as Markdown (.md)',
    action: { kind: 'save', format: 'markdown' },
  },
  { id: 'save-text', title: 'Save article as text (.txt)', action: { kind: 'save', format: 'text' } },
  { id: 'save-html', title: 'Save article as web page (.html)', action: { kind: 'save', format: 'html' } },
];

/** Creates the items (again: an update keeps menus, so old ones go first). */
export async function createMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  for (const { id, title } of ITEMS) browser.contextMenus.create({ id, title, contexts: ['action'] });
}

export type Report = (tabId: number, message: string, ok: boolean) => Promise<void>;

/** Runs a menu item on `tab` and reports what happened on the button. */
export async function runMenuItem(
  itemId: string | number,
  tab: Tabs.Tab | undefined,
  report: Report,
): Promise<void> {
  const item = ITEMS.find((candidate) => candidate.id === itemId);
  const tabId = tab?.id;
  if (!item || tabId === undefined) return;
  if (tab?.url !== undefined && restrictedReason(tab.url)) {
    return report(tabId, UNAVAILABLE, false);
  }
  try {
    const page = await ensureInjected(tabId);
    if (page.pdf) return report(tabId, UNAVAILABLE, false);
    const { copyHeader: header } = await loadSettings();
    const request = { format: item.action.format, header, force: false };
    if (item.action.kind === 'copy') {
      const copied = await sendToTab(tabId, 'content:copy', request);
      if (!copied) return report(tabId, 'no article found on this page', false);
      return report(tabId, `copied ${copied.words.toLocaleString('en')} words`, true);
    }
    const saved = await sendToTab(tabId, 'content:save', request);
    if (!saved) return report(tabId, 'no article found on this page', false);
    return report(tabId, `saved ${saved.name}`, true);
  } catch (error) {
    const message = errorMessage(error);
    const failure = classifyInjectError(message);
    // A refused injection after the menu's activeTab grant means a page the browser keeps to itself.
    if (failure === 'restricted' || failure === 'no-access') return report(tabId, UNAVAILABLE, false);
    return report(tabId, `couldn’t do that here (${message})`, false);
  }
}

export function onMenuClick(report: Report): (info: Menus.OnClickData, tab?: Tabs.Tab) => void {
  return (info, tab) => {
    runMenuItem(info.menuItemId, tab, report).catch(() => undefined);
  };
}
