/**
 * What the reader does when a person acts: copy and save, open and close its panels and menu, move the focus as
 * a keyboard user expects. It writes the reader's store (state.ts) and moves the focus through the elements the
 * components handed it (`ReaderElements`); the components only show the state and call these.
 */
import { createRef, type RefObject } from 'preact';
import { t } from '../shared/i18n.ts';
import { withoutAdded } from './added.ts';
import { blockAtTop, readableBlocks, viewUnder } from './blocks.ts';
import { couldNot } from './format.ts';
import type { Panels } from './panels.tsx';
import { type ReaderSettings, stepFontSize } from './settings.ts';
import { type SpeechCommand, speechCommandFor, speechRemote } from './speech-keys.ts';
import { type ReaderState, reading, type ToastKind } from './state.ts';
import type { Store } from './store.ts';
import type { CopyFormat, ReaderActions, SaveFormat } from './types.ts';

/** An element a component hands over once rendered (null before). */
export type ElementRef<T> = RefObject<T | null>;

/** The reader's elements its controls move the focus to or read (filled as the reader renders). */
export interface ReaderElements {
  root: ElementRef<HTMLDivElement>;
  scroller: ElementRef<HTMLDivElement>;
  article: ElementRef<HTMLElement>;
  settingsButton: ElementRef<HTMLButtonElement>;
  /** The reader's own Read aloud button (shown until read aloud's bar takes its place). */
  speechButton: ElementRef<HTMLButtonElement>;
  /** The first copy button: the bar's next stop after the settings' last control. */
  firstCopy: ElementRef<HTMLButtonElement>;
  menuButton: ElementRef<HTMLButtonElement>;
  menuList: ElementRef<HTMLDivElement>;
  settingsSlot: ElementRef<HTMLDivElement>;
  helpSlot: ElementRef<HTMLDivElement>;
  /** The sticky toolbar, the article's column, its body, and the toolbar's place for a tool's bar. */
  toolbar: ElementRef<HTMLDivElement>;
  main: ElementRef<HTMLDivElement>;
  content: ElementRef<HTMLDivElement>;
  toolBar: ElementRef<HTMLDivElement>;
}

export function readerElements(): ReaderElements {
  return {
    root: createRef(),
    scroller: createRef(),
    article: createRef(),
    settingsButton: createRef(),
    speechButton: createRef(),
    firstCopy: createRef(),
    menuButton: createRef(),
    menuList: createRef(),
    settingsSlot: createRef(),
    helpSlot: createRef(),
    toolbar: createRef(),
    main: createRef(),
    content: createRef(),
    toolBar: createRef(),
  };
}

/** A copy of what is selected inside the article, or null when nothing there is selected. */
function selectedIn(article: HTMLElement): DocumentFragment | null {
  const root = article.getRootNode();
  // Chromium gives a shadow root its own selection; Firefox's document selection reaches into shadow trees.
  const own = (root as { getSelection?: () => Selection | null }).getSelection;
  const selection = typeof own === 'function' ? own.call(root) : article.ownerDocument.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!article.contains(range.commonAncestorContainer)) return null;
  // The article's nodes as they are, not the reader's buttons and tokens among them.
  return withoutAdded(range.cloneContents());
}

