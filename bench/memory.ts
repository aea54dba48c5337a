/**
 * npm run bench:memory [-- options]: what boilerplate memory (src/template/index.ts) gains on the later pages
 * of a site. Each site's pages are read in order, each twice in the same tab: without memory, and with the
 * template the site's earlier pages give (`templateFor`); then the page is remembered (`remember`, with the
 * fingerprints of the reading without memory: the walk is the same). Only the third page of a site on can
 * change, since a segment is template once two OTHER pages showed it.
 *
 *   --source <dev|generated>  one source only (repeatable); default both:
 *                             dev: modern-dev's sites with two pages or more (pages grouped by the host of
 *                             their URL, in gold.json order);
 *                             generated: bench/templated.ts's sites (12 × 6 pages, fixed seed)
 *   --shipped-model           score every page with the shipped model; by default a modern-dev page of a site
 *                             the fit saw gets the out-of-fold models, as in npm run bench (generated pages
 *                             always get the shipped ones: the fit never saw their sites)
 *   --out <dir>               also write <dir>/<timestamp>-memory.md and -memory.json (every page's figures,
 *                             and both texts of the pages that changed), and keep the generated pages in
 *                             <dir>/<timestamp>-templated/
 *
 * Uses dist-extractor/lectern.js as it is (npx vite build -c vite.extractor.config.ts builds it).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type FoldsFile, foldModels, readFolds } from '../fit/folds.ts';
import type { Model } from '../src/score/model.ts';
import { remember, type SiteMemory, templateFor } from '../src/template/index.ts';
import { gitState, Progress, parseFlags, runMain, stamp, UsageError } from './cli.ts';
import { loadCorpus, SHARED_DATA } from './corpora.ts';
import { describeLectern, errorText, readScripts, type Scripts, withTimeout } from './measure.ts';
import { bootstrapHalfWidth, harmonic, overlap, type PageOverlap, scoreText } from './metric.ts';
import { openPage, PAGE_TIMEOUT_MS } from './page-run.ts';
import { benchContext, launchBrowser, type PageServer, startServer } from './serve.ts';
import { PAGE_TYPE_GROUPS } from './summary.ts';
import { articlesFrom, generateSites, TEMPLATED_SEED } from './templated.ts';

const USAGE = 'usage: npm run bench:memory -- [--source dev|generated]… [--shipped-model] [--out <dir>]';

const FLAGS = {
  source: { type: 'string', multiple: true },
  'shipped-model': { type: 'boolean' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Source = 'modern-dev' | 'generated';

interface Options {
  sources: Source[];
  shippedModel: boolean;
  out: string | null;
}

function options(argv: string[]): Options {
  const { values } = parseFlags(argv, FLAGS, USAGE);
  const names = values.source ?? ['dev', 'generated'];
  const sources = names.map((name): Source => {
    if (name === 'dev' || name === 'modern-dev') return 'modern-dev';
    if (name === 'generated') return 'generated';
    throw new UsageError(`--source is dev or generated, not "${name}"\n${USAGE}`);
  });
  return {
    sources: [...new Set(sources)],
    shippedModel: values['shipped-model'] === true,
    out: values.out === undefined ? null : path.resolve(values.out),
  };
}

const MODERN_DEV = path.join(SHARED_DATA, 'modern-dev');

/** One page of a site's sequence, ready to load. */
interface SequencePage {
  source: Source;
  site: string;
  /** 1-based place in the site's sequence. */
  position: number;
  id: string;
  /** The page's own address: what the memory is told (the served URL is another). */
  url: string;
  pageType: string;
  /** Where the bench serves it. */
  served: string;
  gold: string;
  models: { model?: Model; pageModel?: Model; listingModel?: Model };
}

/** One reading of a page, as the page gave it. */
interface Reading {
  text: string | null;
  fingerprints: number[] | null;
  /** diagnostics.template: the segments the memory set aside (null: no article). */
  setAside: number | null;
  method: string | null;
  /** Article['kind']: article, thread, listing … */
  kind: string | null;
}

