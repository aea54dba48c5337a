import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtManifest, ROOT } from './built-manifest.ts';

// Meta-tests over the BUILT extension (npm test builds before it runs the unit tier): what ships is what
// we mean to ship (docs/conventions.md, "Meta-tests"). Both shipped builds come from the same sources and
// must agree; manifest.firefox.test.ts checks what only Firefox's has.
/** What both builds ask for; Chromium adds `offscreen`: its service worker has no document to copy from. */
const PERMISSIONS = ['activeTab', 'clipboardWrite', 'contextMenus', 'scripting', 'storage'];

describe.each([
  { browser: 'Chromium', dist: 'dist', permissions: [...PERMISSIONS, 'offscreen'] },
  { browser: 'Firefox', dist: 'dist-firefox', permissions: PERMISSIONS },
])('the shipped manifest for $browser ($dist/)', ({ dist, permissions }) => {
  const built = () => builtManifest(dist);

  it('asks for exactly the permissions reader view needs and no host access', () => {
    const m = built();
    expect([...(m.permissions ?? [])].sort()).toEqual([...permissions].sort());
    expect(m.host_permissions).toBeUndefined();
    // Web pages' sites, asked for one at a time when a person turns on "always open reader view" for one.
    expect(m.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('runs one background for normal and private windows, which keeps nothing of private ones', () => {
    // "spanning": the background sees each message's tab as private or not (background/pages-store.ts).
    expect(built().incognito).toBe('spanning');
  });

  it('injects on demand only: no declared content script, nothing web-accessible', () => {
    const m = built();
    expect(m.content_scripts).toBeUndefined();
    expect(m.web_accessible_resources).toBeUndefined();
  });

  it('has a suggested shortcut for toggle-reader', () => {
    expect(built().commands?.['toggle-reader']?.suggested_key?.default).toBe('Alt+Shift+K');
  });

  it('points only at files that exist in the build', () => {
    const m = built();
    const paths = [
      m.background?.service_worker,
      ...(m.background?.scripts ?? []),
      m.action?.default_popup,
      ...Object.values(m.icons ?? {}),
      ...Object.values(m.action?.default_icon ?? {}),
    ].filter((p): p is string => typeof p === 'string');
    expect(paths.length).toBeGreaterThan(4);
    for (const p of paths) expect(existsSync(path.join(ROOT, dist, p)), p).toBe(true);
  });

  it('ships the content script the background injects', () => {
    const assets = path.join(ROOT, dist, 'assets');
    const named = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => /extension\/content\/[\w.-]+\.js/.exec(readFileSync(path.join(assets, f), 'utf8'))?.[0])
      .filter((p): p is string => p !== undefined);
    expect(named.length, 'the background names its content script').toBeGreaterThan(0);
    for (const p of named) expect(existsSync(path.join(ROOT, dist, p)), p).toBe(true);
  });

  it('holds no test hook: tests drive the real UI, or the test build', () => {
    const scripts = (folder: string): string[] =>
      readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFileSync(path.join(ROOT, folder, name), 'utf8'));
    expect(scripts(dist).filter((code) => code.includes('lecternMenuItem'))).toEqual([]);
    // The search finds the hook where it is: in the test build.
    if (dist === 'dist')
      expect(scripts('dist-e2e').some((code) => code.includes('lecternMenuItem'))).toBe(true);
  });
});

describe('the Chromium build', () => {
  it('ships the offscreen document the background copies through', () => {
    const assets = path.join(ROOT, 'dist', 'assets');
    const named = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .some((f) => readFileSync(path.join(assets, f), 'utf8').includes('extension/offscreen/index.html'));
    expect(named).toBe(true);
    expect(existsSync(path.join(ROOT, 'dist', 'extension', 'offscreen', 'index.html'))).toBe(true);
  });
});
