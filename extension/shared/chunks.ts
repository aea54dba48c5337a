/**
 * The content script's later parts (chunks), written once: their entry module, the file the build writes, and
 * when it loads (the bench's size table says it).
 * The build (vite.config.ts) builds each as a script of its own, the background injects it on request
 * (`background:load`), and it registers itself in the isolated world (extension/content/chunks.ts).
 */
/** When most chunks load: a person asked for what they hold. */
// not shown: the bench's size table
const FIRST_USE = 'injected on first use';

export const CHUNKS = {
  /** Copies and saved files: turndown, DOMPurify, the saved page's stylesheet. */
  exporters: {
    entry: 'extension/content/exporters.ts',
    file: 'extension/content/exporters.js',
    when: FIRST_USE,
  },
  /** The export menu's list, the reading settings, the keyboard help and read aloud, with their styles and Preact. */
  panels: { entry: 'extension/content/panels.ts', file: 'extension/content/panels.js', when: FIRST_USE },
  /** The reader's tools: the Edit mode and the bar of a site's fix, the picker, the outline, their styles. */
  tools: { entry: 'extension/content/tools.ts', file: 'extension/content/tools.js', when: FIRST_USE },
  /** The legible typeface's files (reader/legible-faces.ts), when a person first chooses it. */
  typeface: {
    entry: 'extension/content/typeface.ts',
    file: 'extension/content/typeface.js',
    when: FIRST_USE,
  },
  /**
   * The code highlighter: highlight.js's common grammars (lowlight) and the tokens' colours, once a reader
   * showing a code block that names its language has painted.
   */
  code: { entry: 'extension/content/code.ts', file: 'extension/content/code.js', when: FIRST_USE },
  /** "Why this text": the segment walk and scores again, to show them on the page (asked for by the tools). */
  why: { entry: 'extension/content/why.ts', file: 'extension/content/why.js', when: FIRST_USE },
  /**
   * Not injected on request: the script registered on the sites that always open in reader view
   * (shared/auto-open.ts), which asks the background to open the reader there.
   */
  auto: {
    entry: 'extension/content/auto.ts',
    file: 'extension/content/auto.js',
    // not shown: the bench's size table
    when: 'registered on the sites that always open in reader view',
  },
  /**
   * Not injected on request: registered before the content script on every site while the instant reader is on
   * (shared/instant.ts), to mark its run as a read-ahead.
   */
  ahead: {
    entry: 'extension/content/ahead.ts',
    file: 'extension/content/ahead.js',
    // not shown: the bench's size table
    when: 'registered on every site while the instant reader is on',
  },
} as const;

export type ChunkName = keyof typeof CHUNKS;

export const isChunkName = (value: unknown): value is ChunkName =>
  typeof value === 'string' && Object.hasOwn(CHUNKS, value);
