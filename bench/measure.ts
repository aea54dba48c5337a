/**
 * Running and timing the extractors inside the page. Both are timed in the page with performance.now(), so
 * the numbers hold the extractor's work only (no CDP round trip, no serialising of the result to Node): one
 * warm-up call, then the median of `runs` calls. The warm-up is also kept (`warmupMs`): for Lectern it is the
 * call that pays for the page's first style and layout, as the content script's one call does.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { LECTERN_JS } from '../e2e/support/paths.ts';
import type { Model } from '../src/score/model.ts';
import type { Article, Diagnostics } from '../src/types.ts';
import type { GivenMeta, PageStatements } from './meta.ts';
import { median } from './metric.ts';

export type ExtractorName = 'lectern' | 'readability' | 'defuddle';

export interface DiagnosticsSummary {
  method: Diagnostics['method'];
  /** What kind of page Lectern took it for (src/types.ts ArticleKind), and its posts or items. */
  kind: Article['kind'];
  records: number;
  styled: boolean;
  segmentCount: number;
  run: Diagnostics['run'];
  dropped: number;
  truncated: boolean;
  /** Milliseconds per stage, of the last timed call. */
  timings: Record<string, number>;
}

export interface ExtractorResult {
  /** The article text, null when the extractor found none, failed or was not run. */
  text: string | null;
  /** Median of the timed calls; null when it failed. */
  ms: number | null;
  runsMs: number[];
  warmupMs: number | null;
  error: string | null;
  /** Lectern only; null when it returned null. */
  diagnostics?: DiagnosticsSummary | null;
  /** Lectern only, when it returned null: the text "Show anyway" gives (null: none either). */
  forcedText?: string | null;
  /** Its title, byline, date and headings; null when it found no article or failed. */
  meta?: GivenMeta | null;
}

/** The extractors' source, read once so that a rebuild of dist-extractor/ mid-run can't mix versions. */
export interface Scripts {
  lectern: string;
  /** When that lectern.js was built (its mtime when read), for the report. */
  lecternBuilt: Date;
  readability: string | null;
  defuddle: string | null;
}

/** `lecternFile`: the build to time (bench:ab passes two); dist-extractor/lectern.js by default. */
export async function readScripts(
  withReadability: boolean,
  lecternFile = LECTERN_JS,
  withDefuddle = false,
): Promise<Scripts> {
  let lectern: string;
  let lecternBuilt: Date;
  try {
    lecternBuilt = (await stat(lecternFile)).mtime;
    lectern = await readFile(lecternFile, 'utf8');
  } catch {
    throw new Error(
      lecternFile === LECTERN_JS
        ? `${LECTERN_JS} is missing: run npm run build first (npm run bench does)`
        : `${lecternFile} is missing`,
    );
  }
  // Resolved through Node so the versions are the ones package-lock.json pins.
  const resolve = createRequire(import.meta.url).resolve;
  const readability = withReadability
    ? await readFile(resolve('@mozilla/readability/Readability.js'), 'utf8')
    : null;
  // The package's main entry is its core browser bundle (UMD, no dependencies), the one its README says to use there.
  const defuddle = withDefuddle ? await readFile(resolve('defuddle'), 'utf8') : null;
  return { lectern, lecternBuilt, readability, defuddle };
}

/** Which lectern.js a run measured (its hash, size and build time), for the report. */
export function describeLectern(scripts: Scripts): string {
  const sha = createHash('sha256').update(scripts.lectern).digest('hex').slice(0, 12);
  const built = scripts.lecternBuilt.toISOString().replace(/\.\d+Z$/, 'Z');
  return `sha256 ${sha}, ${scripts.lectern.length} bytes, built ${built}`;
}

/**
 * Defines globalThis.Lectern, globalThis.__benchReadability and globalThis.__benchDefuddle in the page. Evaluated as source through CDP,
 * because with page JavaScript off a <script> tag would not run (page.evaluate still does).
 */
