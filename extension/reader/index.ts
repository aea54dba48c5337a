/**
 * The reader overlay's entry points: mount the reader, or the "no article" notice, into a shadow root the
 * caller created and owns.
 */
import { createRef, h, render } from 'preact';
import { createElementNSIn } from '../../src/dom/access.ts';
import { isolateKeyboard } from './keyboard.ts';
import { followFragmentLink } from './links.ts';
import { Notice, type NoticeProps } from './Notice.tsx';
import { keepPageFontsOut } from './page-fonts.ts';
import type { Panels } from './panels.tsx';
import { renderReader } from './Reader.tsx';
import readerCss from './reader.css?inline';
import { adoptStyles } from './styles.ts';
import { ignoreUntrustedEvents } from './trusted.ts';
import type { Highlighter, ReaderHandle, ReaderProps } from './types.ts';

export type { NoticeProps } from './Notice.tsx';
export type { ReaderSettings } from './settings.ts';
export type {
  CopyFormat,
  CopyResult,
  Highlighter,
  Outcome,
  ReaderActions,
  ReaderBody,
  ReaderHandle,
  ReaderProps,
  SaveFormat,
  SaveResult,
} from './types.ts';

import { t } from '../shared/i18n.ts';

/**
 * Names the modal `<dialog>` a view is mounted in (the overlay's, extension/content/overlay.ts) for screen
 * readers: the dialog is the view's dialog, so the view itself claims no role of its own (two nested dialogs
 * would be announced). Returns the function that takes the attributes off again.
 */
function nameDialog(parent: ParentNode, attributes: Readonly<Record<string, string>>): () => void {
  if (!(parent instanceof Element) || parent.localName !== 'dialog') return () => undefined;
  for (const [name, value] of Object.entries(attributes)) parent.setAttribute(name, value);
  return () => {
    for (const name of Object.keys(attributes)) parent.removeAttribute(name);
  };
}

/** In an XML or SVG document too, the views' elements are HTML (createElement would give no namespace). */
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

interface Mounted {
  container: HTMLElement;
  /** Takes out everything `mountView` put in. */
  unmount(): void;
}

/**
 * What every view mounts with: a container of ours in `parent` (unmounting leaves whatever else the caller put
 * in the root), the reader's stylesheet adopted by `root` with the page's fonts kept out of its stacks
 * (page-fonts.ts), only a person's clicks and keys acting on it
 * (trusted.ts), and keys kept from the page with Esc closing (keyboard.ts).
 */
function mountView(root: ShadowRoot, parent: ParentNode, close: () => void): Mounted {
  const styles = adoptStyles(root, readerCss);
  const letPageFontsIn = keepPageFontsOut(root, styles.sheet, document);
  const container = createElementNSIn(document, XHTML_NS, 'div') as HTMLElement;
  container.className = 'l-mount';
  parent.append(container);
  const trustOnly = ignoreUntrustedEvents(container);
  // On the outermost element, before the view is in it, so not one key escapes: a key pressed in the frame
  // before a listener placed any later reached the page (seen in e2e/reader).
  const restoreKeyboard = isolateKeyboard(container, close);
  return {
    container,
    unmount() {
      restoreKeyboard();
      trustOnly();
      container.remove();
      letPageFontsIn();
      styles.remove();
    },
  };
}

/** Mounts the "no article" notice into `root`, or into `parent` inside it (the overlay's dialog). */
export function mountNotice(
  root: ShadowRoot,
  props: NoticeProps,
  parent: ParentNode = root,
): { unmount(): void; focus(): void; top: Element } {
  const view = mountView(root, parent, props.close);
  const unname = nameDialog(parent, {
    role: 'alertdialog',
    'aria-labelledby': 'l-notice-title',
    'aria-describedby': 'l-notice-text',
  });
  const card = createRef<HTMLDivElement>();
  const way = createRef<HTMLButtonElement>();
  render(h(Notice, { ...props, card, way }), view.container);
  const top = card.current;
  // not shown: a render of ours that failed, reported as the reader not starting
  if (!top) throw new Error('the notice did not render');
  return {
    unmount() {
      render(null, view.container);
      view.unmount();
      unname();
    },
    // The way on (Show anyway, else Close) has the focus when the notice shows: Enter takes it.
    focus() {
      way.current?.focus({ preventScroll: true });
    },
    top,
  };
}

/**
 * Renders the reader once where no one sees it (an element in no document tree) and takes it away again: the code
 * a first render runs is then compiled and its inline caches filled, so the render at the key press is a second
 * one, as a person's every later reader is (the plain reader page: 22.5 ms for a first render, 3.8 ms for the
 * next). For the instant reader, at idle. Nothing reaches the page: a detached element is no part of its DOM.
 */
export function warmReader(props: ReaderProps): void {
  const container = createElementNSIn(document, XHTML_NS, 'div') as HTMLElement;
  renderReader(container, props, false).unmount();
}

/**
 * Mounts the reader into `root`, or into `parent` inside it (the overlay's dialog); its stylesheet is adopted
 * by the root either way.
 */
export function mountReader(root: ShadowRoot, props: ReaderProps, parent: ParentNode = root): ReaderHandle {
  const view = mountView(root, parent, () => props.actions.close());
  const unname = nameDialog(parent, { 'aria-label': t('readerDialog', props.article.title) });
  const container = view.container;
  // One delegated listener for every link in the article's body, nodes the reader inserts as they come.
  const onClick = (event: MouseEvent) => followFragmentLink(event, props.article.url);
  container.addEventListener('click', onClick);
  let mounted = true;
  // The panels' stylesheet joins the reader's when they first load, and leaves with it.
  let removePanelStyles: (() => void) | null = null;
  const loadPanels = (): Promise<Panels> =>
    props.panels().then((loaded) => {
      if (mounted) removePanelStyles ??= adoptStyles(root, loaded.css).remove;
      return loaded;
    });
  // So do the code's colours, when the highlighter first loads.
  let removeCodeStyles: (() => void) | null = null;
  const { highlighter } = props;
  const loadHighlighter = highlighter
    ? (): Promise<Highlighter> =>
        highlighter().then((loaded) => {
          if (mounted) removeCodeStyles ??= adoptStyles(root, loaded.css).remove;
          return loaded;
        })
    : undefined;
  const reader = renderReader(container, {
    ...props,
    panels: loadPanels,
    ...(loadHighlighter && { highlighter: loadHighlighter }),
  });
  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      reader.unmount();
      container.removeEventListener('click', onClick);
      view.unmount();
      unname();
      removePanelStyles?.();
      removeCodeStyles?.();
    },
    focus() {
      reader.parts.scroller.focus({ preventScroll: true });
    },
    applySettings(next) {
      if (mounted) reader.applySettings(next);
    },
    parts: () => (mounted ? reader.parts : null),
  };
}
