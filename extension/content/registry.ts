/**
 * Where the content script's later parts (chunks) register when their script runs, and what each offers the
 * content script. They register on a Symbol.for key on the isolated world's global, which no page element can
 * stand in for (named access on the window only ever yields string-keyed properties). What a chunk offers is
 * declared here, not in the chunk: the chunk imports this module to register, so this one imports no chunk.
 */
import type { SiteRule } from '../../src/rules/index.ts';
import type { ReaderArticle } from '../../src/types.ts';
import type { LegibleFaces } from '../reader/legible-font.ts';
import type { Panels } from '../reader/panels.tsx';
import type { Highlighter, ToolName } from '../reader/types.ts';
import type { ChunkName } from '../shared/chunks.ts';
import type { ExportRequest, Outcome } from '../shared/export.ts';
import type { CopyFormat, SaveFormat } from '../shared/formats.ts';
import type { ExportReply } from '../shared/messages.ts';
import type { ToolHost } from './tool-host.ts';

/** Copies and saved files (exporters.ts). */
export interface Exporters {
  /**
   * The article in a copy format; `selection` (a copy of what the person selected in the reader) instead of
   * the whole article when given.
   */
  copyData(
    article: ReaderArticle,
    format: CopyFormat,
    header: boolean,
    selection: DocumentFragment | null,
  ): ExportReply;
  /** Builds the file (fetching and inlining images for a web page) and downloads it; returns its name. */
  save(article: ReaderArticle, format: SaveFormat, header: boolean): Promise<string>;
  /**
   * The reader's copy or save (a copy of `selection` instead of the whole article when given), and what came
   * of it in the toast's words. The words are the chunk's: they load with the exporters, not with the first
   * paint.
   */
  readerExport(
    article: ReaderArticle,
    request: ExportRequest,
    header: boolean,
    selection: DocumentFragment | null,
  ): Promise<Outcome>;
  /** Puts a code block's text on the clipboard as it is, and says so in the toast's words. */
  copyCode(text: string): Promise<Outcome>;
  /** The toast's stylesheet, for the reader's shadow root (main.ts adopts it). */
  toastCss: string;
}

/** The reader's tools (tools.ts). */
export interface Tools {
  /**
   * Called for each reader shown while the chunk is loaded (`tool` false), and when a person asks for a tool:
   * keeps what is on (an edit going on, the outline, the bar of the site's fix) on the reader shown.
   */
  attach(host: ToolHost, tool: ToolName | false): void;
}

/** "Why this text" (why.ts). */
export interface Why {
  /** `rule`: the fix the reader's article was read with, to read the page the same way. */
  show(host: ToolHost, rule: SiteRule | null, mount: HTMLElement, done: () => void): void;
}

export interface Chunks {
  exporters: Exporters;
  panels: Panels;
  code: Highlighter;
  tools: Tools;
  why: Why;
  typeface: LegibleFaces;
}

const REGISTRY = Symbol.for('lectern.chunks');

export function registry(): Partial<Chunks> {
  const scope = globalThis as { [REGISTRY]?: Partial<Chunks> };
  scope[REGISTRY] ??= {};
  return scope[REGISTRY];
}

/** Called by a chunk's script when it runs. */
export function register<K extends keyof Chunks & ChunkName>(name: K, chunk: Chunks[K]): void {
  registry()[name] = chunk;
}

/**
 * Forgets what an earlier content script registered: the isolated world outlives an extension that was
 * reloaded or updated, and its chunks belong to that old version.
 */
export function clearRegistry(): void {
  const scope = globalThis as { [REGISTRY]?: Partial<Chunks> };
  scope[REGISTRY] = {};
}
