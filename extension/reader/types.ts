/** The reader overlay's public contract with its caller (the content script, or a test page). */
import type { ReaderArticle } from '../../src/types.ts';
import type { Outcome } from '../shared/export.ts';
import type { CopyFormat, SaveFormat } from '../shared/formats.ts';
import type { LegibleFaces } from './legible-font.ts';
import type { Panels } from './panels.tsx';
import type { ReaderSettings } from './settings.ts';
import type { ToolName } from './tools.ts';

export type { CopyFormat, Outcome, SaveFormat, ToolName };

export type CopyResult = { ok: true; words: number } | { ok: false; error: string };

export type SaveResult = { ok: true; name: string } | { ok: false; error: string };

/**
 * What the overlay asks of its host; the reader itself owns no browser API (docs/conventions.md, "The reader
 * mounts without the extension").
 */
export interface ReaderActions {
  /**
   * `header`: start with title, byline · site · date and the source URL (the reader's setting). `selection`:
   * a copy of what the person selected in the article, to copy instead of the whole of it.
   */
  copy(format: CopyFormat, header: boolean, selection: DocumentFragment | null): Promise<Outcome>;
  /** Saves the article as a file; absent where nothing can save. */
  save?(format: SaveFormat, header: boolean): Promise<Outcome>;
  close(): void;
  /**
   * A tool of the reader's: the Edit mode (`edit`: remove blocks, remembered for the site), why the text is what
   * it is (`why`), the outline on or off (`outline`); absent where the host has none.
   */
  tool?(tool: ToolName): void;
  /** Persists a settings change the reader has already applied; absent when nothing stores them. */
  saveSettings?(patch: Partial<ReaderSettings>): void;
  /** The keys that open and close the reader ('' when none is set), for the help; absent where none opens it. */
  shortcut?(): Promise<string>;
  /** Puts a code block's text on the clipboard, as it is; absent where nothing copies (no Copy code button). */
  copyCode?(text: string): Promise<Outcome>;
}

/** Colours code blocks (highlight.ts): loaded once a reader showing a block naming its language has painted. */
export interface Highlighter {
  /** Replaces `code`'s text (plain, of the reader's copy) by its tokens; false, leaving it, when it can't. */
  highlight(code: HTMLElement, language: string): boolean;
  /** The tokens' colours in each theme, for the reader's shadow root. */
  css: string;
}

/**
 * The article's body as nodes for `doc` (the document of the shadow root the reader is in), without images
 * when `images` is false: the caller prepares them (src/clean/present.ts), the reader never parses HTML.
 */
export type ReaderBody = (doc: Document, options: { images: boolean }) => DocumentFragment;

export interface ReaderProps {
  article: ReaderArticle;
  body: ReaderBody;
  /**
   * The export menu's list, the settings and help panels and read aloud, loaded when first used (panels.tsx);
   * asked again after a failure, so it should load once and cache (extension/content/chunks.ts does).
   */
  panels: () => Promise<Panels>;
  /** The code highlighter, loaded on first need and cached by the caller; absent: code shows plain. */
  highlighter?: () => Promise<Highlighter>;
  actions: ReaderActions;
  /**
   * The legible typeface's faces, loaded when a person first chooses it (extension/content/typeface.ts);
   * absent, that choice shows the stack's installed fallback.
   */
  typeface?: () => Promise<LegibleFaces>;
  /** Defaults when absent (DEFAULT_READER_SETTINGS). */
  settings?: ReaderSettings;
}

/**
 * The reader's parts its tools work on (extension/content/tools.ts: the Edit mode, the bars, the outline),
 * handed to them by the reader, so nothing outside it finds them by its classes.
 */
export interface ReaderParts {
  /** The reader's root element (`data-images` says whether images show); its parent is the reader's mount. */
  root: HTMLElement;
  /** The column that holds the article: the tools' bars go before it or after it. */
  main: HTMLElement;
  /** The article's body as the reader shows it. */
  content: HTMLElement;
  /** The scroll container. */
  scroller: HTMLElement;
  /**
   * A place in the sticky toolbar, under its buttons, for a tool's bar that must stay in view while the article
   * scrolls under it (the Edit mode's): there it covers no text.
   */
  bar: HTMLElement;
}

export interface ReaderHandle {
  /** Renders nothing into the shadow root again and removes every node and stylesheet the reader added. */
  unmount(): void;
  /** Focuses the scroll container, so Space, arrows and PageDown scroll the article at once. */
  focus(): void;
  /** Applies settings changed elsewhere (another tab, the popup) without reopening the reader. */
  applySettings(settings: ReaderSettings): void;
  /** The reader's parts, for its tools; null once it is unmounted. */
  parts(): ReaderParts | null;
}