export async function injectScripts(page: Page, scripts: Scripts): Promise<void> {
  // Functions passed to page.evaluate from tsx carry esbuild's keepNames helper `__name(...)` (see
  // e2e/support/extractor.ts); an identity stand-in makes them run in the page.
  await page.evaluate('globalThis.__name ??= (fn) => fn; undefined');
  await page.evaluate(`${scripts.lectern}\n;undefined`);
  if (scripts.readability) {
    // Readability.js declares `function Readability` and exports it only under CommonJS: keep it by name.
    await page.evaluate(
      `(() => {\n${scripts.readability}\n;globalThis.__benchReadability = Readability; })(); undefined`,
    );
  }
  if (scripts.defuddle) {
    // A UMD bundle: with no CommonJS or AMD in sight it sets self.Defuddle, which is moved aside under our name.
    await page.evaluate(
      '(() => { const exports = undefined, module = undefined, define = undefined;\n' +
        `${scripts.defuddle}\n;globalThis.__benchDefuddle = globalThis.Defuddle; delete globalThis.Defuddle; })(); undefined`,
    );
    const defined = await page.evaluate(
      () => typeof (globalThis as { __benchDefuddle?: unknown }).__benchDefuddle,
    );
    if (defined !== 'function') throw new Error('the Defuddle bundle ran but did not define Defuddle');
  }
  const ok = await page.evaluate(() => typeof globalThis.Lectern === 'object');
  if (!ok) throw new Error('lectern.js ran but did not define globalThis.Lectern');
}

interface InPage {
  text: string | null;
  meta: GivenMeta | null;
  /** Lectern only, when it found no article: what "Show anyway" gives (one untimed call with force). */
  forcedText?: string | null;
  runsMs: number[];
  warmupMs: number;
  diagnostics?: DiagnosticsSummary | null;
}

/** Rejects after `ms`; the caller closes the page, which stops a runaway evaluation. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
}

export async function timeExtractor(
  page: Page,
  extractor: ExtractorName,
  options: { runs: number; timeoutMs: number; model?: Model | null; pageModel?: Model; listingModel?: Model },
): Promise<ExtractorResult> {
  try {
    const result = await withTimeout(
      page.evaluate(
        ({ extractor, runs, model, pageModel, listingModel }): InPage => {
          const models = {
            ...(model === undefined ? {} : { model }),
            ...(pageModel === undefined ? {} : { pageModel }),
            ...(listingModel === undefined ? {} : { listingModel }),
          };
          // Everything the timed calls share is set up before the clock starts.
          type ReadabilityResult = {
            textContent?: string | null;
            content?: string | null;
            title?: string | null;
            byline?: string | null;
            publishedTime?: string | null;
          } | null;
          type ReadabilityClass = new (doc: Document) => { parse(): ReadabilityResult };
          type DefuddleResult = {
            content?: string | null;
            title?: string | null;
            author?: string | null;
            published?: string | null;
          };
          type DefuddleClass = new (
            doc: Document,
            options: { url: string; useAsync: boolean },
          ) => {
            parse(): DefuddleResult;
          };
          const peers = globalThis as unknown as {
            __benchReadability: ReadabilityClass;
            __benchDefuddle: DefuddleClass;
          };
          const Readability = peers.__benchReadability;
          const Defuddle = peers.__benchDefuddle;
          const url = document.URL;
          // Readability changes the document it parses, so it gets a copy, and the copy is part of its cost.
          // Defuddle copies the document itself and reads the live one's computed styles, as the Web Clipper
          // calls it on the page. Its url: what its site-specific extractors match; no async fetch.
          const call =
            extractor === 'lectern'
              ? (): Article | null => globalThis.Lectern.extract(document, models)
              : extractor === 'readability'
                ? (): ReadabilityResult => new Readability(document.cloneNode(true) as Document).parse()
                : (): DefuddleResult => new Defuddle(document, { url, useAsync: false }).parse();
          let start = performance.now();
          call();
          const warmupMs = performance.now() - start;
          const runsMs: number[] = [];
          let last: Article | ReadabilityResult | DefuddleResult = null;
          for (let i = 0; i < runs; i++) {
            start = performance.now();
            last = call();
            runsMs.push(performance.now() - start);
          }
          // Untimed, each extractor's HTML parsed in an inert document (nothing in it runs or loads).
          const parse = (html: string | null | undefined) =>
            new DOMParser().parseFromString(html ?? '', 'text/html').body;
          const headingsOf = (body: HTMLElement | null): string[] =>
            [...(body?.querySelectorAll('h1, h2, h3, h4, h5, h6') ?? [])].map((h) => h.textContent ?? '');
          const orNull = (value: string | null | undefined) =>
            typeof value === 'string' && value.trim() !== '' ? value : null;
          if (extractor === 'readability') {
            const parsed = last as ReadabilityResult;
            const meta = parsed
              ? {
                  title: orNull(parsed.title),
                  byline: orNull(parsed.byline),
                  published: orNull(parsed.publishedTime),
                  headings: headingsOf(parse(parsed.content)),
                }
              : null;
            return { text: parsed?.textContent ?? null, meta, runsMs, warmupMs };
          }
          if (extractor === 'defuddle') {
            // Its content is HTML; the text is that HTML's as the page's parser reads it. Content with no
            // words counts as no article.
            const parsed = last as DefuddleResult | null;
            const body = parse(parsed?.content);
            const text = body?.textContent ?? '';
            const found = text.trim() !== '';
            const meta =
              parsed && found
                ? {
                    title: orNull(parsed.title),
                    byline: orNull(parsed.author),
                    published: orNull(parsed.published),
                    headings: headingsOf(body),
                  }
                : null;
            return { text: found ? text : null, meta, runsMs, warmupMs };
          }
          const article = last as Article | null;
          const d = article?.diagnostics;
          // Untimed: what a person gets from the notice's "Show anyway" when there is no article.
          const forced =
            article === null ? globalThis.Lectern.extract(document, { ...models, force: true }) : null;
          return {
            text: article?.text ?? null,
            meta: article
              ? {
                  title: orNull(article.title),
                  byline: orNull(article.byline),
                  published: orNull(article.published),
                  headings: headingsOf(parse(article.content)),
                }
              : null,
            ...(article === null ? { forcedText: forced?.text ?? null } : {}),
            runsMs,
            warmupMs,
            diagnostics: d
              ? {
                  method: d.method,
                  kind: article?.kind ?? 'article',
                  records: article?.records ?? 0,
                  styled: d.styled,
                  segmentCount: d.segmentCount,
                  run: d.run,
                  dropped: d.dropped,
                  truncated: d.truncated,
                  timings: d.timings,
                }
              : null,
          };
        },
        {
          extractor,
          runs: options.runs,
          model: options.model,
          pageModel: options.pageModel,
          listingModel: options.listingModel,
        },
      ),
      options.timeoutMs,
      extractor,
    );
    return { ...result, ms: median(result.runsMs), error: null };
  } catch (error) {
    return { text: null, ms: null, runsMs: [], warmupMs: null, error: errorText(error) };
  }
}

/**
 * What the page as loaded states (meta.ts PageStatements): its h1–h6 (at most 2,000), the titles it declares
 * or shows, and its short texts (at most 20,000), for the heading measure and the gold's caps.
 */
