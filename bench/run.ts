/**
 * npm run bench [-- options]: Lectern against Mozilla Readability and Defuddle on the corpora, in headless Chromium.
 *
 *   --corpus <path>     a corpus folder (repeatable); default ../shared/data/trafilatura-dev,
 *                       ../shared/data/readability-test-pages, ../shared/data/modern-dev and fixtures/pages
 *   --limit <n>         the first n pages of each corpus (quick runs); for the overlay timing, the first n
 *                       pages of its sample (every 8th page), so not the same pages
 *   --page <id>         one page (its id or served name): the texts, Lectern's diff with Readability's and the
 *                       verdicts; writes nothing
 *   --runs <n>          timed calls per extractor and page after the warm-up (default 3)
 *   --no-readability    leave Readability out
 *   --no-defuddle       leave Defuddle out (with --no-readability too: Lectern alone)
 *   --texts             each JSON line also carries the texts (Lectern's, Readability's, Defuddle's, the gold), for reading
 *                       what went wrong on a page beside its figures
 *   --shipped-model     score every page with the shipped model (src/score/model.json); by default a page of a
 *                       site the fit saw gets the model of the fold that left that site out (fit/folds.json)
 *   --no-overlay        skip the key press → overlay on screen timing (bench/overlay-timing.ts: headed
 *                       Chromium on Xvfb with the shipped dist/, every 8th page of each corpus)
 *   --out <dir>         where the report goes (default bench/results)
 *
 * Writes <out>/<timestamp>.md (also printed), <out>/<timestamp>-<corpus>.jsonl (one line per page) and
 * <out>/<timestamp>-overlay.jsonl (one line per overlay trial as it ends: warm, cold, floor).
 */
import { createWriteStream, mkdirSync, readFileSync, type WriteStream, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fixtureUrl, ROOT } from '../e2e/support/index.ts';
import { foldModels, readFolds } from '../fit/folds.ts';
import { gitState, JsonLines, Progress, parseFlags, runMain, stamp, UsageError, wholeNumber } from './cli.ts';
import { type Corpus, type CorpusPage, DEFAULT_CORPORA, loadCorpus } from './corpora.ts';
import { describeLectern, goldText, readScripts } from './measure.ts';
import { type OverlayTiming, overlayTiming } from './overlay-timing.ts';
import { DEFAULT_RUNS, PAGE_TIMEOUT_MS, type PageRunOptions, runPage } from './page-run.ts';
import { pageView } from './page-view.ts';
import { markdownReport, type RunInfo } from './report.ts';
import { benchContext, launchBrowser, startServer } from './serve.ts';
import { type BundleSize, bundleSizes } from './sizes.ts';
import { type CorpusSummary, type PageRecord, quickF1, summarizeCorpus } from './summary.ts';

const USAGE = `usage: npm run bench -- [--corpus <path>]… [--limit <n>] [--page <id>] [--runs <n>] [--no-readability] [--no-defuddle] [--no-overlay] [--texts] [--shipped-model] [--out <dir>]`;

interface Options {
  corpora: string[];
  limit: number | null;
  page: string | null;
  runs: number;
  readability: boolean;
  defuddle: boolean;
  overlay: boolean;
  texts: boolean;
  shippedModel: boolean;
  out: string;
}

