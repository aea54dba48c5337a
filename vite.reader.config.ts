import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// dist-reader/reader.js: the reader overlay without the extension, an IIFE that defines
// globalThis.LecternReader = { mountReader }, so e2e/reader/ tests the UI on plain pages (docs/conventions.md,
// "The reader mounts without the extension").
// It is built from the same extension/reader/index.ts the content script bundles, with the panels bundled in.
export default defineConfig({
  plugins: [preact()],
  // public/ holds the extension's icons; the harness needs none of it.
  publicDir: false,
  // Library mode leaves process.env.NODE_ENV in place; a browser page has no `process`.
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'dist-reader',
    emptyOutDir: true,
    target: 'chrome120',
    lib: {
      entry: 'extension/reader/harness.ts',
      formats: ['iife'],
      name: 'LecternReaderBundle',
      fileName: () => 'reader.js',
    },
  },
});
