import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Tabs } from 'webextension-polyfill';
import {
  copyMessage,
  couldNot,
  formatKind,
  formatReadingTime,
  formatWords,
  saveMessage,
} from '../reader/format.ts';
import { api } from '../shared/api.ts';
import { disableAutoOpen, enableAutoOpen, listAutoOpen } from '../shared/auto-open.ts';
import { writeClipboard } from '../shared/clipboard.ts';
import { type ExportRequest, type ExportWords, runExport } from '../shared/export.ts';
import { COPY, COPY_FORMATS, SAVE, SAVE_FORMATS } from '../shared/formats.ts';
import { type MessageName, t } from '../shared/i18n.ts';
import { errorMessage } from '../shared/inject.ts';
import { type ArticleSummary, sendToTab } from '../shared/messages.ts';
import { NOT_FOUND } from '../shared/not-found.ts';
import type { RestrictedReason } from '../shared/restricted.ts';
import { applyActionSetting, loadSettings, saveSettings } from '../shared/settings.ts';
import { originOf } from '../shared/site-rules.ts';
import { tabExporter } from '../shared/tab.ts';
import { firstLines } from './excerpt.ts';
import { loadSummary, type PopupState } from './load.ts';
import { findTargetTab } from './target.ts';

export function Popup() {
  const [tab, setTab] = useState<Tabs.Tab | undefined>(undefined);
  const [state, setState] = useState<PopupState>({ kind: 'loading' });

  useEffect(() => {
    findTargetTab()
      .then(async (found) => {
        setTab(found);
        setState(await loadSummary(found, false));
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error) }));
  }, []);

  const showAnyway = (): void => {
    setState({ kind: 'loading' });
    loadSummary(tab, true).then(setState, (error: unknown) =>
      setState({ kind: 'failed', message: errorMessage(error) }),
    );
  };

  return (
    <main class="popup">
      <Body state={state} showAnyway={showAnyway} />
      <SettingsRow
        site={state.kind === 'loading' || state.kind === 'restricted' ? null : siteOf(tab)}
        inPrivate={tab?.incognito === true}
      />
    </main>
  );
}

function Body({ state, showAnyway }: { state: PopupState; showAnyway: () => void }) {
  switch (state.kind) {
    case 'loading':
      return (
        <section class="status" aria-busy="true">
          <p class="muted">{t('popupLooking')}</p>
        </section>
      );
    case 'restricted':
      return <Restricted reason={state.reason} />;
    case 'failed':
      return (
        <section class="status" role="alert">
          <h1>{t('popupCouldntStart')}</h1>
          <p class="muted">{state.message}</p>
        </section>
      );
    case 'empty':
      return <NotFound forced={state.forced} showAnyway={showAnyway} />;
    case 'article':
      return <Summary {...state} />;
  }
}

function NotFound({ forced, showAnyway }: { forced: boolean; showAnyway: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // autoFocus only applies at page load; this state arrives later.
    button.current?.focus();
  }, []);
  if (forced) {
    return (
      <section class="status">
        <h1>{NOT_FOUND.anything.title}</h1>
        <p class="muted">{NOT_FOUND.anything.text}</p>
      </section>
    );
  }
  return (
    <section class="status">
      <h1>{NOT_FOUND.article.title}</h1>
      <p class="muted">{NOT_FOUND.article.text}</p>
      <div class="actions">
        <button type="button" class="primary" ref={button} onClick={showAnyway}>
          {t('showAnyway')}
        </button>
      </div>
    </section>
  );
}

const WHY: Record<RestrictedReason, MessageName> = {
  'browser-page': 'restrictedBrowserPage',
  'web-store': 'restrictedWebStore',
  pdf: 'restrictedPdf',
  'no-page': 'restrictedNoPage',
};

function Restricted({ reason }: { reason: RestrictedReason | null }) {
  return (
    <section class="status">
      <h1>{t('restrictedTitle')}</h1>
      <p class="muted">{t(reason ? WHY[reason] : 'restrictedAny')}</p>
    </section>
  );
}

interface SummaryProps {
  tabId: number;
  summary: ArticleSummary;
  forced: boolean;
  readerOpen: boolean;
}

/** What came of a copy or a save, on the popup's status line. */
const SAID_IN_POPUP: ExportWords = {
  copied: (format, words) => copyMessage(format, { ok: true, words }),
  saved: (name) => saveMessage({ ok: true, name }),
  failed(action, error) {
    const said = couldNot(action, errorMessage(error));
    return action === 'copy' ? `${said}. ${t('clipboardHint')}` : said;
  },
};

