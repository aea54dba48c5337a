/**
 * npx tsx bench/overlay.ts [options]: the key press → overlay on screen timing alone (bench/overlay-timing.ts).
 *
 *   --corpus <path>   a corpus folder (repeatable); default the dev corpora (trafilatura-dev,
 *                     readability-test-pages, modern-dev) and fixtures/pages
 *   --sample <k>      every k-th page of each corpus from the first (default 8: 158 pages, 356 trials, 6 minutes
 *                     on an idle 2-core machine, 9 under load); corpora under 40 pages (the fixtures) are
 *                     always measured whole
 *   --all             every page (~1,150 pages, ~2,330 trials: 40-60 minutes)
 *   --limit <n>       the first n sampled pages of each corpus (quick runs)
 *   --page <id>       only this page (its id or served name; repeatable), sampled or not
 *   --trials <n>      trials per page, warm and cold each (default 1)
 *   --floor <n>       floor trials on the control page, spread through the run (default 40)
 *   --warm-only | --cold-only
 *   --control-pages   also time a page-handled key press on every sampled page (the control listener in an
 *                     isolated world): a per-page floor, at the cost of a third trial per page
 *   --dist <dir>      the unpacked extension (default dist/: run `npm run build` first)
 *   --out <dir>       where the results go (default bench/results)
 *
 * Needs Xvfb, python3 and Debian Chromium (libX11, libXtst and libXdamage come with Chromium and xdotool).
 * Writes <out>/<timestamp>-overlay-screen.jsonl (one line per trial, as it ends) and
 * <out>/<timestamp>-overlay-screen.md (the tables, also printed).
 */
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../e2e/support/paths.ts';
import { runMain, UsageError } from './cli.ts';
import { type OverlayOptions, overlayTable, overlayTiming } from './overlay-timing.ts';

const USAGE =
  'usage: npx tsx bench/overlay.ts [--corpus <path>]… [--sample <k> | --all] [--limit <n>] [--page <id>]… ' +
  '[--trials <n>] ' +
  '[--floor <n>] [--warm-only | --cold-only] [--control-pages] [--dist <dir>] [--out <dir>]';

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
  'control-pages': { type: 'boolean' },
  dist: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function whole(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} needs a whole number ≥ ${min}, not "${value}"`);
  return n;
}

function options(argv: string[]): OverlayOptions & { out: string } {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof FLAGS }>>['values'];
  try {
    values = parseArgs({ args: argv, options: FLAGS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) throw new UsageError(USAGE);
  if (values.all && values.sample !== undefined)
    throw new UsageError(`--all and --sample exclude each other\n${USAGE}`);
  if (values['warm-only'] && values['cold-only'])
    throw new UsageError(`--warm-only and --cold-only exclude each other\n${USAGE}`);
  return {
    // Relative corpus paths are taken from where the command runs; the defaults from the repo root.
    corpora: values.corpus?.map((dir) => path.resolve(dir)),
    every: values.all ? 1 : whole('sample', values.sample, 1),
    limit: whole('limit', values.limit, 1),
    only: values.page,
    trials: whole('trials', values.trials, 1),
    floorTrials: whole('floor', values.floor, 0),
    kinds: values['warm-only'] ? ['warm'] : values['cold-only'] ? ['cold'] : undefined,
    controlPages: values['control-pages'] === true,
    dist: values.dist === undefined ? undefined : path.resolve(values.dist),
    out: path.resolve(values.out ?? path.join(ROOT, 'bench', 'results')),
  };
}

async function main(argv: string[]): Promise<number> {
  const { out, ...opts } = options(argv);
  mkdirSync(out, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  const jsonlFile = path.join(out, `${stamp}-overlay-screen.jsonl`);
  const jsonl = createWriteStream(jsonlFile);
  const tty = process.stderr.isTTY === true;
  let timing: Awaited<ReturnType<typeof overlayTiming>>;
  try {
    timing = await overlayTiming({
      ...opts,
      onProgress: (text) => {
        if (tty) process.stderr.write(`\r${text.slice(0, (process.stderr.columns ?? 120) - 1)}\x1b[K`);
      },
      onTrial: (trial) => {
        jsonl.write(`${JSON.stringify(trial)}\n`);
        // Off a terminal, one line per trial: a long run shows where it is in its log.
        if (!tty) {
          const time =
            trial.paintMs === null
              ? `failed: ${trial.error}`
              : `${trial.paintMs.toFixed(1)} ms ${trial.shown}`;
          process.stderr.write(`${trial.kind} ${trial.slug} ${time}\n`);
        }
      },
    });
  } finally {
    if (tty) process.stderr.write('\r\x1b[K');
    await new Promise<void>((resolve) => jsonl.end(resolve));
  }
  const table = overlayTable(timing);
  const mdFile = path.join(out, `${stamp}-overlay-screen.md`);
  writeFileSync(mdFile, table);
  process.stdout.write(
    `${table}\nWritten: ${path.relative(process.cwd(), mdFile)} and ${path.basename(jsonlFile)}\n`,
  );
  return timing.trials.some((trial) => trial.paintMs !== null) ? 0 : 1;
}

runMain('overlay', main);