/** The element focused inside the reader's shadow root, if any. */
function focusedIn(element: Element): Element | null {
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

const focus = (el: HTMLElement | null | undefined) => el?.focus({ preventScroll: true });

export type ReaderControls = ReturnType<typeof readerControls>;

export function readerControls(
  store: Store<ReaderState>,
  actions: ReaderActions,
  loadPanels: () => Promise<Panels>,
  elements: ReaderElements,
) {
  let alive = true;
  let toasts = 0;
  /** The item of the More menu to focus once it shows: the first or the last (↓ or ↑ on its button). */
  let menuFocus: 'first' | 'last' | null = null;
  let askedShortcut = false;
  const speech = speechRemote();

  const showToast = (text: string, kind: ToastKind) => {
    if (alive) store.set({ toast: { text, kind, id: ++toasts } });
  };

  /**
   * The panels, asked for: the loader loads once, and again after a failure, which the toast explains; the
   * caller's own catch takes back what it opened.
   */
  const requestPanels = (): Promise<Panels> => {
    const loading = loadPanels();
    loading.then(
      (panels) => {
        if (alive) store.set({ panels });
      },
      (error: unknown) =>
        showToast(t('panelsCouldntLoad', error instanceof Error ? error.message : String(error)), 'error'),
    );
    return loading;
  };

  /** Shows a part that lives in the panels at once, and takes it back if they fail to load. */
  const showPanel = (patch: Partial<ReaderState>, undo: Partial<ReaderState>) => {
    requestPanels().catch(() => store.set(undo));
    store.set(patch);
  };

  const askShortcut = () => {
    if (askedShortcut || !actions.shortcut) return;
    askedShortcut = true;
    actions.shortcut().then(
      (keys) => store.set({ shortcut: keys }),
      () => store.set({ shortcut: undefined }),
    );
  };

  const change = (patch: Partial<ReaderSettings>) => {
    store.set({ settings: { ...store.get().settings, ...patch } });
    actions.saveSettings?.(patch);
  };

  const copy = async (format: CopyFormat) => {
    if (store.get().busy) return;
    store.set({ busy: true });
    // Read before anything can move focus: a selection inside the article is what gets copied.
    const article = elements.article.current;
    const selection = article ? selectedIn(article) : null;
    try {
      const result = await actions.copy(format, store.get().settings.copyHeader, selection);
      showToast(result.message, result.ok ? 'ok' : 'error');
    } catch (error) {
      showToast(couldNot('copy', String(error)), 'error');
    } finally {
      store.set({ busy: false });
    }
  };

  /** A code block's text, written by the host as every copy is (never through the page). */
  const copyCode = async (text: string) => {
    if (!actions.copyCode) return;
    try {
      const result = await actions.copyCode(text);
      showToast(result.message, result.ok ? 'ok' : 'error');
    } catch (error) {
      showToast(couldNot('copy', String(error)), 'error');
    }
  };

  const save = async (format: SaveFormat) => {
    if (!actions.save) return;
    try {
      const result = await actions.save(format, store.get().settings.copyHeader);
      showToast(result.message, result.ok ? 'ok' : 'error');
    } catch (error) {
      showToast(couldNot('save', String(error)), 'error');
    }
  };

  const menuItems = () =>
    Array.from(elements.menuList.current?.querySelectorAll<HTMLElement>('.l-menu-item') ?? []);

  const closeMenu = () => {
    store.set({ menuOpen: false });
    menuFocus = null;
    focus(elements.menuButton.current);
  };

  /**
   * Takes the open panels away. The focus in one of them goes back to the button that opened it when a key
   * closed it, and to the text otherwise: a click on Aa, or Done, leaves Space to scroll the article.
   */
  const closePanels = (byKey: boolean) => {
    const root = elements.root.current;
    const focused = root ? focusedIn(root) : null;
    const inSettings = focused !== null && !!elements.settingsSlot.current?.contains(focused);
    const inHelp = focused !== null && !!elements.helpSlot.current?.contains(focused);
    store.set({ helpOpen: false, settingsOpen: false });
    if (byKey && inSettings) focus(elements.settingsButton.current);
    else if (inSettings || inHelp) focus(elements.scroller.current);
  };

  /**
   * Tab on Aa goes into the open settings, and from their last control on to the bar's next button (Shift+Tab
   * the way back): they show under the bar, after all of its buttons in the document.
   */
  const tabIntoSettings = (event: KeyboardEvent): boolean => {
    const slot = elements.settingsSlot.current;
    const root = elements.root.current;
    const settings = elements.settingsButton.current;
    const after = elements.firstCopy.current;
    if (!slot || !root || !settings || !after) return false;
    const controls = tabbables(slot);
    const first = controls[0];
    const last = controls.at(-1);
    if (first === undefined || last === undefined) return false;
    const focused = focusedIn(root);
    const to = event.shiftKey
      ? focused === first
        ? settings
        : focused === after
          ? last
          : null
      : focused === settings
        ? first
        : focused === last
          ? after
          : null;
    focus(to);
    return to !== null;
  };

  /** The block at the top of the view now, before read aloud's bar shows under the toolbar's buttons. */
  const topBlock = (article: HTMLElement): Element | null => {
    const scroller = elements.scroller.current;
    if (!scroller) return null;
    const blocks = readableBlocks(article);
    const { top, bottom } = viewUnder(scroller, elements.toolbar.current);
    return blocks[blockAtTop(blocks, top, bottom)] ?? null;
  };

  /**
   * Read aloud's keys, with the focus in the article (or on the scroller, as after opening): R reads from the
   * focused paragraph or the one at the top of the view, and starts read aloud if need be; the others act on a
   * reading under way. True when the key was one of them.
   */
  const speechKey = (event: KeyboardEvent): boolean => {
    const state = store.get();
    const article = elements.article.current;
    const target = event.target instanceof Element ? event.target : null;
    if (state.voices.length === 0 || !article || !target) return false;
    const onScroller = target === elements.scroller.current;
    if (!onScroller && !article.contains(target)) return false;
    const command = speechCommandFor(event, onScroller ? null : target);
    if (!command) return false;
    if (reading(state)) speech.send(command);
    else if (command.kind === 'toggle') controls.startSpeech();
    else if (command.kind === 'here')
      controls.startSpeech({ kind: 'here', from: command.from ?? topBlock(article) });
    else return false;
    return true;
  };

  const controls = {
    copy,
    copyCode,
    save,
    change,
    closeMenu,
    closePanels,

    toggleSettings() {
      if (store.get().settingsOpen) closePanels(false);
      else showPanel({ settingsOpen: true }, { settingsOpen: false });
    },

    toggleMenu() {
      const open = !store.get().menuOpen;
      if (!open) menuFocus = null;
      showPanel({ menuOpen: open }, { menuOpen: false });
    },

    /** The keys' and the bar's way to the speech engine, once it is loaded. */
    speech,

    /** Shows read aloud's bar, which starts reading: from the start, or as `command` asks. */
    startSpeech(command?: SpeechCommand) {
      if (command) speech.send(command);
      showPanel({ speechWanted: true }, { speechWanted: false });
    },

    /** Read aloud's bar goes; the focus in it goes back to the reader's own Read aloud button. */
    stopSpeech() {
      const root = elements.root.current;
      const focused = root ? focusedIn(root) : null;
      const inBar = focused !== null && !!elements.toolbar.current?.contains(focused);
      store.set({ speechWanted: false });
      if (inBar) focus(elements.speechButton.current);
    },

    /** Folds the menu away and gives the focus back to its button before the item's action runs. */
    choose(action: () => void) {
      closeMenu();
      action();
    },

    /** Once the menu's items show, the one a key on its button asked for takes the focus. */
    focusAskedMenuItem() {
      if (menuFocus === null || !store.get().menuOpen) return;
      const items = menuItems();
      if (items.length === 0) return;
      focus(menuFocus === 'first' ? items[0] : items.at(-1));
      menuFocus = null;
    },

    /**
     * Esc on the More menu's button or one of its items folds the menu away; on the button ↓ and ↑ open it (if
     * need be) at its first or last item, and in the menu they step through its items (Home and End to its
     * ends), as in a menu of the system's.
     */
    onMenuKeyDown(event: KeyboardEvent) {
      const open = store.get().menuOpen;
      if (event.key === 'Escape' && open) {
        event.preventDefault();
        closeMenu();
        return;
      }
      const onButton = event.currentTarget === elements.menuButton.current;
      const items = menuItems();
      const at = items.indexOf(event.target as HTMLElement);
      const step: Record<string, number> = onButton
        ? { ArrowDown: 0, ArrowUp: -1 }
        : { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
      const to = step[event.key];
      if (to === undefined || (!onButton && at < 0)) return;
      event.preventDefault();
      if (onButton && !open) {
        menuFocus = to === 0 ? 'first' : 'last';
        showPanel({ menuOpen: true }, { menuOpen: false });
        return;
      }
      const count = items.length;
      if (count > 0) focus(items[(to + count) % count]);
    },

    /**
     * `?` the help, Esc the open panels, Tab into the settings, read aloud's keys (speech-keys.ts), Ctrl/Cmd
     * with + or − the text's size.
     */
    onKeyDown(event: KeyboardEvent) {
      const state = store.get();
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
      if (event.key === '?' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        if (state.helpOpen) {
          closePanels(true);
          return;
        }
        showPanel({ helpOpen: true }, { helpOpen: false });
        askShortcut();
        return;
      }
      if (event.key === 'Escape' && (state.helpOpen || state.settingsOpen)) {
        // Esc folds the open panels away first; the next Esc closes the reader.
        event.preventDefault();
        closePanels(true);
        return;
      }
      if (event.key === 'Tab' && state.settingsOpen && tabIntoSettings(event)) {
        event.preventDefault();
        return;
      }
      if (speechKey(event)) {
        event.preventDefault();
        return;
      }
      // Ctrl/Cmd with + or − sizes the article's text instead of zooming the whole page under it.
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const direction = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
      if (direction === 0) return;
      event.preventDefault();
      change({ fontSize: stepFontSize(state.settings.fontSize, direction) });
    },

    close: () => actions.close(),

    /** Nothing it started says anything after the reader is gone. */
    stop() {
      alive = false;
    },
  };
  return controls;
}
