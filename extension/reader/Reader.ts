/**
 * The reader's layout: the toolbar, the panels, the article in one scroll container, and the toast; a document
 * inside the overlay's dialog. Plain DOM (dom.ts): built once, with the first paint's article in it, and then
 * only what the reader's state below changes is set again (`update`). The panels come later, each rendered into
 * a slot of its own (panels.tsx).
 */
import { articleHeader } from './ArticleHeader.ts';
import { h, setAttribute } from './dom.ts';
import { couldNot, isCjk, normalizeLang } from './format.ts';
import { createProgress, watchProgress } from './Progress.ts';
import type { PanelName, PanelProps, Panels } from './panels.tsx';
import { DEFAULT_READER_SETTINGS, type ReaderSettings, stepFontSize, WIDTHS } from './settings.ts';
import { createToast } from './Toast.ts';
import { createToolbar, readAloudStart, slot } from './Toolbar.ts';
import { followSystemTheme } from './theme.ts';
import type { CopyFormat, ReaderParts, ReaderProps, SaveFormat } from './types.ts';
import { watchVoices } from './voices.ts';

const SETTINGS_ID = 'l-settings';
const HELP_ID = 'l-help';

/** A copy of what is selected inside the article, or null when nothing there is selected. */
function selectedIn(article: HTMLElement): DocumentFragment | null {
  const root = article.getRootNode();
  // Chromium gives a shadow root its own selection; Firefox's document selection reaches into shadow trees.
  const own = (root as { getSelection?: () => Selection | null }).getSelection;
  const selection = typeof own === 'function' ? own.call(root) : article.ownerDocument.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!article.contains(range.commonAncestorContainer)) return null;
  return range.cloneContents();
}

/** The element focused inside the reader's shadow root, if any. */
function focusedIn(element: HTMLElement): Element | null {
  const root = element.getRootNode();
  return root instanceof ShadowRoot ? root.activeElement : element.ownerDocument.activeElement;
}

/**
 * The controls Tab stops at inside `box`, in order: of a group of radio buttons only the checked one (or the
 * first, none being checked), as the browser does.
 */
function tabbables(box: Element): HTMLElement[] {
  const radios = new Set<string>();
  const out: HTMLElement[] = [];
  for (const el of Array.from(
    box.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]'),
  )) {
    if (el.matches(':disabled') || el.getClientRects().length === 0) continue;
    if (el instanceof HTMLInputElement && el.type === 'radio' && el.name !== '') {
      if (radios.has(el.name)) continue;
      radios.add(el.name);
      const group = Array.from(box.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter(
        (radio) => radio.name === el.name,
      );
      out.push(group.find((radio) => radio.checked) ?? el);
      continue;
    }
    out.push(el);
  }
  return out;
}

export interface ReaderView {
  element: HTMLElement;
  /** Its parts, for the reader's tools (`element` is their root). */
  parts: ReaderParts;
  /** Settings changed elsewhere (the popup, another tab): shown at once. */
  applySettings(settings: ReaderSettings): void;
  /** Takes the panels out (read aloud stops) and stops every listener and timer; the caller removes the element. */
  destroy(): void;
}

/**
 * A block focused with Tab (or a fragment's target) scrolls to just under the sticky bar, however tall its open
 * panel or tool's bar makes it: the scroller's scroll padding follows the bar's height. Set on the scroller
 * itself (no custom property, which the whole article would inherit and be styled again for).
 */
function keepFocusClearOf(bar: HTMLElement, scroller: HTMLElement): () => void {
  const observer = new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize;
    if (height !== undefined)
      scroller.style.setProperty('scroll-padding-block-start', `calc(${Math.ceil(height)}px + 1em)`);
  });
  observer.observe(bar);
  return () => observer.disconnect();
}

