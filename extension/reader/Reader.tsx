/**
 * The reader: the toolbar, the panels, the article in one scroll container, and the toast; a document inside
 * the overlay's dialog. Preact components over one store of the reader's state (state.ts, store.ts); what a
 * person does is readerControls' (controls.ts). The article's body is the nodes the caller prepared, put in
 * once (and again when images are turned on or off), never rendered by Preact: the reader's tools work on them.
 * The panels come later, each rendered into a slot of its own by their chunk (PanelSlot.tsx).
 */
import { Component, render } from 'preact';

import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { ReaderArticle } from '../../src/types.ts';
import { messagesLocale, uiDirection } from '../shared/i18n.ts';
import { ArticleHeader } from './ArticleHeader.tsx';
import { type CodeOptions, showCodeBlocks } from './code.ts';
import {
  type ElementRef,
  type ReaderControls,
  type ReaderElements,
  readerControls,
  readerElements,
} from './controls.ts';
import { isCjk, normalizeLang } from './format.ts';
import { addLegibleFaces, type LegibleFaces } from './legible-font.ts';
import { type LineFocus, showLineFocus } from './line-focus.ts';
import { watchProgress } from './Progress.tsx';
import type { Panels } from './panels.tsx';
import {
  DEFAULT_READER_SETTINGS,
  type ReaderSettings,
  SPACINGS,
  TEXT_SPACINGS,
  type TextSpacing,
  WIDTHS,
} from './settings.ts';
import { initialState, type ReaderState } from './state.ts';
import { createStore, type Store, useStore } from './store.ts';
import { Toast } from './Toast.tsx';
import { Toolbar } from './Toolbar.tsx';
import { resolveTheme, useSystemDark } from './theme.ts';
import type { ReaderActions, ReaderBody, ReaderParts, ReaderProps } from './types.ts';
import { watchVoices } from './voices.ts';

/**
 * A block focused with Tab (or a fragment's target) scrolls to just under the sticky bar, however tall its open
 * panel or tool's bar makes it: the scroller's scroll padding follows the bar's height. Set on the scroller
 * itself (no custom property, which the whole article would inherit and be styled again for).
 */
function keepFocusClearOf(bar: HTMLElement, scroller: HTMLElement): () => void {
  const observer = new ResizeObserver(([entry]) => {
    const height = entry?.borderBoxSize[0]?.blockSize;
    if (height !== undefined)
      // not shown: CSS
      scroller.style.setProperty('scroll-padding-block-start', `calc(${Math.ceil(height)}px + 1em)`);
  });
  observer.observe(bar);
  return () => observer.disconnect();
}

/** The spacing settings as reader.css reads them: `--l-letter`, `--l-word`, `--l-paragraph` in em. */
function spacingProperties(settings: ReaderSettings): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [setting, { measure }] of Object.entries(TEXT_SPACINGS)) {
    properties[`--l-${measure}`] = `${SPACINGS[settings[setting as TextSpacing]][measure]}em`;
  }
  return properties;
}

/**
 * Line focus over the article while the setting asks for it (line-focus.ts): two dim boxes that take no pointer
 * events and hold no text, over the scroller and under the toast.
 */
function LineFocusDim({ store, elements }: { store: Store<ReaderState>; elements: ReaderElements }) {
  const settings = useStore(store, (state) => state.settings);
  const focus = useRef<HTMLDivElement>(null);
  const above = useRef<HTMLDivElement>(null);
  const below = useRef<HTMLDivElement>(null);
  const shown = useRef<LineFocus | null>(null);
  const lines = settings.lineFocus;
  useLayoutEffect(() => {
    const [box, top, bottom] = [focus.current, above.current, below.current];
    const [scroller, toolbar, article] = [
      elements.scroller.current,
      elements.toolbar.current,
      elements.article.current,
    ];
    if (lines === 0 || !box || !top || !bottom || !scroller || !toolbar || !article) return;
    const parts = { focus: box, above: top, below: bottom, scroller, toolbar, article };
    shown.current = showLineFocus(parts, lines);
    return () => {
      shown.current?.stop();
      shown.current = null;
    };
  }, [lines, elements]);
  // Any other setting may move the lines (size, spacing, typeface): the band takes the line now under it.
  useLayoutEffect(() => shown.current?.refresh(), [settings]);
  return (
    <div class="l-focus" aria-hidden="true" hidden ref={focus}>
      <div class="l-focus-above" ref={above} />
      <div class="l-focus-below" ref={below} />
    </div>
  );
}

