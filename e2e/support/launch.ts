/** Loading the built extension into Chromium (docs/testing.md). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ROOT, VIEWPORT } from './paths.ts';
import { serveFixtures } from './serve.ts';

export interface LaunchOptions {
  /** The build to load, relative to the repo root: 'dist-e2e' (host access to news.test) or 'dist' (ships). */
  dist?: string;
  headless?: boolean;
  /** Extra environment variables for the browser process. */
  env?: Record<string, string>;
  /** Serve the fixtures at https://news.test/ (see serveFixtures). Default true. */
  serve?: boolean;
  /** Extra Chromium switches, after the standard ones. */
  args?: string[];
}

export interface LaunchedExtension {
  context: BrowserContext;
  /** The extension's service worker: evaluate `chrome.*` calls in it. */
  worker: Worker;
  extensionId: string;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<LaunchedExtension> {
  const dist = path.resolve(ROOT, options.dist ?? 'dist-e2e');
  if (!existsSync(path.join(dist, 'manifest.json'))) {
    throw new Error(`${path.relative(ROOT, dist)}/manifest.json is missing: run npm run build first`);
  }
  const context = await chromium.launchPersistentContext('', {
    executablePath: CHROMIUM_PATH,
    headless: options.headless ?? true,
    viewport: VIEWPORT,
    // Playwright always passes --disable-extensions; --disable-extensions-except is what re-enables ours.
    args: [
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
      ...CHROMIUM_ARGS,
      ...(options.args ?? []),
    ],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
  });
  try {
    if (options.serve ?? true) await serveFixtures(context);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    return { context, worker, extensionId: new URL(worker.url()).host };
  } catch (error) {
    await context.close();
    throw error;
  }
}
