/**
 * npm run test:fixture -- <slug…>
 *
 * Runs the extractor fixture tests (e2e/extractor/fixtures.spec.ts, one test per folder of fixtures/pages) for
 * the named fixtures only, in Chromium. Playwright's global setup rebuilds dist-extractor/ first when src/ is
 * newer, and no other build. The exit code is Playwright's; 2 for a mistake in the command line.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseFlags, runMain, UsageError } from '../bench/cli.ts';
import { listFixtures, ROOT } from '../e2e/support/index.ts';

const USAGE = 'usage: npm run test:fixture -- <slug…>   (a folder name in fixtures/pages/)';

const FLAGS = {
  help: { type: 'boolean', short: 'h' },
} as const;

const SPEC = 'e2e/extractor/fixtures.spec.ts';
const PLAYWRIGHT = path.join(ROOT, 'node_modules', '.bin', 'playwright');

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches the title of each named fixture's test, `fixture <slug>`, and no other. */
function titlesOf(slugs: readonly string[]): string {
  return `fixture (?:${slugs.map(escapeRegExp).join('|')})$`;
}

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseFlags(argv, FLAGS, USAGE, true);
  if (positionals.length === 0) throw new UsageError(USAGE);
  const known = listFixtures();
  const unknown = positionals.filter((slug) => !known.includes(slug));
  if (unknown.length > 0) {
    throw new UsageError(`no such fixture: ${unknown.join(', ')}\nfixtures: ${known.join(' ')}`);
  }
  const run = spawnSync(PLAYWRIGHT, ['test', SPEC, '--project', 'chromium', '-g', titlesOf(positionals)], {
    cwd: ROOT,
    // The fixture tests load the extractor alone: the extension builds are left as they are.
    env: { ...process.env, LECTERN_BUILDS: 'extractor' },
    stdio: 'inherit',
  });
  if (run.error) throw run.error;
  return run.status ?? 1;
}

runMain('test:fixture', main);