export function createReader({
  article,
  body,
  panels: loadPanels,
  actions,
  settings: initial = DEFAULT_READER_SETTINGS,
}: ReaderProps): ReaderView {
  let settings = initial;
  /** A copy is running: its buttons say so, and another click waits for it to end (a double click). */
  let busy = false;
  let settingsOpen = false;
  let helpOpen = false;
  let menuOpen = false;
  // Read aloud was asked for: its controls take the place of the reader's own button once loaded.
  let speechWanted = false;
  let panels: Panels | null = null;
  let alive = true;
  /** The reader's shortcut for the help: undefined where none opens it, null until the browser said. */
  let shortcut: string | null | undefined = actions.shortcut ? null : undefined;
  let askedShortcut = false;
  const askShortcut = () => {
    if (askedShortcut || !actions.shortcut) return;
    askedShortcut = true;
    actions.shortcut().then(
      (keys) => {
        shortcut = keys;
        update();
      },
      () => {
        shortcut = undefined;
        update();
      },
    );
  };
  const lang = normalizeLang(article.lang);

  const toast = createToast();
  const progress = createProgress(article.readingMinutes);
  const system = followSystemTheme(() => update());
  const voices = watchVoices((list) => {
    shownVoices = list;
    update();
  });
  let shownVoices = voices.voices;

  /**
   * The panels (the export list, settings, help, read aloud), asked for: the loader loads once, and again after
   * a failure, which the toast explains; the caller's own catch takes back what it opened.
   */
  const requestPanels = (): Promise<Panels> => {
    const loading = loadPanels();
    loading.then(
      (loaded) => {
        panels = loaded;
        update();
      },
      (error: unknown) =>
        showToast(
          `Couldn’t load that part of the reader: ${error instanceof Error ? error.message : String(error)}`,
          'error',
        ),
    );
    return loading;
  };

  const showToast: typeof toast.show = (text, kind) => {
    if (alive) toast.show(text, kind);
  };

  const change = (patch: Partial<ReaderSettings>) => {
    settings = { ...settings, ...patch };
    update();
    actions.saveSettings?.(patch);
  };

  const copy = async (format: CopyFormat) => {
    if (busy) return;
    busy = true;
    update();
    // Read before anything can move focus: a selection inside the article is what gets copied.
    const selection = selectedIn(articleElement);
    try {
      const result = await actions.copy(format, settings.copyHeader, selection);
      showToast(result.message, result.ok ? 'ok' : 'error');
    } catch (error) {
      showToast(couldNot('copy', String(error)), 'error');
    } finally {
      busy = false;
      update();
    }
  };

  const save = async (format: SaveFormat) => {
    if (!actions.save) return;
    try {
      const result = await actions.save(format, settings.copyHeader);
      showToast(result.message, result.ok ? 'ok' : 'error');
    } catch (error) {
      showToast(couldNot('save', String(error)), 'error');
    }
  };

  const closeMenu = () => {
    menuOpen = false;
    update();
    bar.menu.focus({ preventScroll: true });
  };
  /** The item of the export menu to focus once it shows: the first or the last (↓ or ↑ on its button). */
  let menuFocus: 'first' | 'last' | null = null;
  const menuItems = () => Array.from(bar.menuList.querySelectorAll<HTMLElement>('.l-menu-item'));
  /**
   * Esc on the export menu's button or one of its items folds the menu away; on the button ↓ and ↑ open it
   * (if need be) at its first or last item, and in the menu they step through its items (Home and End to its
   * ends), as in a menu of the system's.
   */
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      event.preventDefault();
      closeMenu();
      return;
    }
    const onButton = event.currentTarget === bar.menu;
    const items = menuItems();
    const at = items.indexOf(event.target as HTMLElement);
    const step: Record<string, number> = onButton
      ? { ArrowDown: 0, ArrowUp: -1 }
      : { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
    const to = step[event.key];
    if (to === undefined || (!onButton && at < 0)) return;
    event.preventDefault();
    if (onButton && !menuOpen) {
      menuFocus = to === 0 ? 'first' : 'last';
      showPanel((shown) => {
        menuOpen = shown;
      }, true);
      return;
    }
    const count = items.length;
    if (count > 0) items[(to + count) % count]?.focus({ preventScroll: true });
  };

  /**
   * Shows or hides a part that lives in the panels (settings, the export menu, read aloud) at once, and takes
   * it back if they fail to load.
   */
  const showPanel = (set: (shown: boolean) => void, shown: boolean) => {
    requestPanels().catch(() => {
      set(false);
      update();
    });
    set(shown);
    update();
  };

  const bar = createToolbar({
    progress: progress.elements,
    settingsId: SETTINGS_ID,
    onToggleSettings: () => {
      if (settingsOpen) closePanels(false);
      else
        showPanel((shown) => {
          settingsOpen = shown;
        }, true);
    },
    onCopy: copy,
    onToggleMenu: () =>
      showPanel((shown) => {
        menuOpen = shown;
      }, !menuOpen),
    onMenuKeyDown,
    onClose: () => actions.close(),
  });
  const startSpeech = readAloudStart(() =>
    showPanel((shown) => {
      speechWanted = shown;
    }, true),
  );

  const settingsSlot = slot();
  const helpSlot = slot();
  // Filled before the browser paints, so the article shows in the overlay's first frame. The reader never sets
  // HTML from a string: the caller prepares the nodes (src/clean/present.ts), so no serialise→reparse step
  // (where markup could mutate) sits between the check and the overlay. With images off the nodes hold no
  // image at all, so turning them off in the settings stops their requests, not only their display.
  const content = h('div', { class: 'l-content' });
  let shownImages: boolean | null = null;
  const header = articleHeader(article, lang);
  const articleElement = h(
    'article',
    { class: isCjk(lang) ? 'l-article l-cjk' : 'l-article', lang, dir: article.dir },
    header.element,
    content,
  );
  const main = h('div', { class: 'l-main' }, articleElement);
  // The panels open in the sticky bar, under its buttons: in view however far down the article is read; so
  // does a tool's bar that must stay in view (the Edit mode's).
  const toolBar = slot();
  bar.element.append(settingsSlot, helpSlot, toolBar);
  const scroller = h('div', { class: 'l-scroll', tabindex: -1 }, bar.element, main);
  const stopPadding = keepFocusClearOf(bar.element, scroller);
  const readArticle = () => articleElement;

  /**
   * Takes the open panels away. The focus in one of them goes back to the button that opened it when a key
   * closed it, and to the text otherwise: a click on Aa, or Done, leaves Space to scroll the article.
   */
  const closePanels = (byKey: boolean) => {
    const focused = focusedIn(element);
    const inSettings = focused !== null && settingsSlot.contains(focused);
    const inHelp = focused !== null && helpSlot.contains(focused);
    helpOpen = false;
    settingsOpen = false;
    update();
    if (byKey && inSettings) bar.settings.focus({ preventScroll: true });
    else if (inSettings || inHelp) scroller.focus({ preventScroll: true });
  };

  /**
   * Tab on Aa goes into the open settings, and from their last control on to the bar's next button (Shift+Tab
   * the way back): they show under the bar, after all of its buttons in the document.
   */
  const tabIntoSettings = (event: KeyboardEvent): boolean => {
    const controls = tabbables(settingsSlot);
    const first = controls[0];
    const last = controls.at(-1);
    const after = bar.copies[0];
    if (first === undefined || last === undefined || after === undefined) return false;
    const focused = focusedIn(element);
    const to = event.shiftKey
      ? focused === first
        ? bar.settings
        : focused === after
          ? last
          : null
      : focused === bar.settings
        ? first
        : focused === last
          ? after
          : null;
    to?.focus({ preventScroll: true });
    return to !== null;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === '?' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      if (helpOpen) {
        closePanels(true);
        return;
      }
      requestPanels().catch(() => {
        helpOpen = false;
        update();
      });
      helpOpen = true;
      askShortcut();
      update();
      return;
    }
    if (event.key === 'Escape' && (helpOpen || settingsOpen)) {
      // Esc folds the open panels away first; the next Esc closes the reader.
      event.preventDefault();
      closePanels(true);
      return;
    }
    if (event.key === 'Tab' && settingsOpen && tabIntoSettings(event)) {
      event.preventDefault();
      return;
    }
    // Ctrl/Cmd with + or − sizes the article's text instead of zooming the whole page under it.
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const direction = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    change({ fontSize: stepFontSize(settings.fontSize, direction) });
  };

  // A document inside the dialog it is mounted in: screen readers read the article as a page (browse mode),
  // the dialog (overlay.ts) is named for it (mountReader).
  const element = h(
    'div',
    { class: 'l-root', role: 'document', lang: 'en', dir: 'ltr', onkeydown: onKeyDown },
    scroller,
    toast.element,
  );

  /** What is in each slot now, so a panel that goes is taken out (its cleanup run) once. */
  const shown = new Map<Element, PanelName>();
  function show<K extends PanelName>(target: Element, name: K, props: PanelProps<K> | null): void {
    if (props === null && shown.get(target) !== name) return;
    if (panels === null) return;
    panels.show(target, name, props);
    if (props === null) shown.delete(target);
    else shown.set(target, name);
  }

  /** Sets everything the state decides: the root's type settings, the buttons' states and the panels. */
  function update(): void {
    if (!alive) return;
    setAttribute(element, 'data-theme', system.resolve(settings.theme));
    setAttribute(element, 'data-font', settings.font);
    setAttribute(element, 'data-images', settings.images ? 'on' : 'off');
    // Through the CSSOM, which a page's CSP doesn't govern (a style attribute it may forbid); like the
    // attributes, set only when they change.
    for (const [name, value] of [
      ['--l-size', `${settings.fontSize}em`],
      ['--l-width', `${WIDTHS[settings.width]}em`],
      ['--l-leading', String(settings.lineHeight)],
    ] as const) {
      if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
    }
    if (shownImages !== settings.images) {
      shownImages = settings.images;
      content.replaceChildren(body(content.ownerDocument, { images: settings.images }));
    }

    setAttribute(bar.settings, 'aria-expanded', String(settingsOpen));
    for (const button of bar.copies) setAttribute(button, 'aria-busy', String(busy));
    setAttribute(bar.menu, 'aria-expanded', String(menuOpen));
    show(
      bar.menuList,
      'ExportList',
      menuOpen && panels
        ? {
            onCopy: copy,
            ...(actions.save ? { onSave: save } : {}),
            ...(actions.tool ? { onTool: actions.tool } : {}),
            busy,
            // Folds the menu away and gives the focus back to its button before the item's action runs.
            choose(action: () => void) {
              closeMenu();
              action();
            },
            onKeyDown: onMenuKeyDown,
          }
        : null,
    );
    if (menuOpen && menuFocus !== null && menuItems().length > 0) {
      const items = menuItems();
      (menuFocus === 'first' ? items[0] : items.at(-1))?.focus({ preventScroll: true });
      menuFocus = null;
    }
    if (!menuOpen) menuFocus = null;

    // Read aloud only where the browser has voices: the reader's own button, then (asked for and loaded) the
    // panels' controls in its place, in the same slot.
    const reading = shownVoices.length > 0 && speechWanted && panels !== null;
    if (!reading) show(bar.speech, 'ReadAloud', null);
    if (shownVoices.length === 0 || reading) startSpeech.remove();
    // Only when it isn't there: moving the button would take the focus off it.
    else if (startSpeech.parentNode !== bar.speech) bar.speech.append(startSpeech);
    if (reading)
      show(bar.speech, 'ReadAloud', {
        article: readArticle,
        voices: shownVoices,
        voiceURI: settings.voice,
        rate: settings.rate,
        lang,
      });

    show(
      settingsSlot,
      'SettingsPanel',
      settingsOpen && panels
        ? { id: SETTINGS_ID, settings, onChange: change, voices: shownVoices, lang }
        : null,
    );
    show(
      helpSlot,
      'HelpPanel',
      helpOpen && panels
        ? {
            id: HELP_ID,
            ...(shortcut === undefined ? {} : { shortcut }),
            onClose: () => closePanels(false),
          }
        : null,
    );
  }

  update();
  const stopProgress = watchProgress(scroller, progress.show);
  // After the frame that shows the reader: the work its first frame can do without.
  const later = requestAnimationFrame(() =>
    setTimeout(() => {
      if (alive) header.showDate();
    }),
  );

  return {
    element,
    parts: { root: element, main, content, scroller, bar: toolBar },
    applySettings(next) {
      settings = next;
      update();
    },
    destroy() {
      for (const [target, name] of shown) panels?.show(target, name, null);
      shown.clear();
      alive = false;
      cancelAnimationFrame(later);
      stopProgress();
      stopPadding();
      system.stop();
      voices.stop();
      toast.stop();
    },
  };
}
