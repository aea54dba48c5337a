/**
 * npx tsx bench/overlay.ts [options]: the key press → overlay on screen timing alone (bench/overlay-timing.ts).
 *
 *   --corpus <path>   a corpus folder (repeatable); default the dev corpora (trafilatura-dev,
 *                     readability-test-pages, modern-dev) and fixtures/pages
 *   --sample <k>      every k-th page of each corpus from the first (default 8), and every long page (5,000+
 *                     words in its gold: 34 in the dev corpora), about seven minutes on two cores; corpora
 *                     under 40 pages are always measured whole
 *   --all             every page (~1,150 pages, ~2,330 trials: 40-60 minutes)
 *   --limit <n>       the first n sampled pages of each corpus (quick runs)
 *   --page <id>       only this page (its id, served name, or corpus/id as the failures list it; repeatable),
 *                     sampled or not; not with --sample, --all or --limit
 *   --trials <n>      trials per page, warm, cold and instant each (default 1)
 *   --floor <n>       floor trials on the control page, spread through the run (default 40)
 *   --warm-only | --cold-only | --instant-only
 *   --no-instant      warm and cold only (the instant reader's trials need a third browser)
 *   --control-pages   also time a page-handled key press on every sampled page (the control listener in an
 *                     isolated world): a per-page floor, at the cost of a third trial per page
 *   --dist <dir>      the unpacked extension (default dist/: run `npm run build` first)
 *   --trace <dir>     trace each Lectern trial (Chrome's trace of every process) into <dir>, and print where
 *                     the time went: the browser's, the worker's and the tab's threads, by kind of work
 *                     (bench/screen/trace.ts). Tracing slows the trials: their times are not the product's
 *   --trace-samples   with --trace: V8's sampling profiler too (a CPU profile of each thread in the files)
 *   --out <dir>       where the results go (default bench/results)
 *
 * Needs Xvfb, python3 and Debian Chromium (libX11, libXtst and libXdamage come with Chromium and xdotool).
 * Writes <out>/<timestamp>-overlay.jsonl (one line per trial, as it ends; the same records `npm run bench`
 * writes) and <out>/<timestamp>-overlay.md (the tables, also printed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../e2e/support/paths.ts';
import { JsonLines, Progress, parseFlags, runMain, stamp, UsageError, wholeNumber } from './cli.ts';
import { DEFAULT_CORPORA, loadCorpus } from './corpora.ts';
import { type OverlayOptions, type OverlayTiming, overlayTable, overlayTiming } from './overlay-timing.ts';
import { breakdownTable } from './screen/trace.ts';

const USAGE =
  'usage: npx tsx bench/overlay.ts [--corpus <path>]… [--sample <k> | --all] [--limit <n>] [--page <id>]… ' +
  '[--trials <n>] ' +
  '[--floor <n>] [--warm-only | --cold-only | --instant-only] [--no-instant] [--control-pages] [--dist <dir>] [--trace <dir> [--trace-samples]] [--out <dir>]';

const FLAGS = {
  corpus: { type: 'string', multiple: true },
  sample: { type: 'string' },
  all: { type: 'boolean' },
  limit: { type: 'string' },
  page: { type: 'string', multiple: true },
  trials: { type: 'string' },
  floor: { type: 'string' },
  'warm-only': { type: 'boolean' },
  'cold-only': { type: 'boolean' },
  'instant-only': { type: 'boolean' },
  'no-instant': { type: 'boolean' },
  'control-pages': { type: 'boolean' },
  dist: { type: 'string' },
  trace: { type: 'string' },
  'trace-samples': { type: 'boolean' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function options(argv: string[]): Omit<OverlayOptions, 'corpora'> & { corpora: string[]; out: string } {
  const { values } = parseFlags(argv, FLAGS, USAGE);
  if (values.all && values.sample !== undefined)
    throw new UsageError(`--all and --sample exclude each other\n${USAGE}`);
  const only = (['warm-only', 'cold-only', 'instant-only'] as const).filter((flag) => values[flag]);
  if (only.length > 1 || (only.length > 0 && values['no-instant']))
    throw new UsageError(
      `--warm-only, --cold-only, --instant-only and --no-instant exclude each other\n${USAGE}`,
    );
  if (values.page && (values.all || values.sample !== undefined || values.limit !== undefined))
    throw new UsageError(`--page names the pages itself: not with --sample, --all or --limit\n${USAGE}`);
  return {
    // Relative corpus paths are taken from where the command runs; the defaults from the repo root.
    corpora: values.corpus?.map((dir) => path.resolve(dir)) ?? DEFAULT_CORPORA,
    every: values.all ? 1 : wholeNumber('sample', values.sample, 1),
    limit: wholeNumber('limit', values.limit, 1),
    only: values.page,
    trials: wholeNumber('trials', values.trials, 1),
    floorTrials: wholeNumber('floor', values.floor, 0),
    kinds: values['warm-only']
      ? ['warm']
      : values['cold-only']
        ? ['cold']
        : values['instant-only']
          ? ['instant']
          : values['no-instant']
            ? ['warm', 'cold']
            : undefined,
    controlPages: values['control-pages'] === true,
    dist: values.dist === undefined ? undefined : path.resolve(values.dist),
    ...(values.trace === undefined ? {} : { trace: path.resolve(values.trace) }),
    traceSamples: values['trace-samples'] === true,
    out: path.resolve(values.out ?? path.join(ROOT, 'bench', 'results')),
  };
}

async function main(argv: string[]): Promise<number> {
  const { out, corpora, ...opts } = options(argv);
  const name = `${stamp(new Date())}-overlay`;
  const jsonl = new JsonLines(path.join(out, `${name}.jsonl`));
  const progress = new Progress();
  let timing: OverlayTiming;
  try {
    timing = await overlayTiming({
      ...opts,
      corpora: corpora.map(loadCorpus),
      // On a terminal the status line; off one, a line per trial with its time (below).
      onProgress: (text) => {
        if (progress.tty) progress.update(text);
      },
      onTrial: (trial) => {
        jsonl.write(trial);
        // Off a terminal, one line per trial: a long run shows where it is in its log.
        if (!progress.tty) {
          const time =
            trial.paintMs === null
              ? `failed: ${trial.error}`
              : `${trial.paintMs.toFixed(1)} ms ${trial.shown}`;
          progress.update(`${trial.kind} ${trial.slug} ${time}`, true);
        }
      },
    });
  } finally {
    progress.done();
    await jsonl.close();
  }
  const traced = timing.trials.flatMap((trial) =>
    trial.trace ? [{ kind: trial.kind, trace: trial.trace }] : [],
  );
  const table = overlayTable(timing) + (traced.length > 0 ? `\n${breakdownTable(traced)}` : '');
  mkdirSync(out, { recursive: true });
  const mdFile = path.join(out, `${name}.md`);
  writeFileSync(mdFile, table);
  process.stdout.write(
    `${table}\nWritten: ${path.relative(process.cwd(), mdFile)} and ${path.basename(jsonl.file)}\n`,
  );
  return timing.trials.some((trial) => trial.paintMs !== null) ? 0 : 1;
}

runMain('overlay', main);
