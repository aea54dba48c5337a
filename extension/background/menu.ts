/**
 * The toolbar button's context menu: copy or save the article without opening the reader. Choosing an item
 * grants activeTab like a click, so the content script can be injected; the result shows on the button
 * (badge and title), as the shortcut's errors do. The items are the export formats' table (formats.ts).
 */
import type { Menus, Tabs } from 'webextension-polyfill';
import { api } from '../shared/api.ts';
import { type ExportRequest, type ExportWords, runExport } from '../shared/export.ts';
import { COPY, COPY_FORMATS, SAVE, SAVE_FORMATS } from '../shared/formats.ts';
import { t, tCount } from '../shared/i18n.ts';
import { errorMessage } from '../shared/inject.ts';
import { reachTab, tabExporter } from '../shared/tab.ts';
import { injectFailureMessage, showOnButton, UNAVAILABLE } from './button.ts';
import { writeFromBackground } from './clipboard.ts';

interface Item {
  id: string;
  title: string;
  request: ExportRequest;
  /** The submenu it sits in. */
  parentId?: string;
}

/**
 * The toolbar button's menu takes six top-level items (contextMenus.ACTION_MENU_TOP_LEVEL_LIMIT): the copies,
 * and the saves in a submenu of their own.
 */
const SAVE_MENU = { id: 'save', title: t('saveMenu') };

const ITEMS: readonly Item[] = [
  ...COPY_FORMATS.map((format) => ({
    id: `copy-${format}`,
    title: COPY[format].menu,
    request: { action: 'copy', format } as const,
  })),
  ...SAVE_FORMATS.map((format) => ({
    id: `save-${format}`,
    title: SAVE[format].label,
    request: { action: 'save', format } as const,
    parentId: SAVE_MENU.id,
  })),
];

/** What came of an item, on the button's tooltip. */
const SAID_ON_BUTTON: ExportWords = {
  copied: (_format, words) => tCount('buttonCopied', words),
  saved: (name) => t('buttonSaved', name),
  none: t('buttonNone'),
  failed: (_action, error) => t('buttonFailed', errorMessage(error)),
};

/** Creates the items (again: an update keeps menus, so old ones go first). */
export async function createMenu(): Promise<void> {
  const menus = api().contextMenus;
  await menus.removeAll();
  for (const { id, title } of ITEMS.filter((item) => !item.parentId)) {
    menus.create({ id, title, contexts: ['action'] });
  }
  menus.create({ ...SAVE_MENU, contexts: ['action'] });
  for (const { id, title, parentId } of ITEMS.filter((item) => item.parentId)) {
    menus.create({ id, title, parentId, contexts: ['action'] });
  }
}

/** Runs a menu item on `tab` and reports what happened on the button. */
export async function runMenuItem(itemId: string | number, tab: Tabs.Tab | undefined): Promise<void> {
  const item = ITEMS.find((candidate) => candidate.id === itemId);
  if (!item || tab?.id === undefined) return;
  const reached = await reachTab(tab, true);
  if (!reached.ok) {
    const message = reached.error === null ? UNAVAILABLE : injectFailureMessage(reached.error);
    return showOnButton(tab.id, message, false);
  }
  const { tabId } = reached;
  const outcome = await runExport(
    item.request,
    tabExporter(tabId, false, writeFromBackground),
    SAID_ON_BUTTON,
  );
  return showOnButton(tabId, outcome.message, outcome.ok);
}

export function onMenuClick(info: Menus.OnClickData, tab?: Tabs.Tab): void {
  runMenuItem(info.menuItemId, tab).catch(() => undefined);
}
