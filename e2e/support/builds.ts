/**
 * The builds the browser tests load, what each is built from, and rebuilding the ones older than their sources,
 * so a test never runs a bundle that predates the code it is meant to test. A build is stale when its product
 * is missing or any of its sources was written after it; comparing file times makes the check a few hundred
 * stat calls, so a run after `npm run build` (as in CI) builds nothing again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { LECTERN_JS, ROOT } from './paths.ts';

export interface Build {
  /** The folder the build writes, under the repo root. */
  outDir: string;
  /** The file the tests load or look for, relative to `outDir`: its time is when the build was written. */
  product: string;
  /** The Vite config the build runs. */
  config: string;
  /** LECTERN_E2E=1 adds host access to the test origins (vite.config.ts). */
  e2e: boolean;
  /** Files and folders it is built from, under the repo root. */
  sources: readonly string[];
}

/** Every build reads these: the dependencies it bundles and the TypeScript settings its transform follows. */
const SHARED_SOURCES = ['package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];
const EXTRACTOR_SOURCES = [...SHARED_SOURCES, 'src'];
const EXTENSION_SOURCES = [...EXTRACTOR_SOURCES, 'extension', 'public', 'manifest.json', 'vite.config.ts'];

/** In the order `npm run build` writes them. */
export const BUILDS = {
  extension: {
    outDir: 'dist',
    product: 'manifest.json',
    config: 'vite.config.ts',
    e2e: false,
    sources: EXTENSION_SOURCES,
  },
  extensionE2e: {
    outDir: 'dist-e2e',
    product: 'manifest.json',
    config: 'vite.config.ts',
    e2e: true,
    sources: EXTENSION_SOURCES,
  },
  extractor: {
    outDir: 'dist-extractor',
    product: 'lectern.js',
    config: 'vite.extractor.config.ts',
    e2e: false,
    sources: [...EXTRACTOR_SOURCES, 'vite.extractor.config.ts'],
  },
  reader: {
    outDir: 'dist-reader',
    product: 'reader.js',
    config: 'vite.reader.config.ts',
    e2e: false,
    sources: [...EXTRACTOR_SOURCES, 'extension', 'vite.reader.config.ts'],
  },
  firefox: {
    outDir: 'dist-firefox',
    product: 'manifest.json',
    config: 'vite.firefox.config.ts',
    e2e: false,
    sources: [...EXTENSION_SOURCES, 'vite.firefox.config.ts'],
  },
} as const satisfies Record<string, Build>;

export type BuildName = keyof typeof BUILDS;

const isBuildName = (name: string): name is BuildName => Object.hasOwn(BUILDS, name);

/**
 * The builds a comma-separated list names (LECTERN_BUILDS: a run that loads only some of them, as
 * `npm run test:fixture` loads only the extractor), or every build when there is no list.
 */
export function buildsNamed(list: string | undefined): BuildName[] {
  const all = Object.keys(BUILDS) as BuildName[];
  if (list === undefined || list.trim() === '') return all;
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isBuildName(name));
  if (unknown.length > 0) {
    throw new Error(`LECTERN_BUILDS: no build named ${unknown.join(', ')} (the builds: ${all.join(', ')})`);
  }
  return names.filter(isBuildName);
}

/** Unit tests sit beside the code but no bundle imports them: editing one needs no rebuild. */
const isUnitTest = (file: string): boolean => /\.test\.tsx?$/.test(file);

/**
 * The most recently written file or folder under `entry`, or null when there is none. A folder counts because
 * its time changes when a file in it is added, removed or renamed, which leaves the files' own times alone.
 */
function newestEntry(entry: string): { file: string; time: number } | null {
  if (!existsSync(entry)) return null;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return isUnitTest(entry) ? null : { file: entry, time: stat.mtimeMs };
  let newest = { file: entry, time: stat.mtimeMs };
  for (const child of readdirSync(entry)) {
    const found = newestEntry(path.join(entry, child));
    if (found && found.time > newest.time) newest = found;
  }
  return newest;
}

/** Why `build` must be built again, or null when its product is newer than every source. */
export function whyStale(build: Build): string | null {
  const product = path.join(ROOT, build.outDir, build.product);
  if (!existsSync(product)) return `${build.outDir}/${build.product} is missing`;
  const built = statSync(product).mtimeMs;
  for (const source of build.sources) {
    const newest = newestEntry(path.join(ROOT, source));
    if (newest && newest.time > built) {
      return `${path.relative(ROOT, newest.file)} changed after ${build.outDir}/ was built`;
    }
  }
  return null;
}

const VITE = path.join(ROOT, 'node_modules', '.bin', 'vite');

/** Runs the build's `vite build`, its output on stderr; a failed build leaves no folder to pass for a fresh one. */
function runBuild(build: Build): void {
  const result = spawnSync(VITE, ['build', '-c', build.config, '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, LECTERN_E2E: build.e2e ? '1' : '0' },
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) {
    rmSync(path.join(ROOT, build.outDir), { recursive: true, force: true });
    const how = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
    throw new Error(`building ${build.outDir}/ failed (${how})`);
  }
}

/**
 * Builds again each of `names` that is stale, saying which and why on stderr. The extractor is left alone when
 * LECTERN_JS points the tests at another bundle.
 */
export function rebuildStale(names: readonly BuildName[]): void {
  for (const name of names) {
    const build: Build = BUILDS[name];
    if (name === 'extractor' && LECTERN_JS !== path.join(ROOT, build.outDir, build.product)) continue;
    const reason = whyStale(build);
    if (reason === null) continue;
    process.stderr.write(`Building ${build.outDir}/: ${reason}\n`);
    const started = performance.now();
    runBuild(build);
    process.stderr.write(
      `Built ${build.outDir}/ in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
}
