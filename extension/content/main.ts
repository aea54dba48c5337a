/**
 * The content script: injected on demand into the page's isolated world (extension/shared/inject.ts). It owns
 * the page's Article and the overlay, makes the copies (the background writes them), and answers the `content:*` messages of
 * extension/shared/messages.ts. It holds only what the overlay's first paint needs; exporting is a chunk
 * loaded on first use (chunks.ts). Injection may happen more than once per page, so it registers its listener
 * once, guarded by a Symbol.for key on the isolated world's global (a page element can't stand in for it).
 */
import { presentBody } from '../../src/clean/present.ts';
import { contentTypeOf } from '../../src/dom/access.ts';
import { extractWithBody, readPage } from '../../src/extract.ts';
import { mayHaveNextPage } from '../../src/pages/index.ts';
import type { Extracted } from '../../src/types.ts';
import { couldNot } from '../reader/format.ts';
import { mountNotice, mountReader, warmReader } from '../reader/index.ts';
import { DEFAULT_READER_SETTINGS } from '../reader/settings.ts';
import { adoptStyles } from '../reader/styles.ts';
import { isTypefaces, typefacesShown, warmTypefaces } from '../reader/typefaces.ts';
import type { Outcome, ReaderHandle, ToolName } from '../reader/types.ts';
import { api } from '../shared/api.ts';
import type { ExportRequest } from '../shared/export.ts';
import { t } from '../shared/i18n.ts';
import { READ_AHEAD } from '../shared/instant-mark.ts';
import { type ContentState, handleContentMessages, sendToExtension } from '../shared/messages.ts';
import type { Settings } from '../shared/settings.ts';
import {
  currentArticle,
  forgetTemplate,
  ruleReady,
  siteRule,
  siteTemplate,
  summarize,
  useRule,
} from './article.ts';
import { loadChunk } from './chunks.ts';
import { closeOverlay, isOverlayOpen, showInOverlay } from './overlay.ts';
import { clearRegistry, type Exporters, registry } from './registry.ts';
import { settingsStore } from './settings-store.ts';
import type { ToolHost } from './tool-host.ts';

interface Instance {
  /** False once the extension that injected us was reloaded or removed (its runtime is gone). */
  alive(): boolean;
  dispose(): void;
}

const INSTANCE = Symbol.for('lectern.content');

const reason = (error: unknown, fallback: string): string =>
  error instanceof Error ? error.message : fallback;

/** Chromium's PDF viewer wraps the file in a page we can enter; it holds an <embed>, never the text. */
const isPdf = (): boolean => contentTypeOf(document) === 'application/pdf';

function state(): ContentState {
  return { open: isOverlayOpen(), pdf: isPdf() };
}

/** The reader showing now, to hand it settings changed elsewhere. */
let reader: ReaderHandle | null = null;

