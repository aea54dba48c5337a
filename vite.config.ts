import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };

// LECTERN_E2E=1 builds dist-e2e/: the shipped manifest plus host access to the test origins. Headless tests
// cannot make the user gesture that grants activeTab (../shared/TOOLCHAIN.md), so only that build may inject
// without one. The shipped dist/ has no host permission at all.
const e2e = process.env.LECTERN_E2E === '1';
export const E2E_ORIGINS = ['https://news.test/*', 'http://127.0.0.1/*'];

export default defineConfig({
  plugins: [preact(), crx({ manifest: e2e ? { ...manifest, host_permissions: E2E_ORIGINS } : manifest })],
  build: { outDir: e2e ? 'dist-e2e' : 'dist', emptyOutDir: true, target: 'chrome120' },
});