/** The legible typeface's faces in the document while it is the chosen one (legible-font.ts). */
function useLegibleFont(
  chosen: boolean,
  load: (() => Promise<LegibleFaces>) | undefined,
  root: ElementRef<HTMLDivElement>,
): void {
  useEffect(() => {
    const doc = root.current?.ownerDocument;
    if (!chosen || !load || !doc) return;
    let remove: (() => void) | null = null;
    let wanted = true;
    // Failing to load leaves the stack's fallback (sans-serif) showing: the rest of the reader is unchanged.
    load().then(
      (faces) => {
        if (wanted) remove = addLegibleFaces(doc, faces);
      },
      () => undefined,
    );
    return () => {
      wanted = false;
      remove?.();
    };
  }, [chosen, load, root]);
}

/**
 * The article's body: the caller's nodes, put in before the first frame and again when images change, its code
 * blocks given their buttons and colours (code.ts).
 */
function ArticleBody({
  store,
  body,
  contentRef,
  code,
}: {
  store: Store<ReaderState>;
  body: ReaderBody;
  contentRef: ElementRef<HTMLDivElement>;
  code: CodeOptions;
}) {
  const images = useStore(store, (state) => state.settings.images);
  // The reader never sets HTML from a string: the caller prepares the nodes (src/clean/present.ts), so no
  // serialise→reparse step (where markup could mutate) sits between the check and the overlay. With images
  // off the nodes hold no image at all, so turning them off stops their requests, not only their display.
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    content.replaceChildren(body(content.ownerDocument, { images }));
    return showCodeBlocks(content, code);
  }, [body, images, contentRef, code]);
  return <div class="l-content" ref={contentRef} />;
}

/** What the reader shows: the article, and its body's nodes. */
interface ReaderArticleProps {
  article: ReaderArticle;
  body: ReaderBody;
}

interface MainProps extends ReaderArticleProps {
  store: Store<ReaderState>;
  lang: string | null;
  elements: ReaderElements;
  code: CodeOptions;
}

/**
 * The column that holds the article. Rendered once: the tools put their bars before and after the article in
 * it, and work on the body's nodes, which no later render may move (the body and the header's date render
 * again on their own).
 */
class Main extends Component<MainProps> {
  override shouldComponentUpdate(): boolean {
    return false;
  }

  override render({ article, body, store, lang, elements, code }: MainProps) {
    return (
      <div class="l-main" ref={elements.main}>
        <article
          class={isCjk(lang) ? 'l-article l-cjk' : 'l-article'}
          lang={lang ?? undefined}
          dir={article.dir ?? undefined}
          ref={elements.article}
        >
          <ArticleHeader article={article} lang={lang} />
          <ArticleBody store={store} body={body} contentRef={elements.content} code={code} />
        </article>
      </div>
    );
  }
}

interface ReaderViewProps extends ReaderArticleProps {
  store: Store<ReaderState>;
  controls: ReaderControls;
  elements: ReaderElements;
  actions: ReaderActions;
  typeface: (() => Promise<LegibleFaces>) | undefined;
  code: CodeOptions;
}

