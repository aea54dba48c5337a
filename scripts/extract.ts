/**
 * npm run extract -- <file-or-url> [--format markdown|text|json] [--force]
 *
 * Runs the built extractor (dist-extractor/lectern.js) on one page in headless Chromium with the page's own
 * JavaScript off, and prints the article. A local file is served at https://news.test/<its absolute path> so
 * its relative URLs resolve to the files beside it (a fixture's source.html at https://news.test/<slug>/, as the
 * tests serve it); a URL is loaded from the network.
 * Exit codes: 0 article printed, 2 no article on the page, 1 error.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { parseFlags, UsageError } from '../bench/cli.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FIXTURE_ORIGIN,
  FIXTURES,
  fixtureUrl,
  fulfillFile,
  LECTERN_JS,
  loadExtractor,
  serveFixtures,
  VIEWPORT,
} from '../e2e/support/index.ts';

type Format = 'markdown' | 'text' | 'json';
const FORMATS: readonly Format[] = ['markdown', 'text', 'json'];
const USAGE = 'usage: npm run extract -- <file-or-url> [--format markdown|text|json] [--force]';

const FLAGS = {
  format: { type: 'string', default: 'markdown' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const isFormat = (value: string): value is Format => (FORMATS as readonly string[]).includes(value);

interface Options {
  target: string;
  format: Format;
  force: boolean;
}

function readOptions(argv: string[]): Options {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE, true);
  if (!isFormat(values.format)) throw new UsageError(`unknown format "${values.format}"; ${USAGE}`);
  if (positionals.length > 1) throw new UsageError(`one page at a time; ${USAGE}`);
  const [target] = positionals;
  if (target === undefined) throw new UsageError(USAGE);
  return { target, format: values.format, force: values.force === true };
}

/** Serves `file` and the files under its folder at https://news.test/<absolute path>; everything else 404s. */
async function serveLocalFile(context: BrowserContext, file: string): Promise<string> {
  const folder = path.dirname(file);
  await context.route(
    (url) => url.protocol === 'http:' || url.protocol === 'https:',
    async (route) => {
      const url = new URL(route.request().url());
      const wanted = path.resolve(decodeURIComponent(url.pathname));
      if (url.origin !== FIXTURE_ORIGIN || !wanted.startsWith(folder + path.sep)) {
        return route.fulfill({ status: 404, body: '' });
      }
      if (wanted === file) {
        // Served as HTML whatever its extension (a saved page may be .htm or have none).
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', path: file });
      }
      return fulfillFile(route, wanted);
    },
  );
  return FIXTURE_ORIGIN + file.split(path.sep).map(encodeURIComponent).join('/');
}

/** A fixture's source.html is served where the tests see it (https://news.test/<slug>/), any other file by path. */
async function serveFile(context: BrowserContext, file: string): Promise<string> {
  const relative = path.relative(FIXTURES, file).split(path.sep);
  const [slug, name] = relative;
  if (relative.length === 2 && slug && name === 'source.html' && !slug.startsWith('..')) {
    await serveFixtures(context);
    return fixtureUrl(slug);
  }
  return serveLocalFile(context, file);
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  if (!existsSync(LECTERN_JS)) {
    throw new Error('dist-extractor/lectern.js is missing: run npm run build first');
  }
  const isUrl = /^https?:\/\//i.test(options.target);
  const file = isUrl ? null : path.resolve(options.target);
  if (file && (!existsSync(file) || !statSync(file).isFile()))
    throw new Error(`no such file: ${options.target}`);

  const browser = await chromium
    .launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
    .catch((error: Error) => {
      throw new Error(
        `could not start Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH): ${firstLine(error)}`,
      );
    });
  try {
    // The page's scripts stay off: the extractor reads the page as its markup and CSS render it. bypassCSP lets
    // our own script in on sites whose Content-Security-Policy forbids inline scripts.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      bypassCSP: true,
      viewport: VIEWPORT,
    });
    const url = file ? await serveFile(context, file) : options.target;
    const page = await context.newPage();
    try {
      const response = await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
      if (response && !response.ok()) throw new Error(`HTTP ${response.status()}`);
    } catch (error) {
      const hint = isUrl ? ' (is the network reachable?)' : '';
      throw new Error(`could not load ${options.target}: ${firstLine(error)}${hint}`);
    }
    await loadExtractor(page);
    const output = await page.evaluate(
      ({ format, force }) => {
        const article = Lectern.extract(document, { force });
        if (!article) return null;
        if (format === 'json') return JSON.stringify(article, null, 2);
        return format === 'text' ? Lectern.toText(article) : Lectern.toMarkdown(article);
      },
      { format: options.format, force: options.force },
    );
    if (output === null) {
      process.stdout.write('No article found on this page.\n');
      return 2;
    }
    process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    return 0;
  } finally {
    await browser.close();
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? message).replace(/^page\.goto: /, '');
}

// Not bench/cli.ts's runMain: its exit code 2 for a mistake in the command line is this tool's "no article".
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`extract: ${error instanceof UsageError ? error.message : firstLine(error)}\n`);
    process.exitCode = 1;
  },
);