export function pageStatements(page: Page): Promise<PageStatements> {
  return page.evaluate(() => {
    const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .slice(0, 2000)
      .map((heading) => heading.textContent ?? '');
    const metas = (selector: string) =>
      [...document.querySelectorAll<HTMLMetaElement>(selector)].map((meta) => meta.content);
    // Every string of the page's JSON-LD, with the key it is under.
    const declared: { key: string; value: string }[] = [];
    const walk = (value: unknown, key: string, depth: number): void => {
      if (depth > 12 || declared.length > 2000) return;
      if (typeof value === 'string') declared.push({ key, value });
      else if (Array.isArray(value)) for (const item of value) walk(item, key, depth + 1);
      else if (value !== null && typeof value === 'object')
        for (const [name, item] of Object.entries(value)) walk(item, name, depth + 1);
    };
    for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
      try {
        walk(JSON.parse(script.textContent ?? ''), '', 0);
      } catch {
        // A page's broken JSON-LD states nothing.
      }
    }
    const titles = [
      document.title,
      ...metas('meta[property="og:title"], meta[name="twitter:title"], meta[name="title"]'),
      ...declared
        .filter((item) => /^(headline|name|alternativeHeadline)$/.test(item.key))
        .map((item) => item.value),
      ...[...document.querySelectorAll('h1, h2')].slice(0, 200).map((heading) => heading.textContent),
    ].map(squash);
    const texts = new Set<string>();
    for (const meta of metas('meta[content]')) texts.add(squash(meta));
    for (const item of declared) if (item.value.length <= 300) texts.add(squash(item.value));
    for (const element of [...document.querySelectorAll('[datetime]')].slice(0, 2000))
      texts.add(squash(element.getAttribute('datetime')));
    for (const element of [...(document.body?.querySelectorAll('*') ?? [])].slice(0, 20_000)) {
      const text = squash(element.textContent);
      if (text.length > 0 && text.length <= 300) texts.add(text);
    }
    return { headings, titles: titles.filter((title) => title !== ''), texts: [...texts].slice(0, 20_000) };
  });
}

/** The text of a gold expected.html, parsed by the browser's own parser like the page (textContent of <body>). */
export function goldText(page: Page, html: string): Promise<string> {
  return page.evaluate(
    (source) => new DOMParser().parseFromString(source, 'text/html').body?.textContent ?? '',
    html,
  );
}

export { errorText, withTimeout };