function showReader(extracted: Extracted, settings: Settings): void {
  const { article, body } = extracted;
  showInOverlay((root, layer) => {
    const host: ToolHost = {
      root,
      // The reader mounted below: its tools are attached once it is.
      parts: () => handle.parts(),
      extracted,
      rule: siteRule,
      use: useRule,
      template: siteTemplate,
      forget: forgetTemplate,
      extract: extractWithBody,
      readPage,
      show: (next) => showReader(next, settings),
    };
    // A chunk that fails to load (the extension was reloaded under the page) leaves the reader as it is.
    const tools = (tool: ToolName | false) =>
      loadChunk('tools').then(
        (loaded) => loaded.attach(host, tool),
        () => undefined,
      );
    // The toast reports a copy or a save: its look comes with the exporters they load, adopted once.
    let toastStyled = false;
    // A copy or a save, and what came of it; the exporters say it, or the failure to load them is said here.
    const withExporters = async (
      action: ExportRequest['action'],
      run: (loaded: Exporters) => Promise<Outcome>,
    ): Promise<Outcome> => {
      try {
        const loaded = await loadChunk('exporters');
        if (!toastStyled) adoptStyles(root, loaded.toastCss);
        toastStyled = true;
        return await run(loaded);
      } catch (error) {
        return { ok: false, message: couldNot(action, reason(error, t('unknownError'))) };
      }
    };
    const exported = (request: ExportRequest, header: boolean, selection: DocumentFragment | null) =>
      withExporters(request.action, (loaded) => loaded.readerExport(article, request, header, selection));
    const handle = mountReader(
      root,
      {
        article,
        body: (doc, options) => presentBody(body, doc, options),
        panels: () => loadChunk('panels'),
        typeface: () => loadChunk('typeface'),
        highlighter: () => loadChunk('code'),
        settings,
        actions: {
          copy: (format, header, selection) => exported({ action: 'copy', format }, header, selection),
          save: (format, header) => exported({ action: 'save', format }, header, null),
          copyCode: (text) => withExporters('copy', (loaded) => loaded.copyCode(text)),
          close: closeOverlay,
          tool: tools,
          saveSettings(patch) {
            settingsStore.save(patch);
          },
          shortcut: async () => (await sendToExtension('background:shortcut', {})).shortcut,
        },
      },
      layer,
    );
    reader = handle;
    tellTypefaces(root);
    // A fix in use, the site's template left out, a next page, an edit going on or the outline shows on the
    // reader: the tools' chunk, after the first paint.
    const chunk = registry().tools;
    const { rule, template } = article.diagnostics;
    if (chunk) chunk.attach(host, false);
    else if (rule === 'applied' || rule === 'unmatched' || template > 0 || mayHaveNextPage(document))
      tools(false);
    return {
      focus: () => handle.focus(),
      top: handle.parts()?.main ?? null,
      unmount() {
        if (reader === handle) reader = null;
        handle.unmount();
      },
    };
  });
}

function showNotice(canForce: boolean, settings: Settings): void {
  showInOverlay((root, layer) =>
    mountNotice(
      root,
      {
        canForce,
        theme: settings.theme,
        close: closeOverlay,
        showAnyway() {
          const extracted = currentArticle(true);
          if (extracted) showReader(extracted, settings);
          else showNotice(false, settings);
        },
      },
      layer,
    ),
  );
}

/**
 * The faces the reader shows, told to the background once the reader is on the screen and the tab idle: the
 * instant reader looks them up on the next page it reads ahead (reader/typefaces.ts).
 */
function tellTypefaces(root: ShadowRoot): void {
  requestAnimationFrame(() =>
    requestIdleCallback(() => {
      const faces = typefacesShown(root);
      if (faces.length > 0) sendToExtension('background:typefaces', { faces }).catch(() => undefined);
    }),
  );
}

/** Whether this document was told to the memory: it counts once, however often the reader opens on it. */
let remembered = false;

/**
 * A page read: the site's boilerplate memory learns its blocks' fingerprints (shared/memory.ts), made after the
 * frame that shows the reader.
 */
function rememberOnce(extracted: Extracted): void {
  if (remembered) return;
  remembered = true;
  requestAnimationFrame(() =>
    setTimeout(() =>
      sendToExtension('background:remember', {
        fingerprints: extracted.article.diagnostics.fingerprints,
      }).catch(() => undefined),
    ),
  );
}

async function open(force: boolean): Promise<ContentState> {
  // The sender explains PDFs itself (the reply says pdf); an overlay over the viewer would only say "no article".
  if (isPdf()) return state();
  const [settings] = await Promise.all([settingsStore.current(), ruleReady()]);
  const extracted = currentArticle(force);
  if (extracted) {
    showReader(extracted, settings);
    rememberOnce(extracted);
  } else showNotice(!force, settings);
  return state();
}

/** The page's article for the popup and the menu; none on a PDF (the sender explains those). */
async function extractedFor(force: boolean): Promise<Extracted | null> {
  await ruleReady();
  return isPdf() ? null : currentArticle(force);
}

