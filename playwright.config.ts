import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/paths.ts';

// Every browser test runs headless in Debian's Chromium (browser downloads don't work on the build machines,
// see docs/testing.md). Two workers for two cores; no retries, so a flaky test shows up as a failure.
export default defineConfig({
  testDir: 'e2e',
  // Builds again whatever the tests load that is older than its sources (e2e/support/builds.ts).
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  workers: 2,
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'chromium', testIgnore: 'firefox/**' },
    // e2e/firefox/ starts Debian's firefox-esr itself with puppeteer-core over WebDriver BiDi: Playwright can't
    // install an add-on in Firefox, and its own Firefox build can't be downloaded here.
    { name: 'firefox', testMatch: 'firefox/**/*.spec.ts' },
  ],
});
