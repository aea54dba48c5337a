/**
 * Property-based fuzzing of extract() in Chromium: fast-check generates random pages in Node (random-dom.ts),
 * each is set into one rendered page and extracted there, plain and forced. For every page:
 * - extract() neither throws nor swallows an exception (the onError hook);
 * - the article's HTML holds no forbidden content (e2e/hostile/checker.ts, run in the page);
 * - the words of article.text appear, in order, among the words of the page's visible text
 *   (document.body.innerText, over the flat tree: rendered-text.ts): the reader shows only what the page
 *   shows, never invents or reorders.
 *
 * The seed is fixed for CI (FUZZ_SEED overrides it, FUZZ_RUNS the run count) and printed, so a failure can be
 * replayed; fast-check prints the shrunk counterexample.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import type { Article } from '../../src/types.ts';
import { forbiddenIn } from '../hostile/checker.ts';
import { loadExtractor } from '../support/index.ts';
import { missingFromSubsequence, randomBody, toHtml, words } from './random-dom.ts';
import { renderedText } from './rendered-text.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/** 600 pages × 2 calls: 30–45 s on the 2-core build machine, shared (1,000 took 56–80 s). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);

interface Case {
  visible: string;
  outcomes: Array<{ force: boolean; article: Article | null; threw: string | null; swallowed: string[] }>;
}

test('extract() on random pages: never throws, output is clean, its words are the page’s visible words in order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.route('https://fuzz.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fuzz page</title></head><body></body></html>',
    }),
  );
  await page.goto('https://fuzz.test/page');
  await loadExtractor(page);
  console.log(`fuzz: seed ${SEED}, ${RUNS} runs (replay with FUZZ_SEED=${SEED})`);

  let articles = 0;
  await fc.assert(
    fc.asyncProperty(randomBody, async (body) => {
      const html = toHtml(body);
      const result = await page.evaluate((html): Case => {
        document.body.setHTMLUnsafe(html);
        const outcomes: Case['outcomes'] = [];
        for (const force of [false, true]) {
          const swallowed: string[] = [];
          let article: Article | null = null;
          let threw: string | null = null;
          try {
            article = Lectern.extract(document, {
              force,
              onError: (error) => swallowed.push(String((error as Error)?.stack ?? error)),
            });
          } catch (error) {
            threw = String((error as Error)?.stack ?? error);
          }
          outcomes.push({ force, article, threw, swallowed });
        }
        return { visible: '', outcomes };
      }, html);
      result.visible = await page.evaluate(renderedText);

      const visibleWords = words(result.visible);
      for (const { force, article, threw, swallowed } of result.outcomes) {
        const label = force ? 'forced' : 'plain';
        expect(threw, `${label}: extract() threw`).toBeNull();
        expect(swallowed, `${label}: extract() swallowed an exception`).toEqual([]);
        if (article === null) continue;
        articles++;
        expect(
          await page.evaluate(forbiddenIn, { html: article.content }),
          `${label}: forbidden content`,
        ).toEqual([]);
        // Ordered-list numbers are the text export's own markers ("2. "), not page text.
        const articleWords = words(article.text).filter((w) => !/^\d+$/.test(w));
        expect(
          missingFromSubsequence(articleWords, visibleWords),
          `${label}: a word not in the page's visible text, in order`,
        ).toBeNull();
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
  console.log(`fuzz: ${RUNS} pages, ${articles} articles checked`);
  expect(articles, 'some random pages yield articles (else the properties test nothing)').toBeGreaterThan(
    RUNS / 4,
  );
});