const FLAGS = {
  corpus: { type: 'string', multiple: true },
  limit: { type: 'string' },
  page: { type: 'string' },
  runs: { type: 'string' },
  'no-readability': { type: 'boolean' },
  'no-defuddle': { type: 'boolean' },
  'no-overlay': { type: 'boolean' },
  texts: { type: 'boolean' },
  'shipped-model': { type: 'boolean' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function options(argv: string[]): Options {
  const { values } = parseFlags(argv, FLAGS, USAGE);
  return {
    // Relative corpus paths are taken from where the command runs; the defaults from the repo root.
    corpora: values.corpus?.map((dir) => path.resolve(dir)) ?? DEFAULT_CORPORA,
    limit: wholeNumber('limit', values.limit, 1) ?? null,
    page: values.page ?? null,
    runs: wholeNumber('runs', values.runs, 1) ?? DEFAULT_RUNS,
    readability: !values['no-readability'],
    defuddle: !values['no-defuddle'],
    overlay: !values['no-overlay'],
    texts: values.texts === true,
    shippedModel: values['shipped-model'] === true,
    out: path.resolve(values.out ?? path.join(ROOT, 'bench', 'results')),
  };
}

/** The installed version of a package whose entry is `entryDepth` folders below its package.json. */
function packageVersion(name: string, entryDepth: number): string {
  const require = createRequire(import.meta.url);
  const file = path.join(
    path.dirname(require.resolve(name)),
    ...Array(entryDepth).fill('..'),
    'package.json',
  );
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function fmt(value: number | null): string {
  return value === null ? '–' : value.toFixed(3);
}

/** The page's URL: fixtures at https://news.test/<slug>/ (as e2e serves them), the rest on our server. */
type Registered = CorpusPage & { url: string };

async function main(argv: string[]): Promise<number> {
  const opts = options(argv);
  const corpora: Corpus[] = opts.corpora.map(loadCorpus);
  const started = new Date();
  const scripts = await readScripts(opts.readability, undefined, opts.defuddle);
  const runOptions: PageRunOptions = {
    runs: opts.runs,
    readability: opts.readability,
    defuddle: opts.defuddle,
    timeoutMs: PAGE_TIMEOUT_MS,
  };
  const progress = new Progress();
  const folds = opts.shippedModel ? null : readFolds();
  const modelFor = (page: CorpusPage): Pick<PageRunOptions, 'model' | 'pageModel' | 'listingModel'> =>
    foldModels(folds, page);

  let focus: { corpus: Corpus; page: CorpusPage } | null = null;
  if (opts.page !== null) {
    const matches = corpora.flatMap((corpus) =>
      corpus.pages
        .filter((page) => page.id === opts.page || page.slug === opts.page)
        .map((page) => ({ corpus, page })),
    );
    if (matches.length === 0)
      throw new UsageError(`no page "${opts.page}" in ${corpora.map((c) => c.name).join(', ')}`);
    if (matches.length > 1) {
      throw new UsageError(
        `"${opts.page}" is in ${matches.map((m) => m.corpus.name).join(' and ')}: pass --corpus`,
      );
    }
    focus = matches[0] ?? null;
  }

  const runStamp = stamp(started);
  let sizes: BundleSize[] | null = null;
  let overlay: OverlayTiming | null = null;
  if (!focus) {
    try {
      sizes = bundleSizes();
    } catch (error) {
      process.stderr.write(`bundle sizes skipped: ${error instanceof Error ? error.message : error}\n`);
    }
    if (opts.overlay) {
      const trials = new JsonLines(path.join(opts.out, `${runStamp}-overlay.jsonl`));
      try {
        // First, and in a browser of its own, so it never overlaps the extraction timings.
        overlay = await overlayTiming({
          corpora,
          ...(opts.limit !== null ? { limit: opts.limit } : {}),
          onProgress: (text) => progress.update(text, true),
          onTrial: (trial) => trials.write(trial),
        });
      } catch (error) {
        process.stderr.write(`\noverlay timing skipped: ${error instanceof Error ? error.message : error}\n`);
      } finally {
        await trials.close();
      }
    }
  }

  const server = await startServer();
  const browser = await launchBrowser();
  const summaries: CorpusSummary[] = [];
  const problems: PageRecord[] = [];
  const skipped: string[] = [];
  try {
    // Gold texts are parsed in the spare tab, so a page that fails to load keeps its gold.
    const { context, routing, spare: parser } = await benchContext(browser, server.origin);
    const register = (corpus: Corpus, page: CorpusPage): Registered => ({
      ...page,
      url:
        corpus.origin === 'fixtures' ? fixtureUrl(page.slug) : server.add(corpus.name, page.slug, page.file),
    });
    const gold = async (page: CorpusPage): Promise<string | null> => {
      if (page.gold.kind === 'snippets') return null;
      if (page.gold.kind === 'plain') return page.gold.text;
      return page.gold.html === null ? '' : goldText(parser, page.gold.html);
    };

    if (focus) {
      const target = register(focus.corpus, focus.page);
      const outcome = await runPage(
        context,
        routing,
        scripts,
        focus.corpus.name,
        { ...target, goldText: await gold(target) },
        { ...runOptions, ...modelFor(target) },
      );
      process.stdout.write(pageView(focus.page, outcome, process.stdout.isTTY === true));
      return 0;
    }

    mkdirSync(opts.out, { recursive: true });
    for (const corpus of corpora) {
      skipped.push(...corpus.skipped.map((why) => `${corpus.name} ${why}`));
      const pages = corpus.pages.slice(0, opts.limit ?? undefined).map((page) => register(corpus, page));
      const jsonl: WriteStream = createWriteStream(path.join(opts.out, `${runStamp}-${corpus.name}.jsonl`));
      const records: PageRecord[] = [];
      try {
        for (const [index, page] of pages.entries()) {
          const running =
            `F1 Lectern ${fmt(quickF1(records, corpus.kind, 'lectern'))}` +
            (opts.readability ? ` Readability ${fmt(quickF1(records, corpus.kind, 'readability'))}` : '') +
            (opts.defuddle ? ` Defuddle ${fmt(quickF1(records, corpus.kind, 'defuddle'))}` : '');
          progress.update(`${corpus.name} ${index + 1}/${pages.length} ${running} ${page.id}`);
          const { record, texts } = await runPage(
            context,
            routing,
            scripts,
            corpus.name,
            { ...page, goldText: await gold(page) },
            { ...runOptions, turn: index, ...modelFor(page) },
          );
          records.push(record);
          jsonl.write(`${JSON.stringify(opts.texts ? { ...record, texts } : record)}\n`);
        }
      } finally {
        await new Promise<void>((resolve) => jsonl.end(resolve));
      }
      progress.done();
      const summary = summarizeCorpus(corpus.name, corpus.kind, records);
      summaries.push(summary);
      problems.push(
        ...records.filter(
          (r) =>
            r.loadError ||
            r.lectern.error ||
            r.readability?.error ||
            r.defuddle?.error ||
            r.blockedNavigations.length,
        ),
      );
      process.stderr.write(
        `${corpus.name}: ${records.length} pages, F1 Lectern ${fmt(summary.lectern.f1)}` +
          (summary.readability ? `, Readability ${fmt(summary.readability.f1)}` : '') +
          (summary.defuddle ? `, Defuddle ${fmt(summary.defuddle.f1)}` : '') +
          '\n',
      );
    }
    const info: RunInfo = {
      started,
      runtimeSeconds: (Date.now() - started.getTime()) / 1000,
      command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
      git: gitState(),
      lecternJs: describeLectern(scripts),
      readability: opts.readability ? packageVersion('@mozilla/readability', 0) : null,
      // Its main entry is dist/index.js.
      defuddle: opts.defuddle ? packageVersion('defuddle', 1) : null,
      chromium: `Chromium ${browser.version()}`,
      runs: opts.runs,
      limit: opts.limit,
      model: folds
        ? `out of fold: a page of a site the fit saw is scored by the model fitted without that site (fit/folds.json, ${folds.folds} folds); other pages by the shipped model`
        : 'the shipped model (src/score/model.json) on every page',
    };
    const report = markdownReport({ info, corpora: summaries, problems, skipped, sizes, overlay });
    const file = path.join(opts.out, `${runStamp}.md`);
    writeFileSync(file, report);
    process.stdout.write(
      `${report}\nWritten: ${path.relative(process.cwd(), file)} and ${runStamp}-<corpus>.jsonl beside it\n`,
    );
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

runMain('bench', main);