function ReaderView({ article, body, store, controls, elements, actions, typeface, code }: ReaderViewProps) {
  const settings = useStore(store, (state) => state.settings);
  const dark = useSystemDark();
  const lang = normalizeLang(article.lang);
  useLegibleFont(settings.font === 'legible', typeface, elements.root);
  useLayoutEffect(() => {
    const bar = elements.toolbar.current;
    const scroller = elements.scroller.current;
    if (!bar || !scroller) return;
    const stopPadding = keepFocusClearOf(bar, scroller);
    const stopProgress = watchProgress(scroller, (progress) => store.set({ progress }));
    return () => {
      stopPadding();
      stopProgress();
    };
  }, [store, elements]);
  return (
    // A document inside the dialog it is mounted in: screen readers read the article as a page (browse mode),
    // the dialog (overlay.ts) is named for it (mountReader).
    <div
      class="l-root"
      role="document"
      lang={messagesLocale()}
      dir={uiDirection()}
      ref={elements.root}
      data-theme={resolveTheme(settings.theme, dark)}
      data-font={settings.font}
      data-images={settings.images ? 'on' : 'off'}
      data-align={settings.align}
      // Through the CSSOM, which a page's CSP doesn't govern (a style attribute it may forbid).
      style={{
        '--l-size': `${settings.fontSize}em`,
        '--l-width': `${WIDTHS[settings.width]}em`,
        '--l-leading': String(settings.lineHeight),
        ...spacingProperties(settings),
      }}
      onKeyDown={controls.onKeyDown}
    >
      <div class="l-scroll" tabindex={-1} ref={elements.scroller}>
        <Toolbar
          store={store}
          controls={controls}
          elements={elements}
          actions={actions}
          minutes={article.readingMinutes}
          lang={lang}
          article={() => elements.article.current}
          title={article.title}
          site={article.siteName}
        />
        <Main article={article} body={body} store={store} lang={lang} elements={elements} code={code} />
      </div>
      <LineFocusDim store={store} elements={elements} />
      <Toast store={store} />
    </div>
  );
}

export interface MountedReader {
  /** Its parts, for the reader's tools. */
  parts: ReaderParts;
  /** Settings changed elsewhere (the popup, another tab): shown at once. */
  applySettings(settings: ReaderSettings): void;
  /** Takes the reader out of `container`: the panels go (read aloud stops), every listener and timer stops. */
  unmount(): void;
}

/**
 * Renders the reader into `container` (synchronously: its first frame shows the article). `speech` false leaves
 * the browser's speech alone (the voices are not asked for): a render that no one sees (warmReader).
 */
export function renderReader(
  container: HTMLElement,
  {
    article,
    body,
    panels,
    highlighter,
    actions,
    typeface,
    settings = DEFAULT_READER_SETTINGS,
  }: ReaderProps & { panels: () => Promise<Panels> },
  speech = true,
): MountedReader {
  // The voices are asked for once: the list is a new array at each call, and the first call sets up speech.
  const voices = speech ? watchVoices((list) => store.set({ voices: list })) : { voices: [], stop() {} };
  const store = createStore(initialState(settings, !!actions.shortcut, voices.voices));
  const elements = readerElements();
  const controls = readerControls(store, actions, panels, elements);
  const code: CodeOptions = {
    ...(actions.copyCode && { copy: controls.copyCode }),
    ...(highlighter && { highlighter }),
  };
  render(
    <ReaderView
      article={article}
      body={body}
      store={store}
      controls={controls}
      elements={elements}
      actions={actions}
      typeface={typeface}
      code={code}
    />,
    container,
  );
  const [root, main, content, scroller, bar] = [
    elements.root.current,
    elements.main.current,
    elements.content.current,
    elements.scroller.current,
    elements.toolBar.current,
  ];
  // not shown: a render of ours that failed, which the content script reports as the reader not starting
  if (!root || !main || !content || !scroller || !bar) throw new Error('the reader did not render');
  return {
    parts: { root, main, content, scroller, bar },
    applySettings: (next) => store.set({ settings: next }),
    unmount() {
      controls.stop();
      voices.stop();
      render(null, container);
    },
  };
}
