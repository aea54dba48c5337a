/**
 * npm run bench:ab -- <a/lectern.js> <b/lectern.js> [options]: two builds of the extractor, paired page by page.
 *
 *   --corpus <path>     the corpus (default: fixtures/pages, where single runs of the bench swing most)
 *   --rounds <n>        passes over the corpus (default 8)
 *   --limit <n>         the first n pages
 *   --readability       time Readability in the same tabs too, and print each build against it
 *
 * One run of the bench cannot tell even a large change on the small fixture pages from noise: the median over
 * its 15 pages moved between 0.86× and 1.74× Readability's for one build (docs/extraction.md). This runs both builds
 * on each page in turn, through the bench's own page run (same server, routing, a fresh tab each, one warm-up
 * and the median of 3), alternating which goes first, and compares them page by page: the median and the
 * geometric mean of B/A over every (page, round) pair. Build a variant with
 * `npx vite build -c vite.extractor.config.ts --outDir /tmp/b`. Nothing is written; no accuracy is scored.
 */
import path from 'node:path';
import { fixtureUrl, ROOT } from '../e2e/support/index.ts';
import { parseFlags, runMain, UsageError, wholeNumber } from './cli.ts';
import { loadCorpus } from './corpora.ts';
import { readScripts, type Scripts } from './measure.ts';
import { median } from './metric.ts';
import { DEFAULT_RUNS, PAGE_TIMEOUT_MS, runPage } from './page-run.ts';
import { benchContext, launchBrowser, startServer } from './serve.ts';

const USAGE =
  'usage: npm run bench:ab -- <a/lectern.js> <b/lectern.js> [--corpus <path>] [--rounds <n>] [--limit <n>] [--readability]';

const FLAGS = {
  corpus: { type: 'string' },
  rounds: { type: 'string' },
  limit: { type: 'string' },
  readability: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function geometricMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

function fmt(value: number | null, digits = 3): string {
  return value === null ? '–' : value.toFixed(digits);
}

/** B/A for every pair where both have a time. */
function ratios(a: readonly (number | null)[][], b: readonly (number | null)[][]): number[] {
  return a.flatMap((rounds, page) =>
    rounds.flatMap((x, round) => {
      const y = b[page]?.[round];
      return x && y ? [y / x] : [];
    }),
  );
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE, true);
  if (positionals.length !== 2) throw new UsageError(USAGE);
  const rounds = wholeNumber('rounds', values.rounds, 1) ?? 8;
  const limit = wholeNumber('limit', values.limit, 1);
  const corpus = loadCorpus(path.resolve(values.corpus ?? path.join(ROOT, 'fixtures', 'pages')));
  const withReadability = values.readability === true;
  const builds = await Promise.all(positionals.map((file) => readScripts(withReadability, file)));

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const { context, routing } = await benchContext(browser, server.origin);
    const pages = corpus.pages.slice(0, limit).map((page) => ({
      ...page,
      url:
        corpus.origin === 'fixtures' ? fixtureUrl(page.slug) : server.add(corpus.name, page.slug, page.file),
      goldText: null,
    }));
    // Medians of the timed calls: [build][page][round].
    const lectern = builds.map(() => pages.map((): (number | null)[] => []));
    const reader = builds.map(() => pages.map((): (number | null)[] => []));
    for (let round = 0; round < rounds; round++) {
      for (const [index, page] of pages.entries()) {
        const swap = (round + index) % 2 === 1;
        for (const build of swap ? [1, 0] : [0, 1]) {
          const scripts = builds[build] as Scripts;
          const { record } = await runPage(context, routing, scripts, corpus.name, page, {
            runs: DEFAULT_RUNS,
            readability: withReadability,
            defuddle: false,
            timeoutMs: PAGE_TIMEOUT_MS,
            turn: swap ? 1 : 0,
          });
          lectern[build]?.[index]?.push(record.lectern.ms);
          reader[build]?.[index]?.push(record.readability?.ms ?? null);
        }
      }
      process.stderr.write(`round ${round + 1}/${rounds}\n`);
    }

    const [a, b] = [lectern[0] ?? [], lectern[1] ?? []];
    const pairs = ratios(a, b);
    const lines = [
      `${corpus.name}, ${pages.length} pages × ${rounds} rounds`,
      `B/A, per page and round: median ${fmt(median(pairs))}, geometric mean ${fmt(geometricMean(pairs))} (${pairs.length} pairs)`,
    ];
    for (const [build, file] of positionals.entries()) {
      const own = lectern[build] ?? [];
      // Each entry is already the median of a page's 3 timed calls.
      const all = own.flat().filter((ms): ms is number => ms !== null);
      let line = `${build === 0 ? 'A' : 'B'} ${file}: median ${fmt(median(all), 2)} ms over pages and rounds`;
      if (withReadability) {
        const theirs = reader[build] ?? [];
        const vs = ratios(theirs, own);
        // The bench's own figure, one per round: the median over pages, against Readability's.
        const perRound = Array.from({ length: rounds }, (_, round) => {
          const at = (page: (number | null)[]): number[] => {
            const ms = page[round];
            return ms ? [ms] : [];
          };
          const mine = median(own.flatMap(at));
          const other = median(theirs.flatMap(at));
          return mine !== null && other ? fmt(mine / other, 2) : '–';
        });
        line +=
          `; against Readability per page: median ${fmt(median(vs))}, geometric mean ${fmt(geometricMean(vs))}` +
          `; bench figure by round: ${perRound.join(' ')}`;
      }
      lines.push(line);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await browser.close();
    await server.close();
  }
}

runMain('bench:ab', main);
