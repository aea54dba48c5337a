/** The overlay's layout: a dialog holding the toolbar, the settings, the article in one scroll container, and the toast. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ArticleBody } from './ArticleBody.tsx';
import { ArticleHeader } from './ArticleHeader.tsx';
import { copyMessage, isCjk, normalizeLang, saveMessage } from './format.ts';
import { HelpPanel } from './HelpPanel.tsx';
import { Progress, useProgress } from './Progress.tsx';
import { ReadAloud } from './ReadAloud.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import {
  DEFAULT_READER_SETTINGS,
  FONT_SIZES,
  LINE_HEIGHTS,
  type ReaderSettings,
  stepFontSize,
} from './settings.ts';
import { pickVoice, useSpeech, useVoices } from './speech.ts';
import { Toast, useToast } from './Toast.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { CopyFormat, ReaderProps, SaveFormat } from './types.ts';

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

/** Whether the system asks for dark colours, kept current: "auto" follows a change while reading. */
function usePrefersDark(): boolean {
  const [query] = useState(() =>
    typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null,
  );
  const [dark, setDark] = useState(query?.matches === true);
  useEffect(() => {
    if (query === null) return;
    const onChange = () => setDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [query]);
  return dark;
}

export function Reader({ article, actions, settings: initial = DEFAULT_READER_SETTINGS }: ReaderProps) {
  const [toast, showToast] = useToast();
  const [busy, setBusy] = useState(false);
  const [settings, setSettings] = useState(initial);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const progress = useProgress(scroller);
  const lang = normalizeLang(article.lang);
  const prefersDark = usePrefersDark();
  const voices = useVoices();
  const speech = useSpeech({
    article: () => scroller.current?.querySelector('.lectern-article') ?? null,
    voice: pickVoice(voices, settings.voice, lang),
    rate: settings.rate,
    lang,
  });
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
    <div
      class="lectern-root"
      role="dialog"
      aria-modal="true"
      aria-label={`Reader view: ${article.title}`}
      lang="en"
      dir="ltr"
      data-theme={settings.theme === 'auto' ? (prefersDark ? 'dark' : 'light') : settings.theme}
      data-font={settings.font}
      data-size={String(FONT_SIZES.indexOf(settings.fontSize as (typeof FONT_SIZES)[number]))}
      data-width={settings.width}
      data-leading={String(LINE_HEIGHTS.indexOf(settings.lineHeight as (typeof LINE_HEIGHTS)[number]))}
      data-images={settings.images ? 'on' : 'off'}
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
          onToggleSettings={() => setSettingsOpen((open) => !open)}
          speech={
            voices.length > 0 && (
              <ReadAloud
                state={speech.state}
                onPlay={speech.play}
                onPause={speech.pause}
                onStop={speech.stop}
              />
            )
          }
        >
          <Progress progress={progress} minutes={article.readingMinutes} />
        </Toolbar>
        {settingsOpen && (
          <SettingsPanel id={SETTINGS_ID} settings={settings} onChange={change} voices={voices} lang={lang} />
        )}
        {helpOpen && <HelpPanel id="lectern-help" onClose={() => setHelpOpen(false)} />}
        <div class="lectern-main">
          <article class={articleClass} lang={lang ?? undefined} dir={article.dir}>
            <ArticleHeader article={article} lang={lang} />
            <ArticleBody html={article.content} />
          </article>
        </div>
      </div>
      <Toast message={toast} />
    </div>
  );
}
