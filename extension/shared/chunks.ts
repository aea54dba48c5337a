/**
 * The content script's later parts (chunks), written once: their entry module and the file the build writes.
 * The build (vite.config.ts) builds each as a script of its own, the background injects it on request
 * (`background:load`), and it registers itself in the isolated world (extension/content/chunks.ts).
 */
export const CHUNKS = {
  /** Copies and saved files: turndown, DOMPurify, the saved page's stylesheet. */
  exporters: { entry: 'extension/content/exporters.ts', file: 'extension/content/exporters.js' },
  /** The export menu's list, the reading settings, the keyboard help and read aloud, with their styles. */
  panels: { entry: 'extension/content/panels.ts', file: 'extension/content/panels.js' },
} as const;

export type ChunkName = keyof typeof CHUNKS;

export const isChunkName = (value: unknown): value is ChunkName =>
  typeof value === 'string' && Object.hasOwn(CHUNKS, value);

/**
 * What the content script hands the chunks of its Preact (the panels render inside its tree, so they must use
 * the very same instance, one set of hooks state): these exports of these modules, under a Symbol.for key on
 * the isolated world's global. The chunks' build reads exactly these names there, so a chunk that imports
 * anything else of Preact fails to build (vite.config.ts), not at run time.
 */
export const SHARED_MODULES = 'lectern.modules';
export const SHARED_EXPORTS = {
  'preact/hooks': ['useCallback', 'useEffect', 'useRef', 'useState'],
  'preact/jsx-runtime': ['Fragment', 'jsx', 'jsxs'],
} as const;
export type SharedModules = {
  readonly [M in keyof typeof SHARED_EXPORTS]: {
    readonly [E in (typeof SHARED_EXPORTS)[M][number]]: unknown;
  };
};
