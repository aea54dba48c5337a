/**
 * npm run fixture:update -- [slug…] [--force]
 *
 * Regenerates fixtures/pages/<slug>/expected.html from the built extractor (dist-extractor/lectern.js, built
 * again first when src/ is newer, as before the tests), run in headless Chromium on the page served at
 * https://news.test/<slug>/ exactly as e2e/extractor/fixtures.spec.ts runs it. The output is formatted one
 * block element per line so `git diff` shows what changed: review it before committing. A fixture whose
 * extraction disagrees with its hand-written expected.json is not written (that output would lock a bug in)
 * unless --force is given. Tests never run this.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { rebuildStale } from '../e2e/support/builds.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  checkArticle,
  FORMAT_BLOCK_TAGS,
  fixtureFile,
  fixtureUrl,
  formatHtml,
  listFixtures,
  loadExtractor,
  readTruth,
  serveFixtures,
  VIEWPORT,
} from '../e2e/support/index.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const known = listFixtures();
  const asked = args.filter((arg) => !arg.startsWith('--'));
  const unknown = asked.filter((slug) => !known.includes(slug));
  if (unknown.length > 0) throw new Error(`no such fixture: ${unknown.join(', ')} (see fixtures/pages/)`);
  const slugs = asked.length > 0 ? asked : known;
  rebuildStale(['extractor']);

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  let refused = 0;
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await serveFixtures(context);
    for (const slug of slugs) {
      const page = await context.newPage();
      await page.goto(fixtureUrl(slug));
      await loadExtractor(page);
      const article = await page.evaluate(() => Lectern.extract(document));
      const truth = readTruth(slug);
      const problems = checkArticle(article, truth);
      const target = fixtureFile(slug, 'expected.html');

      if (problems.length > 0 && !force) {
        refused++;
        console.log(`✗ ${slug}: not written, the extraction disagrees with expected.json:`);
        for (const problem of problems) console.log(`    - ${problem}`);
      } else if (!article) {
        if (existsSync(target)) rmSync(target);
        console.log(`· ${slug}: no article, no expected.html`);
      } else {
        const html = await page.evaluate(formatHtml, { html: article.content, blockTags: FORMAT_BLOCK_TAGS });
        const before = existsSync(target) ? readFileSync(target, 'utf8') : null;
        writeFileSync(target, html);
        const state = before === null ? 'created' : before === html ? 'unchanged' : 'changed';
        const lines = html.split('\n').length - 1;
        console.log(`✓ ${slug}: expected.html ${state} (${lines} lines, ${article.wordCount} words)`);
        if (problems.length > 0) console.log(`    written anyway (--force) despite: ${problems.join('; ')}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return refused > 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`fixture-update: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
