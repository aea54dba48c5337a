/**
 * What the reader's tools (the tools chunk: tools.ts, and "Why this text": why.ts) are handed by the content
 * script (main.ts) for each reader it shows: the reader's parts, the article it shows, the site's fix and
 * template, and a way to read the page again and show that reading. Through here, not by importing
 * article.ts: a chunk is a script of its own, and its copy of a module would have a state of its own.
 */
import type { extractWithBody, readPage } from '../../src/extract.ts';
import type { SiteRule } from '../../src/rules/index.ts';
import type { Extracted } from '../../src/types.ts';
import type { ReaderParts } from '../reader/types.ts';

export interface ToolHost {
  /** The shadow root the reader is in (the tools adopt their stylesheets there). */
  root: ShadowRoot;
  /** The reader's parts the tools work on; null once that reader is no longer shown. */
  parts(): ReaderParts | null;
  extracted: Extracted;
  /** The site's fix the page is read with. */
  rule(): SiteRule | null;
  /** Reads the page with this fix from now on. */
  use(rule: SiteRule | null): void;
  /** The site's template the page is read with (its boilerplate memory's; src/template/). */
  template(): readonly number[];
  /** The site's boilerplate memory was forgotten: reads the page without its template from now on. */
  forget(): void;
  /**
   * The content script's extractor: the page read again with another fix or without the template, and the
   * next page (pages.ts). The chunks carry none of their own.
   */
  extract: typeof extractWithBody;
  /** The same extractor's reading of the page, with the segments and scores it chose from ("Why this text"). */
  readPage: typeof readPage;
  show(extracted: Extracted): void;
}
