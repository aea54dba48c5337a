/**
 * The reader's layout: the toolbar, the panels, the article in one scroll container, and the toast; a document
 * inside the overlay's dialog.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ArticleBody } from './ArticleBody.tsx';
import { ArticleHeader } from './ArticleHeader.tsx';
import { copyMessage, isCjk, normalizeLang, saveMessage } from './format.ts';
import { Progress, useProgress } from './Progress.tsx';
import type { Panels } from './panels.tsx';
import { DEFAULT_READER_SETTINGS, type ReaderSettings, stepFontSize, WIDTHS } from './settings.ts';
import { Toast, useToast } from './Toast.tsx';
import { ReadAloudStart, Toolbar } from './Toolbar.tsx';
import { useTheme } from './theme.ts';
import type { CopyFormat, ReaderProps, SaveFormat } from './types.ts';
import { useVoices } from './voices.ts';

const SETTINGS_ID = 'lectern-settings';

/** A copy of what is selected inside the article, or null when nothing there is selected. */
function selectedInArticle(scroller: HTMLElement | null): DocumentFragment | null {
  const article = scroller?.querySelector('.lectern-article');
  if (!article) return null;
  const root = article.getRootNode();
  // Chromium gives a shadow root its own selection; Firefox's document selection reaches into shadow trees.
  const own = (root as { getSelection?: () => Selection | null }).getSelection;
  const selection = typeof own === 'function' ? own.call(root) : article.ownerDocument.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!article.contains(range.commonAncestorContainer)) return null;
  return range.cloneContents();
}

/**
 * The panels (the export list, settings, help, read aloud), once loaded; `request` asks for them (the loader
 * loads once, and again after a failure), `onFailure` hears why they didn't come, and the caller's own catch
 * takes back what it opened.
 */
function usePanels(
  load: () => Promise<Panels>,
  onFailure: (error: unknown) => void,
): [Panels | null, () => Promise<Panels>] {
  const [panels, setPanels] = useState<Panels | null>(null);
  const request = useCallback(() => {
    const loading = load();
    loading.then(setPanels, onFailure);
    return loading;
  }, [load, onFailure]);
  return [panels, request];
}