function Summary({ tabId, summary, forced, readerOpen }: SummaryProps) {
  const openButton = useRef<HTMLButtonElement>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // autoFocus only applies at page load; the summary arrives later.
    openButton.current?.focus();
  }, []);

  const open = (): void => {
    setBusy(true);
    const done = readerOpen
      ? sendToTab(tabId, 'content:close', {})
      : sendToTab(tabId, 'content:open', { force: forced });
    done
      .then(() => window.close())
      .catch((error: unknown) => {
        setBusy(false);
        setStatus(t(readerOpen ? 'couldntCloseReader' : 'couldntOpenReader', errorMessage(error)));
      });
  };

  // The popup is an extension page: the page under it can't see its clipboard write.
  const exporter = tabExporter(tabId, forced, writeClipboard);
  const run = async (request: ExportRequest): Promise<void> => {
    setStatus((await runExport(request, exporter, SAID_IN_POPUP)).message);
  };

  const source = [summary.byline, summary.siteName].filter(Boolean).join(' · ');
  const kind = formatKind(summary.kind, summary.records);
  return (
    <section class="summary" aria-labelledby="article-title">
      <h1 id="article-title" class="title">
        {summary.title}
      </h1>
      {source && <p class="source">{source}</p>}
      <p class="meta">
        {kind && (
          <>
            <span>{kind}</span>
            <span aria-hidden="true"> · </span>
          </>
        )}
        <span>{formatReadingTime(summary.readingMinutes)}</span>
        <span aria-hidden="true"> · </span>
        <span>{formatWords(summary.wordCount)}</span>
      </p>
      {summary.start && <p class="excerpt">{firstLines(summary.start)}</p>}
      <div class="actions">
        <button type="button" class="primary" ref={openButton} onClick={open} disabled={busy}>
          {t(readerOpen ? 'closeReader' : 'openReader')}
        </button>
        <ActionRow name={t('rowCopy')}>
          {COPY_FORMATS.map((format) => (
            <button key={format} type="button" onClick={() => void run({ action: 'copy', format })}>
              <span class="hidden">{t('rowCopy')} </span>
              {COPY[format].short}
            </button>
          ))}
        </ActionRow>
        <ActionRow name={t('rowSave')}>
          {SAVE_FORMATS.map((format) => (
            <button key={format} type="button" onClick={() => void run({ action: 'save', format })}>
              <span class="hidden">{t('rowSave')} </span>
              {SAVE[format].short}
            </button>
          ))}
        </ActionRow>
      </div>
      <p class="status-line" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}

/**
 * A row of buttons under its name ("Copy", "Save"): each button's visible text is the format alone, on one line,
 * and its name says the whole ("Save .md"), the row's name written out in it for screen readers.
 */
function ActionRow({ name, children }: { name: string; children: ComponentChildren }) {
  return (
    <fieldset class="action-row">
      <legend class="row-name">{name}</legend>
      <div class="row-buttons">{children}</div>
    </fieldset>
  );
}

/** The tab's site (its origin), where it is a web page. */
function siteOf(tab: Tabs.Tab | undefined): string | null {
  return tab?.url === undefined ? null : originOf(tab.url);
}

function SettingsRow({ site, inPrivate }: { site: string | null; inPrivate: boolean }) {
  const [actionOpensReader, setActionOpensReader] = useState<boolean | null>(null);

  useEffect(() => {
    loadSettings().then((settings) => setActionOpensReader(settings.actionOpensReader));
  }, []);

  const change = (event: Event): void => {
    const checked = (event.currentTarget as HTMLInputElement).checked;
    setActionOpensReader(checked);
    const settings = { actionOpensReader: checked };
    // Saved for the background (which applies it at every start); applied here too so it holds at once.
    Promise.all([saveSettings(settings), applyActionSetting(settings)]).catch(() => undefined);
  };

  return (
    <footer class="settings">
      <label>
        <input
          type="checkbox"
          checked={actionOpensReader === true}
          disabled={actionOpensReader === null}
          onChange={change}
        />
        {t('toolbarOpensReader')}
      </label>
      {site && !inPrivate && <AutoOpenRow site={site} />}
      {site && inPrivate && <p class="note">{t('privateNote')}</p>}
      <button
        type="button"
        class="link"
        onClick={() => {
          api()
            .runtime.openOptionsPage()
            .then(
              () => window.close(),
              () => undefined,
            );
        }}
      >
        {t('yourFixesLink')}
      </button>
    </footer>
  );
}

/**
 * "Always open reader view on this site": asks the browser for the site's pages at the moment it is turned on
 * (shared/auto-open.ts); refused, it stays off and says so.
 */
function AutoOpenRow({ site }: { site: string }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [note, setNote] = useState('');
  const host = new URL(site).host;

  useEffect(() => {
    listAutoOpen().then(
      (sites) => setOn(sites.includes(site)),
      () => setOn(false),
    );
  }, [site]);

  const change = async (event: Event): Promise<void> => {
    const wanted = (event.currentTarget as HTMLInputElement).checked;
    setOn(null);
    try {
      if (!wanted) {
        await disableAutoOpen(site);
        setOn(false);
        setNote('');
      } else if (await enableAutoOpen(site)) {
        setOn(true);
        setNote(t('autoOpenOn', host));
      } else {
        setOn(false);
        setNote(t('autoOpenRefused', host));
      }
    } catch (error) {
      setOn(!wanted);
      setNote(t('couldntChange', errorMessage(error)));
    }
  };

  return (
    <>
      <label>
        <input
          type="checkbox"
          checked={on === true}
          disabled={on === null}
          onChange={(e) => void change(e)}
        />
        {t('alwaysOpenOn', host)}
      </label>
      {note && (
        <p class="note" role="status">
          {note}
        </p>
      )}
    </>
  );
}
