/**
 * Reading a built extension's manifest.json, for the meta-tests over what ships (docs/conventions.md,
 * "Meta-tests").
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface BuiltManifest {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  incognito?: string;
  content_scripts?: unknown[];
  web_accessible_resources?: unknown[];
  background?: { service_worker?: string; scripts?: string[]; type?: string };
  action?: { default_popup?: string; default_icon?: Record<string, string> };
  icons?: Record<string, string>;
  commands?: Record<string, { suggested_key?: { default?: string } }>;
  browser_specific_settings?: {
    gecko?: {
      id?: string;
      strict_min_version?: string;
      data_collection_permissions?: { required?: string[] };
    };
  };
}

/** The manifest of the build in `dist` (a folder under the repo root); npm test builds before the unit tier. */
export function builtManifest(dist: string): BuiltManifest {
  const file = path.join(ROOT, dist, 'manifest.json');
  // not shown: for whoever runs the tests
  if (!existsSync(file)) throw new Error(`${dist}/manifest.json is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuiltManifest;
}
