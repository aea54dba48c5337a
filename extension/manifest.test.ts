import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Meta-tests over the BUILT extension (npm test builds before it runs the unit tier): what ships is what
// we mean to ship (STYLE.md practice 12).
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

interface Manifest {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: unknown[];
  web_accessible_resources?: unknown[];
  background?: { service_worker?: string };
  action?: { default_popup?: string; default_icon?: Record<string, string> };
  icons?: Record<string, string>;
  commands?: Record<string, { suggested_key?: { default?: string } }>;
}

function built(): Manifest {
  const file = path.join(dist, 'manifest.json');
  if (!existsSync(file)) throw new Error('dist/manifest.json is missing: run npm run build first');
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

describe('the shipped manifest', () => {
  it('asks for exactly the permissions reader view needs and no host access', () => {
    const m = built();
    expect([...(m.permissions ?? [])].sort()).toEqual([
      'activeTab',
      'clipboardWrite',
      'scripting',
      'storage',
    ]);
    expect(m.host_permissions).toBeUndefined();
    expect(m.optional_host_permissions).toBeUndefined();
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
      m.action?.default_popup,
      ...Object.values(m.icons ?? {}),
      ...Object.values(m.action?.default_icon ?? {}),
    ].filter((p): p is string => typeof p === 'string');
    expect(paths.length).toBeGreaterThan(4);
    for (const p of paths) expect(existsSync(path.join(dist, p)), p).toBe(true);
  });

  it('ships the content script the background injects', () => {
    const assets = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const named = assets
      .map(
        (f) =>
          /extension\/content\/[\w.-]+\.js/.exec(readFileSync(path.join(dist, 'assets', f), 'utf8'))?.[0],
      )
      .filter((p): p is string => p !== undefined);
    expect(named.length, 'the background names its content script').toBeGreaterThan(0);
    for (const p of named) expect(existsSync(path.join(dist, p)), p).toBe(true);
  });
});
