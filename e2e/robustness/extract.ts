/** Running the built extractor (dist-extractor/lectern.js) in a page and catching everything it might swallow. */
import type { Page } from '@playwright/test';
import type { Article } from '../../src/types.ts';
import { loadExtractor } from '../support/index.ts';

export interface Extraction {
  article: Article | null;
  /** An exception that escaped extract() (must never happen). */
  threw: string | null;
  /** Exceptions extract() swallowed, through the onError hook (a bug unless the page sabotaged itself). */
  swallowed: string[];
  /** performance.now() around the call, in the page (reported, never asserted). */
  ms: number;
  /** toText/toMarkdown of the article, or what they threw. */
  markdown: string | null;
  exportError: string | null;
}

/** extract(document, options) in the page's main world, after loading lectern.js there. */
export async function extractIn(page: Page, options: { force?: boolean } = {}): Promise<Extraction> {
  await loadExtractor(page);
  return page.evaluate((options) => {
    const swallowed: string[] = [];
    const out: Extraction = {
      article: null,
      threw: null,
      swallowed,
      ms: 0,
      markdown: null,
      exportError: null,
    };
    const t0 = performance.now();
    try {
      out.article = Lectern.extract(document, {
        ...options,
        onError: (error) => swallowed.push(String((error as Error)?.stack ?? error)),
      });
    } catch (error) {
      out.threw = String((error as Error)?.stack ?? error);
    }
    out.ms = performance.now() - t0;
    if (out.article !== null) {
      try {
        out.markdown = Lectern.toMarkdown(out.article);
        Lectern.toText(out.article);
      } catch (error) {
        out.exportError = String((error as Error)?.stack ?? error);
      }
    }
    return out;
  }, options);
}

/** Whitespace-normalised text, for substring checks. */
export const flat = (text: string | undefined | null): string => (text ?? '').replace(/\s+/g, ' ');
