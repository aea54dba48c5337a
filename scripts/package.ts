/**
 * npm run package
 *
 * Builds (the npm script runs `npm run build` first), then writes the two files a person installs and the
 * stores take into packages/ (git-ignored):
 *
 *   lectern-<version>-chrome.zip    dist/, manifest.json at the root: the Chrome Web Store upload
 *   lectern-<version>-firefox.xpi   dist-firefox/: what addons.mozilla.org signs
 *
 * <version> is package.json's, and both built manifests must say the same. `web-ext build` zips both folders
 * (it leaves out dotfiles, node_modules, *.zip and *.xpi). Only the shipped builds are packaged, never
 * dist-e2e/, whose manifest grants host access to the test origins. extension/packages.test.ts opens the
 * two archives and checks what they hold.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../e2e/support/paths.ts';

const PACKAGES = path.join(ROOT, 'packages');
const WEB_EXT = path.join(ROOT, 'node_modules', '.bin', 'web-ext');

interface Target {
  /** The build folder under the repo root. */
  dist: string;
  filename: (version: string) => string;
}

const TARGETS: Target[] = [
  { dist: 'dist', filename: (version) => `lectern-${version}-chrome.zip` },
  { dist: 'dist-firefox', filename: (version) => `lectern-${version}-firefox.xpi` },
];

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function packageVersion(): string {
  const { version } = readJson(path.join(ROOT, 'package.json')) as { version?: unknown };
  if (typeof version !== 'string' || version === '') throw new Error('package.json has no "version"');
  return version;
}

/** Refuses a build that is missing, has another version, or carries source maps: none of it may ship. */
function checkBuild(dist: string, version: string): void {
  const folder = path.join(ROOT, dist);
  const manifestFile = path.join(folder, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dist}/manifest.json is missing: run npm run build first`);
  const built = (readJson(manifestFile) as { version?: unknown }).version;
  if (built !== version) {
    throw new Error(
      `${dist}/manifest.json has version ${JSON.stringify(built)} but package.json has ${JSON.stringify(version)}: ` +
        'set the same version in manifest.json and package.json, then run npm run package again',
    );
  }
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  const maps = files.filter(
    (file) =>
      file.endsWith('.map') ||
      (file.endsWith('.js') && readFileSync(path.join(folder, file), 'utf8').includes('sourceMappingURL')),
  );
  if (maps.length > 0) {
    throw new Error(
      `${dist}/ has source maps or links to them (${maps.join(', ')}): the shipped build must not, ` +
        'so leave build.sourcemap off for it',
    );
  }
}

function webExtBuild(dist: string, filename: string): void {
  try {
    execFileSync(
      WEB_EXT,
      [
        'build',
        '--source-dir',
        dist,
        '--artifacts-dir',
        PACKAGES,
        '--filename',
        filename,
        '--overwrite-dest',
        '--no-config-discovery',
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } },
    );
  } catch {
    throw new Error(`web-ext build failed for ${dist}/ (its output is above)`);
  }
}

function main(): void {
  if (!existsSync(WEB_EXT)) throw new Error('web-ext is not installed: run npm ci first');
  const version = packageVersion();
  // Check both builds before writing either, so a failure leaves no half-made pair behind.
  for (const { dist } of TARGETS) checkBuild(dist, version);
  for (const { dist, filename } of TARGETS) webExtBuild(dist, filename(version));
  for (const { filename } of TARGETS) {
    const file = path.join(PACKAGES, filename(version));
    const kB = (statSync(file).size / 1000).toFixed(1);
    console.log(`${path.relative(ROOT, file)}  ${kB} kB`);
  }
}

try {
  main();
} catch (error) {
  console.error(`package: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
