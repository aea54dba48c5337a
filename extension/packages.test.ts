import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { E2E_ORIGINS } from '../vite.config.ts';
import { GECKO_ID } from '../vite.firefox.config.ts';
import { type BuiltManifest, ROOT } from './built-manifest.ts';

// Meta-tests over the two files people install and the stores take (npm test runs `npm run package`, which
// builds and writes them, before the unit tier): the archives themselves are opened, not the folders they came
// from, so a packaging step that drops, moves or adds files fails here (docs/conventions.md, "Meta-tests").

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** Hosts only the test build dist-e2e/ may reach: they must appear nowhere in a shipped manifest. */
const TEST_HOSTS = E2E_ORIGINS.map((origin) => new URL(origin.replace('*', '')).hostname);

/** A manifest as far as this test reads it: BuiltManifest with every key that can name a file. */
interface PackagedManifest
  extends Omit<BuiltManifest, 'action' | 'background' | 'content_scripts' | 'web_accessible_resources'> {
  version?: string;
  action?: { default_popup?: string; default_icon?: string | Record<string, string> };
  background?: { service_worker?: string; scripts?: string[]; page?: string; type?: string };
  content_scripts?: { js?: string[]; css?: string[] }[];
  web_accessible_resources?: (string | { resources?: string[] })[];
  options_ui?: { page?: string };
  options_page?: string;
}

/** Every file the manifest names; web-accessible entries may be globs. */
function namedPaths(m: PackagedManifest): string[] {
  const icon = m.action?.default_icon;
  return [
    ...Object.values(m.icons ?? {}),
    ...(typeof icon === 'string' ? [icon] : Object.values(icon ?? {})),
    m.action?.default_popup,
    m.background?.service_worker,
    ...(m.background?.scripts ?? []),
    m.background?.page,
    ...(m.content_scripts ?? []).flatMap((script) => [...(script.js ?? []), ...(script.css ?? [])]),
    ...(m.web_accessible_resources ?? []).flatMap((entry) =>
      typeof entry === 'string' ? [entry] : (entry.resources ?? []),
    ),
    m.options_ui?.page,
    m.options_page,
  ]
    .filter((p): p is string => typeof p === 'string')
    .map((p) => p.replace(/^\//, ''));
}

/** Files an extension page or module loads by path: `src`/`href` in HTML, static imports in JS. */
function loadedPaths(file: string, text: string): string[] {
  const found = file.endsWith('.html')
    ? [...text.matchAll(/\s(?:src|href)\s*=\s*["']([^"']+)["']/gi)]
    : [...text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*["']([^"']+)["']/g)];
  return found
    .map((match) => match[1] ?? '')
    .filter((url) => !/^[a-z][\w+.-]*:/i.test(url) && !url.startsWith('#'))
    .map((url) => (url.startsWith('/') ? url.slice(1) : path.posix.join(path.posix.dirname(file), url)));
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
}

/** An archive's files (directory entries left out), by path. */
function openPackage(file: string): Map<string, Uint8Array> {
  const archive = path.join(ROOT, 'packages', file);
  if (!existsSync(archive)) throw new Error(`packages/${file} is missing: run npm run package first`);
  const entries = Object.entries(unzipSync(new Uint8Array(readFileSync(archive))));
  return new Map(entries.filter(([name]) => !name.endsWith('/')));
}

/** The files in a build folder, as web-ext packs them: no dotfiles. */
function buildFiles(dist: string): Map<string, Buffer> {
  const folder = path.join(ROOT, dist);
  const files = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((part) => part.startsWith('.')));
  return new Map(files.map((file) => [file, readFileSync(path.join(folder, file))]));
}

