import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { minify as terserMinify } from 'terser';
import { defineConfig, type Plugin, type ResolvedConfig, type UserConfig, build as viteBuild } from 'vite';
import { CHUNKS } from './extension/shared/chunks.ts';
import manifest from './manifest.json' with { type: 'json' };

// LECTERN_E2E=1 builds dist-e2e/: the shipped manifest plus host access to the test origins. Headless tests
// cannot make the user gesture that grants activeTab (docs/testing.md), so only that build may inject
// without one. The shipped dist/ has no host permission at all.
export const e2e = process.env.LECTERN_E2E === '1';
export const E2E_ORIGINS = ['https://news.test/*', 'http://127.0.0.1/*'];

/** The content script: crxjs builds the background's `?script&iife` import of it as a script of its own. */
const CONTENT_ENTRIES = ['/extension/content/main.ts'];

const isContentEntry = (id: string | null | undefined): boolean =>
  !!id && CONTENT_ENTRIES.some((suffix) => id.endsWith(suffix));

/**
 * crxjs lists every `?script` import in web_accessible_resources for all http(s) pages, so any page could
 * fetch chrome-extension://<id>/extension/content/main.js and learn that Lectern is installed. The scripts are
 * injected with scripting.executeScript, which needs no web-accessible resource: drop the entry. crxjs also
 * emits each content entry a second time as an ES module chunk that nothing loads: that one is built from an
 * empty module (crxjs builds the real IIFE in a build of its own, without this plugin), so the content code
 * never joins the popup's and the worker's shared chunks, and then it is dropped.
 */
function onDemandContentScriptOnly(): Plugin {
  return {
    name: 'lectern:on-demand-content-script-only',
    enforce: 'pre',
    load(id) {
      return isContentEntry(id) ? 'export {};' : null;
    },
    generateBundle(_options, bundle) {
      for (const [name, file] of Object.entries(bundle)) {
        if (file.type === 'chunk' && isContentEntry(file.facadeModuleId)) {
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

/**
 * The content script is what every key press loads before the first paint, so it is packed once more: Terser
 * over Vite's minified output finds what either minifier alone leaves (docs/performance.md). crxjs builds the
 * script in a build of its own and passes on no minifier options, so this runs on the written file.
 * `hoist_funs` puts each scope's function declarations together, where deflate finds more of their like;
 * `unsafe_arrows` is safe here because no function of this script is called with `new` or read for its
 * `prototype`. Terser over its own output finds more again, so it runs until the script stops shrinking.
 */
const MAX_TERSER_ROUNDS = 4;

/**
 * V8's explicit compile hint: every function of the script is compiled as the script is, not lazily on its
 * first call (a second parse each). Nearly all of the content script runs on the first press; paired page by
 * page on the fixtures (bench/overlay.ts, alternated builds), the reader showed 6 ms sooner warm and 8 ms cold.
 * Other engines read it as a comment.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function packedContentScript(): Plugin {
  return {
    name: 'lectern:packed-content-script',
    apply: 'build',
    async writeBundle(options) {
      for (const entry of CONTENT_ENTRIES) {
        const file = path.join(options.dir ?? 'dist', entry.replace(/\.ts$/, '.js'));
        let code = readFileSync(file, 'utf8');
        for (let round = 0; round < MAX_TERSER_ROUNDS; round++) {
          const packed = await terserMinify(code, {
            ecma: 2020,
            compress: { passes: 3, hoist_funs: true, unsafe_arrows: true },
          });
          if (packed.code === undefined) throw new Error(`terser gave nothing for ${file}`);
          if (packed.code.length >= code.length) break;
          code = packed.code;
        }
        writeFileSync(file, COMPILE_HINT + code);
      }
    },
  };
}

/**
 * The content script's later parts (extension/shared/chunks.ts), each built as one classic script the
 * background injects on request, written beside the content script. Each brings its own copy of what it
 * imports, Preact included: a chunk is a script of its own, not a module of the content script's.
 */
function lazyChunks(target: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lectern:lazy-chunks',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      for (const [name, chunk] of Object.entries(CHUNKS)) {
        const result = await viteBuild({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          publicDir: false,
          plugins: [preact()],
          define: { ...config.define, 'process.env.NODE_ENV': '"production"' },
          build: {
            write: false,
            emptyOutDir: false,
            target,
            minify: config.build.minify,
            lib: {
              entry: path.resolve(config.root, chunk.entry),
              formats: ['iife'],
              name: `lecternChunk_${name}`,
              fileName: () => chunk.file,
            },
          },
        });
        const outputs = Array.isArray(result) ? result : [result];
        const code = outputs
          .flatMap((out) => ('output' in out ? out.output : []))
          .find((file) => file.type === 'chunk');
        if (code?.type !== 'chunk') throw new Error(`lazy chunk ${name}: no script built`);
        this.emitFile({ type: 'asset', fileName: chunk.file, source: code.code });
      }
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
  /** Extension pages not named in the manifest (Chromium's offscreen document). */
  pages?: string[];
}

/** The extension build, shared by the Chromium build below and vite.firefox.config.ts: same sources, same plugins. */
export function extensionConfig(build: ExtensionBuild): UserConfig {
  return {
    plugins: [
      preact(),
      crx({ manifest: build.manifest, browser: build.browser }),
      onDemandContentScriptOnly(),
      packedContentScript(),
      lazyChunks(build.target),
    ],
    // The manifest names its icons under public/ and crxjs copies what it names; Vite's own copy of public/
    // to the build's root would ship every icon twice.
    publicDir: false,
    // The test build's hooks (extension/env.d.ts) compile away in the shipped one.
    define: {
      'import.meta.env.LECTERN_E2E': JSON.stringify(e2e),
      'import.meta.env.LECTERN_BROWSER': JSON.stringify(build.browser),
    },
    build: {
      outDir: build.outDir,
      emptyOutDir: true,
      target: build.target,
      ...(build.pages ? { rollupOptions: { input: build.pages } } : {}),
    },
  };
}

export default defineConfig(
  extensionConfig({
    browser: 'chrome',
    manifest: e2e ? { ...manifest, host_permissions: E2E_ORIGINS } : manifest,
    outDir: e2e ? 'dist-e2e' : 'dist',
    target: 'chrome120',
    // The service worker has no document to write the clipboard from (extension/background/clipboard.ts).
    pages: ['extension/offscreen/index.html'],
  }),
);
