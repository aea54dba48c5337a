/**
 * Shared Playwright helpers for every spec under e2e/ and the scripts/ tools.
 *
 * - `serveFixtures(context)`: https://news.test/<slug>/ → fixtures/pages/<slug>/source.html (+ files beside it);
 *   every other http(s) request → 404 at once. chrome-extension:// and data: are not intercepted.
 * - `launchExtension({ dist = 'dist-e2e', headless = true, env, serve = true })` → `{ context, worker,
 *   extensionId }`: the built extension in Debian Chromium, fixtures already served.
 * - `loadExtractor(page)`: defines `globalThis.Lectern` ({ extract, toText, toMarkdown }) in the page from
 *   dist-extractor/lectern.js, leaving the page's DOM untouched.
 * - `fixtureUrl(slug)`, `listFixtures()`, `readTruth(slug)`, `checkArticle(article, truth)`,
 *   `checkShownAnyway(forced, truth)`: the fixture corpus.
 * - `formatHtml`, `firstDifference`: in-page functions (page.evaluate) to format and compare article HTML.
 * - `ROOT`, `FIXTURES`, `LECTERN_JS`, `FIXTURE_ORIGIN`, `CHROMIUM_PATH`, `CHROMIUM_ARGS`, `VIEWPORT` (1280×900).
 */
export { FORMAT_BLOCK_TAGS, firstDifference, formatHtml } from './dom-diff.ts';
export { type LecternApi, loadExtractor } from './extractor.ts';
export { type LaunchedExtension, type LaunchOptions, launchExtension } from './launch.ts';
export {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FIXTURE_ORIGIN,
  FIXTURES,
  fixtureUrl,
  LECTERN_JS,
  ROOT,
  VIEWPORT,
} from './paths.ts';
export { contentType, fulfillFile, type LoopbackSite, serveFixtures, serveLoopback } from './serve.ts';
export {
  checkArticle,
  checkShownAnyway,
  type FixtureTruth,
  fixtureFile,
  listFixtures,
  readExpectedHtml,
  readTruth,
} from './truth.ts';
