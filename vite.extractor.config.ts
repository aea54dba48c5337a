import { defineConfig } from 'vite';

// dist-extractor/lectern.js: the extractor as one IIFE that defines globalThis.Lectern = { extract, toText,
// toMarkdown }. It is built from the same src/index.ts the content script bundles, so the benchmark, the CLI
// and outside tools run exactly the code the extension runs.
export default defineConfig({
  // public/ holds the extension's icons; the library needs none of it.
  publicDir: false,
  build: {
    outDir: 'dist-extractor',
    emptyOutDir: true,
    target: 'chrome120',
    lib: { entry: 'src/global.ts', formats: ['iife'], name: 'LecternBundle', fileName: () => 'lectern.js' },
  },
});