for (const { store, file, dist } of [
  { store: 'Chrome', file: `lectern-${version}-chrome.zip`, dist: 'dist' },
  { store: 'Firefox', file: `lectern-${version}-firefox.xpi`, dist: 'dist-firefox' },
]) {
  describe(`the ${store} package (packages/${file})`, () => {
    let opened: Map<string, Uint8Array> | undefined;
    const entries = () => {
      opened ??= openPackage(file);
      return opened;
    };
    const text = (name: string) => new TextDecoder().decode(entries().get(name));
    const manifest = () => JSON.parse(text('manifest.json')) as PackagedManifest;

    it('has manifest.json at its root', () => {
      expect([...entries().keys()].filter((name) => name.endsWith('manifest.json'))).toEqual([
        'manifest.json',
      ]);
    });

    it(`is version ${version}, as package.json says`, () => {
      expect(manifest().version).toBe(version);
    });

    it('holds every file the manifest names', () => {
      const names = [...entries().keys()];
      const paths = namedPaths(manifest());
      expect(paths.length).toBeGreaterThan(4);
      for (const p of paths) {
        const present = p.includes('*') ? names.some((name) => globToRegExp(p).test(name)) : entries().has(p);
        expect(present, p).toBe(true);
      }
    });

    it('holds every file its pages and modules load', () => {
      const loaded = [...entries().keys()]
        .filter((name) => name.endsWith('.html') || name.endsWith('.js'))
        .flatMap((name) => loadedPaths(name, text(name)).map((target) => ({ name, target })));
      expect(loaded.length).toBeGreaterThan(0);
      for (const { name, target } of loaded)
        expect(entries().has(target), `${name} loads ${target}`).toBe(true);
    });

    it('reaches the extension through webextension-polyfill in its own pages and worker, never in a content script', () => {
      // The polyfill's own words, in every build of it.
      const polyfill = 'This script should only be loaded in a browser extension';
      /** A file and every file it loads, and they load, in the package. */
      const withLoaded = (start: string): string[] => {
        const seen = new Set([start]);
        for (const name of seen)
          for (const target of loadedPaths(name, text(name))) if (entries().has(target)) seen.add(target);
        return [...seen];
      };
      const carries = (start: string) => withLoaded(start).some((name) => text(name).includes(polyfill));
      const m = manifest();
      const own = [m.background?.service_worker, ...(m.background?.scripts ?? []), m.action?.default_popup]
        .concat(m.options_ui?.page)
        .filter((name): name is string => typeof name === 'string');
      expect(own.length).toBeGreaterThanOrEqual(3);
      for (const start of own) expect(carries(start), start).toBe(true);
      const content = [
        ...(m.content_scripts ?? []).flatMap((script) => script.js ?? []),
        ...[...entries().keys()].filter(
          (name) => name.startsWith('extension/content/') && name.endsWith('.js'),
        ),
      ];
      expect(content.length).toBeGreaterThan(2);
      for (const start of content) expect(carries(start), start).toBe(false);
    });

    it('ships no source maps and no dotfiles', () => {
      const names = [...entries().keys()];
      expect(names.filter((name) => name.endsWith('.map'))).toEqual([]);
      expect(names.filter((name) => name.split('/').some((part) => part.startsWith('.')))).toEqual([]);
      const linked = names.filter((name) => name.endsWith('.js') && text(name).includes('sourceMappingURL'));
      expect(linked, 'scripts with a sourceMappingURL comment').toEqual([]);
    });

    it('asks for no host access (web sites only as the optional one) and names none of the test origins', () => {
      const m = manifest();
      expect(m.host_permissions).toBeUndefined();
      expect(m.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
      for (const host of TEST_HOSTS) expect(text('manifest.json'), host).not.toContain(host);
    });

    it(`is exactly the shipped build ${dist}/, not the test build`, () => {
      const built = buildFiles(dist);
      const stale = `packages/${file} differs from ${dist}/ (a stale package? run npm run package)`;
      expect([...entries().keys()].sort(), stale).toEqual([...built.keys()].sort());
      for (const [name, bytes] of built) {
        expect(Buffer.from(entries().get(name) ?? []).equals(bytes), `${stale} (${name} differs)`).toBe(true);
      }
    });
  });
}

describe('the Firefox package', () => {
  it('names the add-on (browser_specific_settings.gecko.id), as Firefox and addons.mozilla.org require', () => {
    const manifest = openPackage(`lectern-${version}-firefox.xpi`).get('manifest.json');
    const parsed = JSON.parse(new TextDecoder().decode(manifest)) as PackagedManifest;
    expect(parsed.browser_specific_settings?.gecko?.id).toBe(GECKO_ID);
  });
});
