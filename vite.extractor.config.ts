import { defineConfig, type Plugin } from 'vite';

/** The marker src/builtins.ts holds for the names the bundle's code spells. */
const SPELLED_MARKER = /(["'`])%LECTERN-SPELLED-NAMES%\1/;

/**
 * Writes every name the finished bundle spells (property names, strings, identifiers: more than it reads, never
 * fewer) into src/builtins.ts, which keeps only those of the built-ins' properties from the page: the others,
 * most of the DOM's, are never called, and each one kept is checked on every call.
 */
function spelledNames(): Plugin {
  return {
    name: 'lectern:spelled-names',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const names = [...new Set(file.code.match(/[A-Za-z_$][\w$]*/g))].sort().join(' ');
        // A function: the names hold `$1`, `$&`…, which a replacement string would read as patterns.
        const code = file.code.replace(SPELLED_MARKER, () => JSON.stringify(names));
        if (code === file.code) this.error('src/builtins.ts: no marker for the spelled names in the bundle');
        file.code = code;
      }
    },
  };
}

// dist-extractor/lectern.js: the extractor as one IIFE that defines globalThis.Lectern = { extract, toText,
// toMarkdown }. It is built from the same src/index.ts the content script bundles, so the benchmark, the CLI
// and outside tools run exactly the code the extension runs.
export default defineConfig({
  // public/ holds the extension's icons; the library needs none of it.
  publicDir: false,
  plugins: [spelledNames()],
  build: {
    outDir: 'dist-extractor',
    emptyOutDir: true,
    target: 'chrome120',
    lib: { entry: 'src/global.ts', formats: ['iife'], name: 'LecternBundle', fileName: () => 'lectern.js' },
  },
});