interface InPage {
  without: Reading;
  with: Reading;
  /** The fingerprints of a forced reading, when the reading without memory found no article. */
  forced: number[] | null;
  /**
   * When the reading with memory found no article and the other did: the same reading forced ("Show anyway"),
   * to say how many segments the memory set aside and what the page was taken for.
   */
  forcedWith: Reading | null;
}

interface ReadingRecord {
  chars: number | null;
  overlap: PageOverlap;
  f1: number;
  setAside: number | null;
  method: string | null;
  kind: string | null;
}

export interface MemoryRecord {
  source: Source;
  site: string;
  position: number;
  id: string;
  url: string;
  pageType: string;
  /** How many fingerprints the memory gave as the site's template for this page. */
  templateSize: number;
  /** How many fingerprints the page gave the memory (null: none, the page was not remembered). */
  fingerprints: number | null;
  /** Where they came from: the reading without memory, or a forced one when that found no article. */
  fingerprintsFrom: 'reading' | 'forced' | null;
  /** The two readings walked different segments (they should not: the walk comes before any score). */
  fingerprintsDiffer: boolean;
  without: ReadingRecord;
  with: ReadingRecord;
  /** The reading with memory forced, where it found no article and the reading without memory did. */
  forcedWith: { setAside: number | null; method: string | null; kind: string | null } | null;
  changed: boolean;
  error: string | null;
  /** Both texts, for the pages whose text changed. */
  texts?: { without: string | null; with: string | null };
}

/** A page's own F1: 1 when there is no gold and no text, 0 when one of them is missing. */
function pageF1(o: PageOverlap): number {
  if (o.precision === null && o.recall === null) return 1;
  return harmonic(o.precision ?? 0, o.recall ?? 0) ?? 0;
}

function readingRecord(reading: Reading, gold: string): ReadingRecord {
  const o = overlap(reading.text, gold);
  return {
    chars: reading.text === null ? null : reading.text.length,
    overlap: o,
    f1: pageF1(o),
    setAside: reading.setAside,
    method: reading.method,
    kind: reading.kind,
  };
}

const NONE: Reading = { text: null, fingerprints: null, setAside: null, method: null, kind: null };

/** The two readings of the page open in `page` (Lectern already defined in it), and the forced one if needed. */
async function readTwice(
  page: Page,
  models: SequencePage['models'],
  template: readonly number[],
): Promise<InPage> {
  return withTimeout(
    page.evaluate(
      ({ models, template }): InPage => {
        const read = (options: object): Reading => {
          const article = globalThis.Lectern.extract(document, options);
          if (article === null)
            return { text: null, fingerprints: null, setAside: null, method: null, kind: null };
          const d = article.diagnostics;
          return {
            text: article.text,
            fingerprints: d.fingerprints,
            setAside: d.template,
            method: d.method,
            kind: article.kind,
          };
        };
        const without = read(models);
        const withMemory = read({ ...models, template });
        // No article, so no fingerprints: the forced reading ("Show anyway") walks the same page.
        const forced =
          without.fingerprints === null
            ? (globalThis.Lectern.extract(document, { ...models, force: true })?.diagnostics.fingerprints ??
              null)
            : null;
        const forcedWith =
          withMemory.text === null && without.text !== null
            ? read({ ...models, template, force: true })
            : null;
        return { without, with: withMemory, forced, forcedWith: forcedWith && { ...forcedWith, text: null } };
      },
      { models, template: [...template] },
    ),
    PAGE_TIMEOUT_MS,
    'lectern',
  );
}

const sameList = (a: readonly number[] | null, b: readonly number[] | null): boolean =>
  a === null || b === null || (a.length === b.length && a.every((x, i) => x === b[i]));