export function Reader({
  article,
  body,
  panels: loadPanels,
  actions,
  settings: initial = DEFAULT_READER_SETTINGS,
}: ReaderProps) {
  const [toast, showToast] = useToast();
  const [busy, setBusy] = useState(false);
  const [settings, setSettings] = useState(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const progress = useProgress(scroller);
  const lang = normalizeLang(article.lang);
  const theme = useTheme(settings.theme);
  const voices = useVoices();
  const panelsFailed = useCallback(
    (error: unknown) =>
      showToast(
        `Couldn’t load that part of the reader: ${error instanceof Error ? error.message : String(error)}`,
        'error',
      ),
    [showToast],
  );
  const [panels, requestPanels] = usePanels(loadPanels, panelsFailed);
  // Read aloud was asked for: its controls take the place of the reader's own button once loaded.
  const [speechWanted, setSpeechWanted] = useState(false);
  const findArticle = useCallback(() => scroller.current?.querySelector('.lectern-article') ?? null, []);
  // A ref, not the state, guards against a double click: both clicks can arrive before a re-render.
  const copying = useRef(false);

  // Settings changed elsewhere (the popup, another tab) arrive as a new prop: show them at once. Not on mount:
  // effects run after the first paint, and a key pressed before that (Ctrl +) would be undone.
  const mountedWith = useRef(initial);
  useEffect(() => {
    if (mountedWith.current === initial) return;
    mountedWith.current = initial;
    setSettings(initial);
  }, [initial]);

  const change = useCallback(
    (patch: Partial<ReaderSettings>) => {
      setSettings((current) => ({ ...current, ...patch }));
      actions.saveSettings?.(patch);
    },
    [actions],
  );

  const copy = useCallback(
    async (format: CopyFormat) => {
      if (copying.current) return;
      copying.current = true;
      setBusy(true);
      // Read before anything can move focus: a selection inside the article is what gets copied.
      const selection = selectedInArticle(scroller.current);
      try {
        const result = await actions.copy(format, settings.copyHeader, selection);
        showToast(copyMessage(format, result, selection !== null), result.ok ? 'ok' : 'error');
      } catch (error) {
        showToast(copyMessage(format, { ok: false, error: String(error) }), 'error');
      } finally {
        copying.current = false;
        setBusy(false);
      }
    },
    [actions, showToast, settings.copyHeader],
  );

  const save = useCallback(
    async (format: SaveFormat) => {
      if (!actions.save) return;
      try {
        const result = await actions.save(format, settings.copyHeader);
        showToast(saveMessage(result), result.ok ? 'ok' : 'error');
      } catch (error) {
        showToast(saveMessage({ ok: false, error: String(error) }), 'error');
      }
    },
    [actions, showToast, settings.copyHeader],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
    if (event.key === '?' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      requestPanels().catch(() => setHelpOpen(false));
      setHelpOpen((open) => !open);
      return;
    }
    if (event.key === 'Escape' && (helpOpen || settingsOpen)) {
      // Esc folds the open panels away first; the next Esc closes the reader.
      event.preventDefault();
      setHelpOpen(false);
      setSettingsOpen(false);
      return;
    }
    // Ctrl/Cmd with + or − sizes the article's text instead of zooming the whole page under it.
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const direction = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
    if (direction === 0) return;
    event.preventDefault();
    change({ fontSize: stepFontSize(settings.fontSize, direction) });
  };

  const articleClass = isCjk(lang) ? 'lectern-article lectern-cjk' : 'lectern-article';
  return (
    // A document inside the dialog it is mounted in: screen readers read the article as a page (browse mode),
    // the dialog (overlay.ts) is named for it (mountReader).
    <div
      class="lectern-root"
      role="document"
      lang="en"
      dir="ltr"
      data-theme={theme}
      data-font={settings.font}
      data-images={settings.images ? 'on' : 'off'}
      // Through the CSSOM (Preact sets these with style.setProperty), which a page's CSP doesn't govern.
      style={{
        '--lectern-size': `${settings.fontSize}em`,
        '--lectern-width': `${WIDTHS[settings.width]}em`,
        '--lectern-leading': String(settings.lineHeight),
      }}
      onKeyDown={onKeyDown}
    >
      <div class="lectern-scroll" tabIndex={-1} ref={scroller}>
        <Toolbar
          onCopy={copy}
          {...(actions.save ? { onSave: save } : {})}
          onClose={() => actions.close()}
          busy={busy}
          settingsId={SETTINGS_ID}
          settingsOpen={settingsOpen}
          panels={panels}
          requestPanels={requestPanels}
          onToggleSettings={() => {
            requestPanels().catch(() => setSettingsOpen(false));
            setSettingsOpen((open) => !open);
          }}
          speech={
            voices.length > 0 &&
            (speechWanted && panels ? (
              <panels.ReadAloud
                article={findArticle}
                voices={voices}
                voiceURI={settings.voice}
                rate={settings.rate}
                lang={lang}
              />
            ) : (
              <ReadAloudStart
                onStart={() => {
                  requestPanels().catch(() => setSpeechWanted(false));
                  setSpeechWanted(true);
                }}
              />
            ))
          }
        >
          <Progress progress={progress} minutes={article.readingMinutes} />
        </Toolbar>
        {settingsOpen && panels && (
          <panels.SettingsPanel
            id={SETTINGS_ID}
            settings={settings}
            onChange={change}
            voices={voices}
            lang={lang}
          />
        )}
        {helpOpen && panels && <panels.HelpPanel id="lectern-help" onClose={() => setHelpOpen(false)} />}
        <div class="lectern-main">
          <article class={articleClass} lang={lang ?? undefined} dir={article.dir}>
            <ArticleHeader article={article} lang={lang} />
            <ArticleBody body={body} images={settings.images} />
          </article>
        </div>
      </div>
      <Toast message={toast} />
    </div>
  );
}
