/**
 * The options page: the fixes a person made for sites (extension/shared/site-rules.ts), each to read, edit or
 * delete (and Undo, in its place in the list), and all of them to export as a file or import from one, with the
 * buttons right above the list. An import is checked whole before anything
 * is stored: a bad file gets the reason and changes nothing, and a good one says which sites' fixes it replaces
 * and adds, and waits for Import.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { parseRule, type SiteRule } from '../../src/rules/index.ts';
import { api } from '../shared/api.ts';
import { disableAutoOpen, listAutoOpen } from '../shared/auto-open.ts';
import { messagesLocale, t, tCount } from '../shared/i18n.ts';
import { disableInstant, enableInstant, instantOn } from '../shared/instant.ts';
import { forgetSite, listMemories, memoryOn, type SiteMemorySummary, setMemoryOn } from '../shared/memory.ts';
import { megabytes } from '../shared/quota.ts';
import {
  exportFixes,
  listRules,
  listUnusable,
  MAX_IMPORT_BYTES,
  parseImport,
  putBackFix,
  ruleProblem,
  type SiteFix,
  saveRule,
  storeFixes,
  type TakenFix,
  takeFix,
  type UnusableFix,
} from '../shared/site-rules.ts';

type Message = { ok: boolean; text: string } | null;

const when = new Intl.DateTimeFormat(messagesLocale(), { dateStyle: 'medium', timeStyle: 'short' });

export function Options() {
  const [fixes, setFixes] = useState<SiteFix[] | null>(null);
  const [unusable, setUnusable] = useState<UnusableFix[]>([]);
  const [message, setMessage] = useState<Message>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);

  useEffect(() => {
    const reload = () => {
      Promise.all([listRules(), listUnusable()]).then(
        ([usable, others]) => {
          setFixes(usable);
          setUnusable(others);
        },
        (error: unknown) => setMessage({ ok: false, text: t('couldntReadFixes', String(error)) }),
      );
    };
    reload();
    // A fix saved or forgotten in a reader shows here at once.
    const onChanged = (_changes: unknown, area: string) => {
      if (area === 'local') reload();
    };
    api().storage.onChanged.addListener(onChanged);
    return () => api().storage.onChanged.removeListener(onChanged);
  }, []);

  const download = () => {
    const url = URL.createObjectURL(new Blob([exportFixes(fixes ?? [])], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'lectern-fixes.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const upload = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setPending(null);
    const refuse = (why: string) => setMessage({ ok: false, text: t('importNothingWhy', file.name, why) });
    // Measured before it is read: a file this large is no export of ours, and reading it would hold it all.
    if (file.size > MAX_IMPORT_BYTES)
      return refuse(t('importTooLarge', megabytes(file.size), megabytes(MAX_IMPORT_BYTES)));
    try {
      const imported = parseImport(await file.text());
      if (!imported.ok) return refuse(imported.error);
      const stored = new Set((await listRules()).map((fix) => fix.origin));
      const origins = imported.fixes.map((fix) => fix.origin);
      setMessage(null);
      setPending({
        name: file.name,
        fixes: imported.fixes,
        replaces: origins.filter((origin) => stored.has(origin)),
        adds: origins.filter((origin) => !stored.has(origin)),
      });
    } catch (error) {
      refuse(t('importUnreadable', errorText(error)));
    }
  };

  const confirmImport = async (checked: PendingImport) => {
    setPending(null);
    try {
      const dropped = await storeFixes(checked.fixes);
      const imported = tCount('imported', checked.fixes.length, checked.name);
      const made = dropped.length > 0 ? ` ${t('importForgot', dropped.join(', '))}` : '';
      setMessage({ ok: true, text: imported + made });
    } catch (error) {
      setMessage({ ok: false, text: t('importFailed', checked.name, errorText(error)) });
    }
  };

  return (
    <main class="options">
      <h1>{t('fixesTitle')}</h1>
      <p class="intro">{t('fixesIntro')}</p>
      <div class="toolbar">
        <button type="button" onClick={download} disabled={!fixes || fixes.length === 0}>
          {t('exportFixes')}
        </button>
        <label class="button">
          {t('importFixes')}
          <input type="file" accept="application/json,.json" onChange={(e) => void upload(e)} />
        </label>
      </div>
      <p class={message?.ok === false ? 'message error' : 'message'} role="status">
        {message?.text ?? ''}
      </p>
      {pending && (
        <ImportCheck
          pending={pending}
          onImport={() => void confirmImport(pending)}
          onCancel={() => {
            setPending(null);
            setMessage({ ok: true, text: t('importNothing', pending.name) });
          }}
        />
      )}
      {fixes !== null && <FixList fixes={fixes} unusable={unusable} />}
      <InstantSwitch />
      <AutoOpenList />
      <MemoryList />
    </main>
  );
}

/** A file of fixes read and checked, waiting for the person to say it may replace what is stored. */
interface PendingImport {
  name: string;
  fixes: { origin: string; rule: SiteRule }[];
  /** The sites whose fix the file replaces, and those it adds a fix for. */
  replaces: string[];
  adds: string[];
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** What an import will change, before anything is stored: Import or Cancel. */
function ImportCheck({
  pending,
  onImport,
  onCancel,
}: {
  pending: PendingImport;
  onImport: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The question takes the focus, so the keyboard reaches Import and Cancel next.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="import-check" aria-labelledby="import-check">
      <h2 id="import-check" tabIndex={-1} ref={heading}>
        {tCount('importQuestion', pending.fixes.length, pending.name)}
      </h2>
      <OriginList label={t('importReplaces')} origins={pending.replaces} />
      <OriginList label={t('importAdds')} origins={pending.adds} />
      <div class="buttons">
        <button type="button" onClick={onImport}>
          {t('importButton')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}

function OriginList({ label, origins }: { label: string; origins: string[] }) {
  if (origins.length === 0) return null;
  return (
    <>
      <p>{label}</p>
      <ul>
        {origins.map((origin) => (
          <li key={origin}>{origin}</li>
        ))}
      </ul>
    </>
  );
}

/** What the editor shows of a fix: its selectors, when it was saved and used, and why it is not used. */
interface EditedFix {
  origin: string;
  root: string;
  remove: string[];
  add: string[];
  dates: { saved: number; used: number } | null;
  /** Why a stored fix is not used (site-rules.ts UnusableFix); null for one in use. */
  unusable: string | null;
}

const editedFix = (fix: SiteFix): EditedFix => ({
  origin: fix.origin,
  root: fix.rule.root ?? '',
  remove: fix.rule.remove,
  add: fix.rule.add ?? [],
  dates: { saved: fix.saved, used: fix.used },
  unusable: null,
});

const editedUnusable = (fix: UnusableFix): EditedFix => ({ ...fix, dates: null, unusable: fix.problem });

/**
 * The fixes, most recently used first, then those Lectern can't read; a deleted one stays in its place as a line
 * with Undo until the page is left.
 */
function FixList({ fixes, unusable }: { fixes: SiteFix[]; unusable: UnusableFix[] }) {
  const [deleted, setDeleted] = useState<Deleted[]>([]);
  /** The fix given back by Undo, which takes the focus when it shows again. */
  const [restored, setRestored] = useState<string | null>(null);
  const rows = withDeleted(
    [
      ...fixes.map((fix) => ({ origin: fix.origin, edited: editedFix(fix), key: String(fix.saved) })),
      ...unusable.map((fix) => ({ origin: fix.origin, edited: editedUnusable(fix), key: 'unusable' })),
    ],
    deleted,
  );
  if (rows.length === 0) return <p class="empty">{t('noFixes')}</p>;

  const remove = async (origin: string, key: string, at: number) => {
    const taken = await takeFix(origin);
    setDeleted((now) => [...now.filter((d) => d.taken.origin !== origin), { taken, key, at }]);
  };
  const undo = async (row: Deleted) => {
    const refused = await putBackFix(row.taken);
    if (refused !== null) return refused;
    setDeleted((now) => now.filter((d) => d !== row));
    setRestored(row.taken.origin);
    return null;
  };
  return (
    <ul class="fixes">
      {rows.map((row, at) =>
        'taken' in row ? (
          <li key={`${row.taken.origin} deleted`}>
            <DeletedFix origin={row.taken.origin} onUndo={() => undo(row)} />
          </li>
        ) : (
          <li key={`${row.origin} ${row.key}`}>
            <FixEditor
              fix={row.edited}
              focus={restored === row.origin}
              onDelete={() => remove(row.origin, row.key, at)}
            />
          </li>
        ),
      )}
    </ul>
  );
}

/** A fix deleted on this page, shown where it was in the list until the page is left, to undo. */
interface Deleted {
  taken: TakenFix;
  /** Its row's key (when it was saved), and its place in the list when it was deleted. */
  key: string;
  at: number;
}

/**
 * The list's fixes with each deleted one back at its place, as a row to undo. A fix saved for the site since
 * (a reader's Edit mode) shows instead of the line, which Undo could not put back over it.
 */
function withDeleted<T extends { origin: string; key: string }>(
  rows: readonly T[],
  deleted: readonly Deleted[],
): (T | Deleted)[] {
  const same = (row: T, d: Deleted) => row.origin === d.taken.origin && row.key === d.key;
  const newer = (d: Deleted) => rows.some((row) => row.origin === d.taken.origin && row.key !== d.key);
  const out: (T | Deleted)[] = rows.filter((row) => !deleted.some((d) => same(row, d)));
  const lines = deleted.filter((d) => !newer(d)).sort((a, b) => a.at - b.at);
  for (const d of lines) out.splice(Math.min(d.at, out.length), 0, d);
  return out;
}

/** Where a fix was: what went, and Undo (which takes the focus, so Enter undoes a Delete pressed by mistake). */
function DeletedFix({ origin, onUndo }: { origin: string; onUndo: () => Promise<string | null> }) {
  const undo = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => undo.current?.focus(), []);
  return (
    <div class="fix deleted">
      <p role="status">{t('fixDeleted', origin)}</p>
      <button
        type="button"
        ref={undo}
        onClick={() => {
          onUndo().then(
            (refused) => setProblem(refused ?? ''),
            (error: unknown) => setProblem(t('notUndone', String(error))),
          );
        }}
      >
        {t('undo')}
      </button>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function FixEditor({
  fix,
  focus,
  onDelete,
}: {
  fix: EditedFix;
  /** Given back by Undo: its heading takes the focus. */
  focus: boolean;
  onDelete: () => Promise<void>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const [root, setRoot] = useState(fix.root);
  const [remove, setRemove] = useState(fix.remove.join('\n'));
  const [add, setAdd] = useState(fix.add.join('\n'));
  const [problem, setProblem] = useState(fix.unusable === null ? '' : t('notUsed', fix.unusable));
  const id = `fix-${fix.origin.replace(/\W+/g, '-')}`;

  const save = async (event: Event) => {
    event.preventDefault();
    const lines = (text: string) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    const fields = { root: root.trim() === '' ? null : root.trim(), remove: lines(remove), add: lines(add) };
    const rule: SiteRule | null = parseRule(fields);
    if (rule === null) {
      setProblem(t('notSaved', ruleProblem(fields)));
      return;
    }
    try {
      await saveRule(fix.origin, rule);
      setProblem('');
    } catch (error) {
      setProblem(t('notSaved', errorText(error)));
    }
  };

  return (
    <form class="fix" aria-labelledby={`${id}-site`} onSubmit={(e) => void save(e)}>
      <h3 id={`${id}-site`} tabIndex={-1} ref={heading}>
        {fix.origin}
      </h3>
      {fix.dates && (
        <p class="dates">{t('fixDates', when.format(fix.dates.saved), when.format(fix.dates.used))}</p>
      )}
      <label for={`${id}-remove`}>{t('fixRemoveLabel')}</label>
      <textarea
        id={`${id}-remove`}
        rows={Math.min(8, Math.max(2, fix.remove.length + 1))}
        value={remove}
        onInput={(e) => setRemove((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <label for={`${id}-add`}>{t('fixAddLabel')}</label>
      <textarea
        id={`${id}-add`}
        rows={Math.min(8, Math.max(2, fix.add.length + 1))}
        value={add}
        onInput={(e) => setAdd((e.currentTarget as HTMLTextAreaElement).value)}
      />
      <label for={`${id}-root`}>{t('fixRootLabel')}</label>
      <input
        id={`${id}-root`}
        type="text"
        value={root}
        onInput={(e) => setRoot((e.currentTarget as HTMLInputElement).value)}
      />
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
      <div class="buttons">
        <button type="submit">{t('save')}</button>
        <button
          type="button"
          onClick={() => {
            onDelete().catch((error: unknown) => setProblem(t('notDeleted', String(error))));
          }}
        >
          {t('delete')}
        </button>
      </div>
    </form>
  );
}

/** A setting's box and its words; `on` null while it is read (the box waits, disabled). */
function Switch({
  on,
  onTurn,
  children,
}: {
  on: boolean | null;
  onTurn: (wanted: boolean) => void;
  children: ComponentChildren;
}) {
  return (
    <label class="switch">
      <input
        type="checkbox"
        checked={on === true}
        disabled={on === null}
        onChange={(event) => onTurn((event.currentTarget as HTMLInputElement).checked)}
      />{' '}
      {children}
    </label>
  );
}

/**
 * The instant reader (shared/instant.ts): off until turned on here, when the browser asks the person for access
 * to every site; turning it off gives that back.
 */
function InstantSwitch() {
  const [on, setOn] = useState<boolean | null>(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    instantOn().then(setOn, () => setOn(false));
  }, []);
  const turn = (wanted: boolean) => {
    setProblem('');
    // Straight from the click: the browser asks for the access only from a person's action.
    const done = wanted ? enableInstant() : disableInstant().then(() => false);
    done.then(
      (now) => {
        setOn(now);
        if (wanted && !now) setProblem(t('instantRefused'));
      },
      (error: unknown) => {
        setProblem(t('notChanged', errorText(error)));
        instantOn().then(setOn, () => setOn(null));
      },
    );
  };
  return (
    <section aria-labelledby="instant">
      <h2 class="section" id="instant">
        {t('instantTitle')}
      </h2>
      <p class="intro">{t('instantIntro')}</p>
      <Switch on={on} onTurn={turn}>
        {t('instantSwitch')}
      </Switch>
      {problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** The sites that open in reader view by themselves (shared/auto-open.ts), each to turn off. */
function AutoOpenList() {
  const [sites, setSites] = useState<string[] | null>(null);
  const reload = () => {
    listAutoOpen().then(setSites, () => setSites([]));
  };
  useEffect(reload, []);
  return (
    <section aria-labelledby="auto-open">
      <h2 class="section" id="auto-open">
        {t('autoOpenTitle')}
      </h2>
      {sites === null ? null : sites.length === 0 ? (
        <p class="empty">{t('autoOpenNone')}</p>
      ) : (
        <ul class="sites">
          {sites.map((site) => (
            <li key={site}>
              <span>{site}</span>
              <button type="button" onClick={() => void disableAutoOpen(site).then(reload)}>
                {t('autoOpenTurnOff', new URL(site).host)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The boilerplate memory (shared/memory.ts): on or off (off forgets every site), and the sites it learnt from,
 * each to forget. Read again whenever storage changes (a page read, a site forgotten in a reader).
 */
function MemoryList() {
  const [on, setOn] = useState<boolean | null>(null);
  const [sites, setSites] = useState<SiteMemorySummary[] | null>(null);
  useEffect(() => {
    const reload = () => {
      memoryOn().then(setOn, () => setOn(null));
      listMemories().then(setSites, () => setSites([]));
    };
    reload();
    const onChanged = (_changes: unknown, area: string) => {
      if (area === 'local') reload();
    };
    api().storage.onChanged.addListener(onChanged);
    return () => api().storage.onChanged.removeListener(onChanged);
  }, []);
  return (
    <section aria-labelledby="memory">
      <h2 class="section" id="memory">
        {t('memoryTitle')}
      </h2>
      <p class="intro">{t('memoryIntro')}</p>
      <Switch on={on} onTurn={(wanted) => void setMemoryOn(wanted)}>
        {t('memorySwitch')}
      </Switch>
      {sites === null || on === false ? null : sites.length === 0 ? (
        <p class="empty">{t('memoryNone')}</p>
      ) : (
        <ul class="sites">
          {sites.map((site) => (
            <li key={site.origin}>
              <span>
                {site.origin} · {tCount('pagesRead', site.pages)}
              </span>
              <button type="button" onClick={() => void forgetSite(site.origin)}>
                {t('forgetSite', new URL(site.origin).host)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