/** Reads one site's pages in order with a memory of its own. */
async function runSite(
  pages: readonly SequencePage[],
  load: (page: SequencePage) => Promise<Page>,
  onPage: (page: SequencePage) => void,
): Promise<MemoryRecord[]> {
  let memory: SiteMemory | null = null;
  const records: MemoryRecord[] = [];
  for (const target of pages) {
    onPage(target);
    const template = templateFor(memory, target.url);
    let result: InPage = { without: NONE, with: NONE, forced: null, forcedWith: null };
    let error: string | null = null;
    let tab: Page | null = null;
    try {
      tab = await load(target);
      result = await readTwice(tab, target.models, template);
    } catch (e) {
      error = errorText(e);
    } finally {
      await tab?.close();
    }
    const fingerprints = result.without.fingerprints ?? result.forced;
    // A page that did not load was never read: the memory hears nothing of it.
    if (fingerprints !== null) memory = remember(memory, target.url, fingerprints);
    const without = readingRecord(result.without, target.gold);
    const withMemory = readingRecord(result.with, target.gold);
    const changed = result.without.text !== result.with.text;
    records.push({
      source: target.source,
      site: target.site,
      position: target.position,
      id: target.id,
      url: target.url,
      pageType: target.pageType,
      templateSize: template.length,
      fingerprints: fingerprints?.length ?? null,
      fingerprintsFrom: result.without.fingerprints ? 'reading' : result.forced ? 'forced' : null,
      fingerprintsDiffer: !sameList(result.without.fingerprints, result.with.fingerprints),
      without,
      with: withMemory,
      forcedWith: result.forcedWith && {
        setAside: result.forcedWith.setAside,
        method: result.forcedWith.method,
        kind: result.forcedWith.kind,
      },
      changed,
      error,
      ...(changed ? { texts: { without: result.without.text, with: result.with.text } } : {}),
    });
  }
  return records;
}

/** modern-dev's sites with two pages or more, by the host of their URL, each in gold.json order. */
function devSequences(server: PageServer, folds: FoldsFile | null, notes: string[]): SequencePage[][] {
  const corpus = loadCorpus(MODERN_DEV);
  const bySite = new Map<string, typeof corpus.pages>();
  const hostless: string[] = [];
  for (const page of corpus.pages) {
    let host: string;
    try {
      host = new URL(page.sourceUrl ?? '').host;
    } catch {
      // No site to group it with (0701's url is "/bigquery").
      hostless.push(`\`${page.id}\` (${JSON.stringify(page.sourceUrl ?? null)})`);
      continue;
    }
    bySite.set(host, [...(bySite.get(host) ?? []), page]);
  }
  if (hostless.length > 0)
    notes.push(`modern-dev pages left out, their URL has no host: ${hostless.join(', ')}.`);
  return [...bySite]
    .filter(([, pages]) => pages.length >= 2)
    .map(([site, pages]) =>
      pages.map((page, i) => ({
        source: 'modern-dev' as const,
        site,
        position: i + 1,
        id: page.id,
        url: page.sourceUrl ?? page.id,
        pageType: page.pageType ?? '(none)',
        served: server.add(corpus.name, page.slug, page.file),
        gold: page.gold.kind === 'plain' ? page.gold.text : '',
        models: foldModels(folds, page),
      })),
    );
}

