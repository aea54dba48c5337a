/**
 * npm run fixture:add -- <slug> <file-or-url> [--force]
 *
 * Copies a page into fixtures/pages/<slug>/source.html, made self-contained the way the fixture meta-test
 * requires: scripts, event handlers, <link>s, <base>, iframes and meta refreshes removed; images and other
 * loads from outside origins pointed at https://news.test/<slug>/… (where they 404 unless you add the files).
 * Writes a skeleton expected.json whose TODO values a person must replace with the truth: the fixture test
 * fails until they do. Then run `npm run fixture:update -- <slug>` and review expected.html.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURES, fixtureUrl } from '../e2e/support/index.ts';

const USAGE = 'usage: npm run fixture:add -- <slug> <file-or-url> [--force]';

export interface Cleaned {
  html: string;
  /** What was removed or rewritten, for the person reviewing the page. */
  notes: string[];
}

/** Makes page markup self-contained; string rewriting, so it also works on pages a DOM parser would fix up. */
export function cleanPage(source: string, slug: string, pageUrl: string | null): Cleaned {
  const notes: string[] = [];
  let html = source;
  const drop = (label: string, pattern: RegExp) => {
    const count = html.match(pattern)?.length ?? 0;
    if (count > 0) {
      html = html.replace(pattern, '');
      notes.push(`removed ${count} ${label}`);
    }
  };
  drop('<script> elements', /<script\b[\s\S]*?<\/script\s*>/gi);
  drop('unclosed <script> tags', /<script\b[^>]*>/gi);
  drop('event handler attributes', /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi);
  drop('<link> elements (paste the CSS that matters into a <style> block)', /<link\b[^>]*>/gi);
  drop('<base> elements', /<base\b[^>]*>/gi);
  drop('<iframe> elements', /<iframe\b[\s\S]*?<\/iframe\s*>/gi);
  drop('meta refreshes', /<meta\b[^>]*http-equiv\s*=\s*["']?refresh[^>]*>/gi);
  drop('javascript: URLs', /(?<=\shref\s*=\s*["'])javascript:[^"']*/gi);

  // Loads from other origins would 404 here anyway; pointing them at the fixture's folder keeps the path
  // (so the file can be added beside source.html) and satisfies the meta-test.
  let rewritten = 0;
  const local = (url: string): string => {
    let absolute: URL;
    try {
      absolute = new URL(url, pageUrl ?? undefined);
    } catch {
      return url;
    }
    if (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') return url;
    rewritten++;
    return `${fixtureUrl(slug)}${absolute.pathname.split('/').filter(Boolean).pop() ?? 'index'}`;
  };
  html = html.replace(
    /(\s(?:src|data-src|poster)\s*=\s*")([^"]*)"/gi,
    (_, attribute: string, url: string) =>
      `${attribute}${/^(?:https?:)?\/\//i.test(url) ? local(url) : url}"`,
  );
  html = html.replace(
    /(\s(?:srcset|data-srcset)\s*=\s*")([^"]*)"/gi,
    (_, attribute: string, list: string) => {
      const candidates = list.split(',').map((candidate) => {
        const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
        return [/^(?:https?:)?\/\//i.test(url) ? local(url) : url, ...descriptor].join(' ');
      });
      return `${attribute}${candidates.join(', ')}"`;
    },
  );
  if (rewritten > 0)
    notes.push(`pointed ${rewritten} outside image/media URLs at ${fixtureUrl(slug)} (they 404)`);
  return { html, notes };
}

function metaContent(html: string, key: string): string | null {
  const tag = html.match(new RegExp(`<meta\\b[^>]*(?:property|name)\\s*=\\s*["']${key}["'][^>]*>`, 'i'))?.[0];
  return (
    tag
      ?.match(/\scontent\s*=\s*"([^"]*)"|\scontent\s*=\s*'([^']*)'/i)
      ?.slice(1)
      .find(Boolean) ?? null
  );
}

function skeleton(html: string, slug: string): object {
  const title =
    metaContent(html, 'og:title') ?? html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1]?.trim() ?? '';
  const lang = html.match(/<html\b[^>]*\slang\s*=\s*["']?([\w-]+)/i)?.[1] ?? null;
  const rtl = /<html\b[^>]*\sdir\s*=\s*["']?rtl/i.test(html);
  return {
    url: fixtureUrl(slug),
    article: true,
    title: `TODO check: ${title}`,
    byline: `TODO check: ${metaContent(html, 'author') ?? ''}`,
    siteName: `TODO check: ${metaContent(html, 'og:site_name') ?? ''}`,
    lang,
    dir: rtl ? 'rtl' : 'ltr',
    mustInclude: [
      'TODO: a sentence from the first paragraph',
      'TODO: one from the middle',
      'TODO: one from the end',
    ],
    mustExclude: ['TODO: text from the navigation, sidebar, related links, comments and footer'],
    minWords: 0,
  };
}

async function readSource(input: string): Promise<{ html: string; url: string | null }> {
  if (/^https?:\/\//i.test(input)) {
    let response: Response;
    try {
      response = await fetch(input, { signal: AbortSignal.timeout(30_000), redirect: 'follow' });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new Error(
        `could not fetch ${input}: ${cause} (is the network reachable? or save the page and pass the file)`,
      );
    }
    if (!response.ok) throw new Error(`could not fetch ${input}: HTTP ${response.status}`);
    return { html: await response.text(), url: response.url };
  }
  if (!existsSync(input)) throw new Error(`no such file: ${input}`);
  return { html: readFileSync(input, 'utf8'), url: null };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [slug, input, ...extra] = args.filter((arg) => !arg.startsWith('--'));
  if (!slug || !input || extra.length > 0) throw new Error(USAGE);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
    throw new Error(`slug must be lowercase words joined by hyphens: ${slug}`);
  const folder = path.join(FIXTURES, slug);
  if (existsSync(folder) && !force)
    throw new Error(`fixtures/pages/${slug} exists (use --force to overwrite it)`);

  const { html: source, url } = await readSource(input);
  const { html, notes } = cleanPage(source, slug, url);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'source.html'), html);
  writeFileSync(path.join(folder, 'expected.json'), `${JSON.stringify(skeleton(html, slug), null, 2)}\n`);

  console.log(`fixtures/pages/${slug}/source.html written (${html.length.toLocaleString('en')} characters)`);
  for (const note of notes) console.log(`  - ${note}`);
  console.log(`fixtures/pages/${slug}/expected.json written: replace every TODO with the truth, then`);
  console.log(`  npm run fixture:update -- ${slug}    # writes expected.html for review`);
  console.log(`  npx playwright test e2e/extractor -g ${slug}`);
}

main().catch((error: unknown) => {
  console.error(`fixture-add: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
