/** Where things are, and how Chromium is started: one place for the tests, the scripts and the config. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FIXTURES = path.join(ROOT, 'fixtures', 'pages');
/** The extractor bundle (`npx vite build --config vite.extractor.config.ts`); env LECTERN_JS runs another one. */
export const LECTERN_JS = process.env.LECTERN_JS ?? path.join(ROOT, 'dist-extractor', 'lectern.js');

/** Fixture pages are served here by routing, never from the network (docs/conventions.md). */
export const FIXTURE_ORIGIN = 'https://news.test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The launch arguments every Lectern browser run uses (docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The window every extraction run uses, so layout (and so geometry) is the same in tests, scripts and demo. */
export const VIEWPORT = { width: 1280, height: 900 };

export function fixtureUrl(slug: string): string {
  return `${FIXTURE_ORIGIN}/${slug}/`;
}
