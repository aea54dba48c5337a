import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// LECTERN_E2E=1 builds dist-e2e/: the shipped manifest plus host access to the test origins. Headless tests
// cannot make the user gesture that grants activeTab (../shared/TOOLCHAIN.md), so only that build may inject
// without one. The shipped dist/ has no host permission at all.
export const e2e = process.env.LECTERN_E2E === '1';
export const E2E_ORIGINS = ['https://news.test/*', 'http://127.0.0.1/*'];

/**
 * crxjs lists every `?script` import in web_accessible_resources for all http(s) pages, so any page could
 * fetch chrome-extension://<id>/extension/content/main.js and learn that Lectern is installed. The script is
 * injected with scripting.executeScript, which needs no web-accessible resource: drop the entry. crxjs also
 * emits the content entry a second time as an ES module chunk that nothing loads: drop it too.
 */
function onDemandContentScriptOnly(): Plugin {
  return {
    name: 'lectern:on-demand-content-script-only',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type === 'chunk' && file.facadeModuleId?.endsWith('/extension/content/main.ts')) {
          delete bundle[name];
        }
      }
    },
    // crxjs renders manifest.json late in generateBundle, after this plugin's hook: edit the written file.
    writeBundle(options) {
      const file = path.join(options.dir ?? 'dist', 'manifest.json');
      const json = JSON.parse(readFileSync(file, 'utf8')) as { web_accessible_resources?: unknown };
      delete json.web_accessible_resources;
      writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
    },
  };
}

type CrxOptions = Parameters<typeof crx>[0];

export interface ExtensionBuild {
  /** Which background form crxjs writes: a service worker ('chrome') or event-page scripts ('firefox'). */
  browser: NonNullable<CrxOptions['browser']>;
  manifest: CrxOptions['manifest'];
  outDir: string;
  /** The oldest browser whose syntax the bundle may use. */
  target: string;
}

/** The extension build, shared by the Chromium build below and vite.firefox.config.ts: same sources, same plugins. */
export function extensionConfig(build: ExtensionBuild): UserConfig {
  return {
    plugins: [
      preact(),
      crx({ manifest: build.manifest, browser: build.browser }),
      onDemandContentScriptOnly(),
    ],
    build: { outDir: build.outDir, emptyOutDir: true, target: build.target },
  };
}

export default defineConfig(
  extensionConfig({
    browser: 'chrome',
    manifest: e2e ? { ...manifest, host_permissions: E2E_ORIGINS } : manifest,
    outDir: e2e ? 'dist-e2e' : 'dist',
    target: 'chrome120',
  }),
);
