import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Tabs } from 'webextension-polyfill';
import { copyMessage, couldNot, formatKind, saveMessage } from '../reader/format.ts';
import { api } from '../shared/api.ts';
import { disableAutoOpen, enableAutoOpen, listAutoOpen } from '../shared/auto-open.ts';
import { writeClipboard } from '../shared/clipboard.ts';
import { type ExportRequest, type ExportWords, runExport } from '../shared/export.ts';
import { COPY, COPY_FORMATS, SAVE, SAVE_FORMATS } from '../shared/formats.ts';
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

const count = new Intl.NumberFormat();

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
          <p class="muted">Looking for the article…</p>
        </section>
      );
    case 'restricted':
      return <Restricted reason={state.reason} />;
    case 'failed':
      return (
        <section class="status" role="alert">
          <h1>Reader view couldn’t start</h1>
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
          Show anyway
        </button>
      </div>
    </section>
  );
}

const WHY: Record<RestrictedReason, string> = {
  'browser-page': 'Browser pages don’t allow extensions to read them.',
  'web-store': 'The browser’s add-on store doesn’t allow extensions to read its pages.',
  pdf: 'PDFs open in the browser’s own viewer, which doesn’t allow extensions.',
  'no-page': 'There is no web page in this tab.',
};

function Restricted({ reason }: { reason: RestrictedReason | null }) {
  return (
    <section class="status">
      <h1>Reader view isn’t available on this page</h1>
      <p class="muted">
        {reason ? WHY[reason] : 'Browser pages, the Web Store and the PDF viewer don’t allow extensions.'}
      </p>
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
    return action === 'copy' ? `${said}. Allow clipboard access for Lectern and try again.` : said;
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
        setStatus(`Couldn’t ${readerOpen ? 'close' : 'open'} the reader: ${errorMessage(error)}`);
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
        <span>{summary.readingMinutes} min read</span>
        <span aria-hidden="true"> · </span>
        <span>{count.format(summary.wordCount)} words</span>
      </p>
      {summary.start && <p class="excerpt">{firstLines(summary.start)}</p>}
      <div class="actions">
        <button type="button" class="primary" ref={openButton} onClick={open} disabled={busy}>
          {readerOpen ? 'Close reader view' : 'Open reader view'}
        </button>
        <ActionRow name="Copy">
          {COPY_FORMATS.map((format) => (
            <button key={format} type="button" onClick={() => void run({ action: 'copy', format })}>
              <span class="hidden">Copy </span>
              {COPY[format].short}
            </button>
          ))}
        </ActionRow>
        <ActionRow name="Save">
          {SAVE_FORMATS.map((format) => (
            <button key={format} type="button" onClick={() => void run({ action: 'save', format })}>
              <span class="hidden">Save </span>
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
        Toolbar button opens reader view directly
      </label>
      {site && !inPrivate && <AutoOpenRow site={site} />}
      {site && inPrivate && (
        <p class="note">In a private window Lectern keeps nothing of the sites you read.</p>
      )}
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
        Your fixes for sites…
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
        setNote(`Pages of ${host} with an article will open in reader view.`);
      } else {
        setOn(false);
        setNote(`Lectern wasn’t allowed to read ${host}’s pages by itself, so nothing changed.`);
      }
    } catch (error) {
      setOn(!wanted);
      setNote(`Couldn’t change that: ${errorMessage(error)}`);
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
        Always open reader view on {host}
      </label>
      {note && (
        <p class="note" role="status">
          {note}
        </p>
      )}
    </>
  );
}
