/**
 * npm start (build, then this) / npm run demo -- [--headed]
 *
 * Shows Lectern working end to end, through the extension as a person would use it: loads the built test
 * extension (dist-e2e/) into Chromium, opens the news-article fixture at https://news.test/news-article/,
 * opens the extension's popup for that tab and clicks "Open reader view", saves a screenshot of the reader to
 * demo-output/reader.png, then clicks the reader's "Copy Markdown" and prints what landed on the clipboard.
 * Headless unless --headed is given and a display is available ($DISPLAY).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { FIXTURE_ORIGIN, fixtureUrl, launchExtension, ROOT, readTruth } from '../e2e/support/index.ts';
import { overlayOf } from '../e2e/support/overlay.ts';

const SLUG = 'news-article';
const SCREENSHOT = path.join(ROOT, 'demo-output', 'reader.png');
const POPUP = 'extension/popup/index.html';

/** The bit of chrome.* evaluated in the service worker (the repo has no @types/chrome). */
interface WorkerChrome {
  tabs: { query(query: { url: string }): Promise<Array<{ id?: number }>> };
}

function say(line: string): void {
  process.stderr.write(`demo: ${line}\n`);
}

async function run(context: BrowserContext, worker: import('@playwright/test').Worker, extensionId: string) {
  const title = readTruth(SLUG).title ?? '';
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: FIXTURE_ORIGIN });

  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(fixtureUrl(SLUG));
  say(`opened ${page.url()}`);

  // The popup would normally be about the active tab; opened as a page of its own it is told the tab by id.
  const tabId = await worker.evaluate(async (pattern) => {
    const { chrome } = globalThis as unknown as { chrome: WorkerChrome };
    const [tab] = await chrome.tabs.query({ url: pattern });
    return tab?.id ?? null;
  }, `${FIXTURE_ORIGIN}/*`);
  if (tabId === null) throw new Error('the extension cannot see the article tab');

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/${POPUP}?tab=${tabId}`);
  await popup.getByRole('button', { name: 'Open reader view' }).click({ timeout: 15_000 });
  say('clicked "Open reader view" in the popup');

  await page.bringToFront();
  // The reader's shadow root is closed to the page (and to Playwright's locators): it is read, and its buttons
  // pressed, through the browser's debugging protocol.
  const reader = await overlayOf(page);
  const shown = () => reader.has(title, 'heading');
  for (let waited = 0; waited < 15_000 && !(await shown()); waited += 100) await page.waitForTimeout(100);
  if (!(await shown())) throw new Error('the reader did not show the article’s title within 15 s');
  say('reader view is showing the article');
  mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT });

  await page.evaluate(() => navigator.clipboard.writeText(''));
  await reader.click('Copy Markdown');
  let markdown = '';
  for (let waited = 0; waited < 5_000 && !markdown; waited += 100) {
    markdown = await page.evaluate(() => navigator.clipboard.readText());
    if (!markdown) await page.waitForTimeout(100);
  }
  if (!markdown) throw new Error('"Copy Markdown" left the clipboard empty');
  say('clicked "Copy Markdown"; the clipboard holds:\n');
  process.stdout.write(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  say(`screenshot of the reader view: ${path.relative(process.cwd(), SCREENSHOT) || SCREENSHOT}`);
}

async function main(): Promise<void> {
  const dist = path.join(ROOT, 'dist-e2e');
  if (!existsSync(path.join(dist, 'manifest.json')) || !existsSync(path.join(dist, POPUP))) {
    throw new Error(
      'dist-e2e/ is missing or incomplete: run npm run build first (or LECTERN_E2E=1 npx vite build)',
    );
  }
  const headed = process.argv.includes('--headed');
  if (headed && !process.env.DISPLAY) say('--headed needs a display ($DISPLAY is not set): running headless');
  const { context, worker, extensionId } = await launchExtension({
    headless: !(headed && process.env.DISPLAY),
  });
  try {
    await run(context, worker, extensionId);
  } finally {
    await context.close();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`demo: ${message.split('\n')[0]}\n`);
  process.exitCode = 1;
});