/** bench/templated.ts's sites, their pages written into `dir` and served from there. */
function generatedSequences(server: PageServer, dir: string): SequencePage[][] {
  const gold = JSON.parse(readFileSync(path.join(MODERN_DEV, 'gold.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  mkdirSync(dir, { recursive: true });
  return generateSites(articlesFrom(gold), { seed: TEMPLATED_SEED }).map((site) =>
    site.pages.map((page) => {
      const file = path.join(dir, `${page.id}.html`);
      writeFileSync(file, page.html);
      return {
        source: 'generated' as const,
        site: site.host,
        position: page.position,
        id: page.id,
        url: page.url,
        pageType: 'article',
        served: server.add('templated', page.id, file),
        gold: page.gold,
        models: {},
      };
    }),
  );
}

// ---- the report -------------------------------------------------------------------------------------------

const POSITIONS: readonly { label: string; test: (position: number) => boolean }[] = [
  { label: 'page 1', test: (p) => p === 1 },
  { label: 'page 2', test: (p) => p === 2 },
  { label: 'pages 3+', test: (p) => p >= 3 },
];

/** A page is better or worse when its F1 moved by more than this (half the last digit the report prints). */
const EPSILON = 0.0005;

export interface MemoryRow {
  source: string;
  group: string;
  /** A part of the group above it (listing, collection under listing + collection). */
  part: boolean;
  position: string;
  pages: number;
  without: { precision: number | null; recall: number | null; f1: number | null };
  with: { precision: number | null; recall: number | null; f1: number | null };
  delta: number | null;
  /** Half-width of the 95% paired bootstrap interval of delta (1000 page resamples, seed 1). */
  deltaHalfWidth: number | null;
  changed: number;
  better: number;
  worse: number;
  /** Mean diagnostics.template over the pages read with an article; null when none. */
  meanSetAside: number | null;
  meanTemplateSize: number | null;
}

const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;

function scores(records: readonly MemoryRecord[], which: 'without' | 'with') {
  const s = scoreText(records.map((r) => r[which].overlap));
  return { precision: s.precision, recall: s.recall, f1: s.f1 };
}

function memoryRow(
  source: string,
  group: string,
  part: boolean,
  position: string,
  records: readonly MemoryRecord[],
): MemoryRow {
  const without = scores(records, 'without');
  const withMemory = scores(records, 'with');
  const delta = (sample: readonly MemoryRecord[]): number | null => {
    const a = scores(sample, 'with').f1;
    const b = scores(sample, 'without').f1;
    return a === null || b === null ? null : a - b;
  };
  const setAside = records.flatMap((r) => (r.with.setAside === null ? [] : [r.with.setAside]));
  return {
    source,
    group,
    part,
    position,
    pages: records.length,
    without,
    with: withMemory,
    delta: delta(records),
    deltaHalfWidth: bootstrapHalfWidth(records, delta, { rounds: 1000, seed: 1, level: 0.95 }),
    changed: records.filter((r) => r.changed).length,
    better: records.filter((r) => r.with.f1 > r.without.f1 + EPSILON).length,
    worse: records.filter((r) => r.with.f1 < r.without.f1 - EPSILON).length,
    meanSetAside: mean(setAside),
    meanTemplateSize: mean(records.map((r) => r.templateSize)),
  };
}

/** Per source: its groups of page types (modern-dev: as the main report groups them, then 'all') × positions. */
export function memoryRows(records: readonly MemoryRecord[]): MemoryRow[] {
  const rows: MemoryRow[] = [];
  const sources = [...new Set(records.map((r) => r.source))];
  for (const source of sources) {
    const mine = records.filter((r) => r.source === source);
    const groups: { label: string; types: readonly string[] | null; part: boolean }[] = [];
    if (source === 'modern-dev') {
      for (const g of PAGE_TYPE_GROUPS)
        groups.push({ label: g.label, types: g.types, part: g.part === true });
      const known = new Set(PAGE_TYPE_GROUPS.flatMap((g) => g.types));
      for (const type of [...new Set(mine.map((r) => r.pageType))].filter((t) => !known.has(t)).sort())
        groups.push({ label: type, types: [type], part: false });
    }
    groups.push({ label: 'all', types: null, part: false });
    for (const group of groups) {
      const members = group.types ? mine.filter((r) => group.types?.includes(r.pageType)) : mine;
      if (members.length === 0) continue;
      for (const position of POSITIONS) {
        const at = members.filter((r) => position.test(r.position));
        if (at.length > 0) rows.push(memoryRow(source, group.label, group.part, position.label, at));
      }
    }
  }
  return rows;
}

const DASH = '–';
const num = (value: number | null | undefined, digits = 3): string =>
  value === null || value === undefined || Number.isNaN(value) ? DASH : value.toFixed(digits);
const signed = (value: number | null): string =>
  value === null ? DASH : `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(3)}`;
const both = (a: number | null, b: number | null): string => `${num(a)} / ${num(b)}`;

export interface MemoryRunInfo {
  started: Date;
  runtimeSeconds: number;
  command: string;
  git: string;
  lecternJs: string;
  chromium: string;
  model: string;
  sites: { source: Source; sites: number; pages: number }[];
  /** What the run left out or could not do, for the report's notes. */
  notes: string[];
}

export function memoryReport(info: MemoryRunInfo, records: readonly MemoryRecord[]): string {
  const lines: string[] = [];
  lines.push(`# Lectern boilerplate memory, ${info.started.toISOString().replace(/\.\d+Z$/, 'Z')}`, '');
  lines.push(
    `- \`${info.command}\`, ${info.runtimeSeconds.toFixed(0)} s`,
    `- git ${info.git}; lectern.js ${info.lecternJs}; ${info.chromium}`,
    `- Lectern's segment model: ${info.model}.`,
    `- Sequences: ${info.sites.map((s) => `${s.source} ${s.sites} sites, ${s.pages} pages`).join('; ')}. Each site's pages in order, each read twice in one tab: without memory, and with \`template: templateFor(memory, url)\`; then \`memory = remember(memory, url, fingerprints)\` (the reading without memory's; a forced reading's when it found no article). A segment is template once 2 other pages showed it, so pages 1 and 2 cannot change.`,
    "- Scoring as `npm run bench`: lower-cased Unicode word tokens, 4-token shingle multisets; P averaged over pages with output, R over pages with gold, F1 of the two means. Δ = F1 with − without, ± = half-width of the 95% paired bootstrap interval (1000 page resamples). changed: the text differs; better / worse: the page's own F1 went up / down by more than 0.0005. set aside: mean `diagnostics.template` (what the memory set aside, as src/types.ts counts it) over the pages read with memory that found an article; template: mean fingerprints the memory offered (`templateFor`).",
    '',
  );
  lines.push(
    '| source | pages of | position | pages | P without / with | R without / with | F1 without | F1 with | Δ F1 ± 95% | changed / better / worse | set aside | template |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  let last = '';
  for (const row of memoryRows(records)) {
    const key = `${row.source} ${row.group}`;
    const delta = row.delta === null ? DASH : `${signed(row.delta)} ± ${num(row.deltaHalfWidth)}`;
    lines.push(
      `| ${key === last ? '' : row.source} | ${key === last ? '' : `${row.part ? '· ' : ''}${row.group}`} | ${row.position} | ${row.pages} | ${both(row.without.precision, row.with.precision)} | ${both(row.without.recall, row.with.recall)} | ${num(row.without.f1)} | ${num(row.with.f1)} | ${delta} | ${row.changed} / ${row.better} / ${row.worse} | ${num(row.meanSetAside, 1)} | ${num(row.meanTemplateSize, 0)} |`,
    );
    last = key;
  }
  lines.push('');
  const worse = records.filter((r) => r.with.f1 < r.without.f1 - EPSILON);
  const reading = (r: ReadingRecord) => (r.method === null ? 'null' : `${r.method}/${r.kind}`);
  const pageLine = (r: MemoryRecord) => {
    const forced = r.forcedWith
      ? `, forced: ${r.forcedWith.method}/${r.forcedWith.kind} with ${r.forcedWith.setAside} segments set aside`
      : '';
    const setAside = r.with.setAside === null ? '' : `${r.with.setAside} segments set aside, `;
    return (
      `- ${r.source} \`${r.id}\` (${r.pageType}; ${r.site}, page ${r.position}) ${r.url}: F1 ${num(r.without.f1)} → ${num(r.with.f1)} ` +
      `(P ${num(r.without.overlap.precision)} → ${num(r.with.overlap.precision)}, R ${num(r.without.overlap.recall)} → ${num(r.with.overlap.recall)}; ` +
      `${setAside}${r.templateSize} fingerprints offered; read as ${reading(r.without)} → ${reading(r.with)}${forced})`
    );
  };
  lines.push(`Pages that got worse with memory (${worse.length}):`, '');
  lines.push(...(worse.length > 0 ? worse.map(pageLine) : ['- none']), '');
  // The generated pages that got better are most of them: the JSON lists them.
  const better = records.filter((r) => r.with.f1 > r.without.f1 + EPSILON && r.source !== 'generated');
  if (records.some((r) => r.source !== 'generated')) {
    lines.push(`Pages of real sites that got better (${better.length}):`, '');
    lines.push(...(better.length > 0 ? better.map(pageLine) : ['- none']), '');
  }
  const notes: string[] = [...info.notes];
  const errors = records.filter((r) => r.error !== null);
  if (errors.length > 0)
    notes.push(
      `Pages that failed (no text either way, not remembered): ${errors.map((r) => `${r.source} \`${r.id}\` (${r.error})`).join('; ')}.`,
    );
  const forced = records.filter((r) => r.fingerprintsFrom === 'forced');
  if (forced.length > 0)
    notes.push(
      `No article without memory, fingerprints from a forced reading: ${forced.map((r) => `${r.source} \`${r.id}\``).join(', ')}.`,
    );
  const none = records.filter((r) => r.fingerprintsFrom === null && r.error === null);
  if (none.length > 0)
    notes.push(`No fingerprints even forced (not remembered): ${none.map((r) => `\`${r.id}\``).join(', ')}.`);
  const differ = records.filter((r) => r.fingerprintsDiffer);
  if (differ.length > 0)
    notes.push(
      `The two readings walked different segments on: ${differ.map((r) => `${r.source} \`${r.id}\``).join(', ')}.`,
    );
  const shared = new Map<string, string[]>();
  for (const r of records) {
    const key = `${r.source} ${r.url}`;
    shared.set(key, [...(shared.get(key) ?? []), r.id]);
  }
  const same = [...shared.values()].filter((ids) => ids.length > 1);
  if (same.length > 0)
    notes.push(
      `Pages with the same URL (the memory counts them as one page, the later reading replacing the earlier): ${same.map((ids) => ids.join(' = ')).join(', ')}.`,
    );
  if (notes.length > 0) lines.push('Notes:', '', ...notes.map((note) => `- ${note}`), '');
  return `${lines.join('\n')}`;
}

// ---- main -------------------------------------------------------------------------------------------------

async function main(argv: string[]): Promise<number> {
  const opts = options(argv);
  const started = new Date();
  const runStamp = stamp(started);
  const scripts: Scripts = await readScripts(false);
  const folds = opts.shippedModel ? null : readFolds();
  const progress = new Progress();
  const pagesDir = opts.out
    ? path.join(opts.out, `${runStamp}-templated`)
    : mkdtempSync(path.join(tmpdir(), 'lectern-templated-'));
  const server = await startServer();
  const browser = await launchBrowser();
  const records: MemoryRecord[] = [];
  const sites: MemoryRunInfo['sites'] = [];
  const notes: string[] = [];
  try {
    const { context, routing } = await benchContext(browser, server.origin);
    const load = (page: SequencePage) => openPage(context, routing, page.served, scripts);
    for (const source of opts.sources) {
      const sequences =
        source === 'modern-dev' ? devSequences(server, folds, notes) : generatedSequences(server, pagesDir);
      const total = sequences.reduce((n, pages) => n + pages.length, 0);
      sites.push({ source, sites: sequences.length, pages: total });
      let done = 0;
      for (const pages of sequences) {
        records.push(
          ...(await runSite(pages, load, (page) => {
            done++;
            progress.update(`${source} ${done}/${total} ${page.site} page ${page.position} ${page.id}`);
          })),
        );
      }
      progress.done();
    }
    const info: MemoryRunInfo = {
      started,
      runtimeSeconds: (Date.now() - started.getTime()) / 1000,
      command: `npx tsx bench/memory.ts${argv.length ? ` ${argv.join(' ')}` : ''}`,
      git: gitState(),
      lecternJs: describeLectern(scripts),
      chromium: `Chromium ${browser.version()}`,
      model: folds
        ? `out of fold on modern-dev pages of a site the fit saw (fit/folds.json, ${folds.folds} folds); the shipped model on the rest, and on every generated page`
        : 'the shipped model (src/score/model.json) on every page',
      sites,
      notes,
    };
    const report = memoryReport(info, records);
    process.stdout.write(report);
    if (opts.out) {
      mkdirSync(opts.out, { recursive: true });
      const md = path.join(opts.out, `${runStamp}-memory.md`);
      const json = path.join(opts.out, `${runStamp}-memory.json`);
      writeFileSync(md, report);
      writeFileSync(
        json,
        `${JSON.stringify({ info, rows: memoryRows(records), pages: records }, null, 1)}\n`,
      );
      process.stdout.write(
        `\nWritten: ${path.relative(process.cwd(), md)}, ${path.basename(json)} and the generated pages in ${path.basename(pagesDir)}/ beside them\n`,
      );
    }
    return 0;
  } finally {
    await browser.close();
    await server.close();
    if (!opts.out) rmSync(pagesDir, { recursive: true, force: true });
  }
}

runMain('bench:memory', main);