/** Whether content/ahead.ts ran just before us: registered by the instant reader, not injected by a click. */
function takeReadAheadMark(): boolean {
  const scope = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(READ_AHEAD);
  const marked = scope[key] === true;
  delete scope[key];
  return marked;
}

/** The reader rendered once with the article read ahead, where no one sees it (warmReader): then the key press only paints. */
function warmUp({ article, body }: Extracted): void {
  try {
    warmReader({
      article,
      body: (doc, options) => presentBody(body, doc, options),
      // not shown: an invisible render never opens a panel
      panels: () => Promise.reject(new Error('not in a render no one sees')),
      // No image in the copy at all (the reader's own are lazy, and wait anyway): nothing can be fetched.
      settings: { ...DEFAULT_READER_SETTINGS, images: false },
      actions: { copy: async () => ({ ok: false, message: '' }), close() {} },
    });
  } catch {
    // A render no one sees that fails changes nothing: the key press renders the reader as it would have.
  }
}

/** How long the read-ahead waits for the page to go idle before it reads all the same. */
const READ_AHEAD_WAIT_MS = 3000;

/**
 * The instant reader (shared/instant.ts): once the page is idle, its article is read and kept for the key press,
 * which then only paints, and the toolbar button says whether there is one. Nothing is shown or kept beyond the
 * tab, and the page is only read.
 */
function readAhead(): void {
  requestIdleCallback(
    () => {
      ruleReady()
        .then(() => {
          if (isPdf() || isOverlayOpen()) return;
          const extracted = currentArticle(false);
          if (extracted) warmUp(extracted);
          return sendToExtension('background:ahead', { article: extracted !== null });
        })
        .then((reply) => {
          if (reply && isTypefaces(reply.typefaces) && !isOverlayOpen())
            warmTypefaces(reply.typefaces, document);
        })
        .catch(() => undefined);
    },
    { timeout: READ_AHEAD_WAIT_MS },
  );
}

function register(): Instance {
  settingsStore.start((settings) => reader?.applySettings(settings));
  const stop = handleContentMessages({
    'content:ping': () => state(),
    'content:summary': async ({ force }) => {
      const extracted = await extractedFor(force);
      return extracted ? summarize(extracted) : null;
    },
    'content:open': ({ force }) => open(force),
    'content:close': () => {
      closeOverlay();
      return state();
    },
    'content:toggle': () => {
      if (isOverlayOpen()) {
        closeOverlay();
        return state();
      }
      return open(false);
    },
    'content:export': async ({ format, header, force }) => {
      const article = (await extractedFor(force))?.article;
      if (!article) return null;
      return (await loadChunk('exporters')).copyData(article, format, header, null);
    },
    'content:save': async ({ format, header, force }) => {
      const article = (await extractedFor(force))?.article;
      if (!article) return null;
      return { name: await (await loadChunk('exporters')).save(article, format, header) };
    },
  });
  return {
    alive() {
      try {
        return Boolean(api().runtime.id);
      } catch {
        return false;
      }
    },
    dispose() {
      // The old runtime may be gone (the extension was reloaded): each step on its own.
      for (const step of [stop, settingsStore.stop, closeOverlay]) {
        try {
          step();
        } catch {
          // Nothing left to undo there.
        }
      }
    },
  };
}

try {
  const scope = globalThis as { [INSTANCE]?: Instance };
  const previous = scope[INSTANCE];
  if (!previous?.alive()) {
    previous?.dispose();
    clearRegistry();
    scope[INSTANCE] = register();
    if (takeReadAheadMark()) readAhead();
    // Whoever injected us (the reader command, the popup, the toolbar menu) asks for the article next: start
    // on it as soon as the background has told us the site's fix and template, while the injection's answer
    // travels to the background and its next message travels back. The page is read once, with them: reading
    // it at once and again when they came cost more than waiting for them (docs/performance.md).
    else ruleReady().then(() => isPdf() || currentArticle(false));
  }
} catch {
  // Never throw into the page.
}
