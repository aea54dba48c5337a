/** The reader overlay's public contract with its caller (the content script, or a test page). */
import type { Article } from '../../src/types.ts';

export type CopyFormat = 'text' | 'markdown';

export type CopyResult = { ok: true; words: number } | { ok: false; error: string };

/** What the overlay asks of its host; the reader itself owns no browser API (STYLE.md practice 6). */
export interface ReaderActions {
  copy(format: CopyFormat): Promise<CopyResult>;
  close(): void;
}

export interface ReaderProps {
  article: Article;
  actions: ReaderActions;
}

export interface ReaderHandle {
  /** Renders nothing into the shadow root again and removes every node and stylesheet the reader added. */
  unmount(): void;
  /** Focuses the scroll container, so Space, arrows and PageDown scroll the article at once. */
  focus(): void;
}
