import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig, type Plugin } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// LECTERN_E2E=1 builds dist-e2e/: the shipped manifest plus host access to the test origins. Headless tests
// cannot make the user gesture that grants activeTab (../shared/TOOLCHAIN.md), so only that build may inject
// without one. The shipped dist/ has no host permission at all.
const e2e = process.env.LECTERN_E2E === '1';
const E2E_ORIGINS = ['https://news.test/*', 'http://127.0.0.1/*'];

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

export default defineConfig({
  plugins: [
    preact(),
    crx({ manifest: e2e ? { ...manifest, host_permissions: E2E_ORIGINS } : manifest }),
    onDemandContentScriptOnly(),
  ],
  build: { outDir: e2e ? 'dist-e2e' : 'dist', emptyOutDir: true, target: 'chrome120' },
});
