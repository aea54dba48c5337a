/** Putting the built extractor (dist-extractor/lectern.js) into a page, as the benchmark and the CLI do. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { Inspection } from '../../src/inspect.ts';
import type { Model } from '../../src/score/model.ts';
import type { Article, ExportOptions, ExtractOptions } from '../../src/types.ts';
import { LECTERN_JS } from './paths.ts';

/** What lectern.js defines on globalThis (src/global.ts). */
export interface LecternApi {
  extract(doc: Document, options?: ExtractOptions): Article | null;
  toText(article: Article, options?: ExportOptions): string;
  toMarkdown(article: Article, options?: ExportOptions): string;
  inspectSegments(doc: Document, model?: Model | null): Inspection;
  selectorFor(el: Element, doc: Document): string | null;
  selectorLike(el: Element, doc: Document): string | null;
  matches(doc: Document, selector: unknown, limit?: number): Element[];
}

declare global {
  // `var` is how a global is declared; it exists in pages after loadExtractor(page).
  var Lectern: LecternApi;
}

/**
 * Adds lectern.js to the page and leaves the page's DOM as it was (the script tag is removed again), so tests
 * can compare the page before and after extract(). Falls back to evaluating the source where a script tag
 * can't run: page JavaScript disabled, or a non-HTML document (SVG, XML).
 */
export async function loadExtractor(page: Page): Promise<void> {
  if (!existsSync(LECTERN_JS)) {
    throw new Error(
      'dist-extractor/lectern.js is missing: run npm run build first (or npx vite build --config vite.extractor.config.ts)',
    );
  }
  // Functions passed to page.evaluate from scripts run by tsx carry esbuild's keepNames helper `__name(...)`,
  // which doesn't exist in the page; an identity stand-in makes them run there.
  await page.evaluate('globalThis.__name ??= (fn) => fn; undefined');
  try {
    const tag = await page.addScriptTag({ path: LECTERN_JS });
    await tag.evaluate((node) => (node as ChildNode).remove());
  } catch {
    // No <head>/<html> to append to, or a CSP that forbids inline scripts: the fallback below covers it.
  }
  if (await page.evaluate(() => typeof globalThis.Lectern === 'object')) return;
  await page.evaluate(await readFile(LECTERN_JS, 'utf8'));
  if (!(await page.evaluate(() => typeof globalThis.Lectern === 'object'))) {
    throw new Error('lectern.js ran but did not define globalThis.Lectern');
  }
}
