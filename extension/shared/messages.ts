/**
 * The one message protocol between the extension pages (background, popup) and the content script.
 * Every message goes extension → content, so every name starts with `content:`. Payloads and replies are plain
 * JSON: they cross a process boundary through structured cloning.
 */
import browser from 'webextension-polyfill';

/** `html` copies rich text: the clipboard gets `text/html` and the plain text together. */
export type ExportFormat = 'text' | 'markdown' | 'html';

export type SaveFormat = 'markdown' | 'text' | 'html';

/** What the popup shows about the page's article before the reader is opened. */
export interface ArticleSummary {
  title: string;
  siteName: string | null;
  byline: string | null;
  readingMinutes: number;
  wordCount: number;
  /** The first two or three lines of the article text. */
  excerpt: string;
}

export interface ExportReply {
  text: string;
  /** The `text/html` flavour, for the `html` format only. */
  html: string | null;
  words: number;
}

export interface ContentState {
  /** Whether the reader overlay (or its "no article" notice) is showing. */
  open: boolean;
  /**
   * The tab shows the browser's PDF viewer (a PDF served without `.pdf` in its URL, e.g. arXiv's /pdf/ links): we
   * can enter its wrapper page but there is no text in it to read.
   */
  pdf: boolean;
}

/** Message name → request payload and reply. `force` asks for the best run even when it is weak ("Show anyway"). */
export interface ContentMessages {
  'content:ping': { request: Record<string, never>; reply: ContentState };
  'content:summary': { request: { force: boolean }; reply: ArticleSummary | null };
  'content:open': { request: { force: boolean }; reply: ContentState };
  'content:close': { request: Record<string, never>; reply: ContentState };
  'content:toggle': { request: Record<string, never>; reply: ContentState };
  'content:export': {
    request: { format: ExportFormat; header: boolean; force: boolean };
    reply: ExportReply | null;
  };
  /** Copies the article from the page (the action's context menu); the reply counts the words. */
  'content:copy': {
    request: { format: ExportFormat; header: boolean; force: boolean };
    reply: { words: number } | null;
  };
  /** Saves the article as a file from the page; the reply names the file. */
  'content:save': {
    request: { format: SaveFormat; header: boolean; force: boolean };
    reply: { name: string } | null;
  };
}

export type ContentMessageName = keyof ContentMessages;
export type Request<K extends ContentMessageName> = ContentMessages[K]['request'];
export type Reply<K extends ContentMessageName> = ContentMessages[K]['reply'];

/** The wire format. The `lectern` tag tells our messages apart from anything else a page or extension sends. */
export interface Envelope<K extends ContentMessageName = ContentMessageName> {
  lectern: K;
  payload: Request<K>;
}

export type ContentHandlers = {
  [K in ContentMessageName]: (payload: Request<K>) => Reply<K> | Promise<Reply<K>>;
};

type Fields = Readonly<Record<string, (value: unknown) => boolean>>;

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isFormat = (value: unknown): boolean => value === 'text' || value === 'markdown' || value === 'html';

/**
 * Each message's payload, field by field. A payload must have exactly these fields with these types: a message
 * with a missing, extra or mistyped field is not ours and is ignored, never half-handled.
 */
const PAYLOADS: { readonly [K in ContentMessageName]: Fields } = {
  'content:ping': {},
  'content:summary': { force: isBoolean },
  'content:open': { force: isBoolean },
  'content:close': {},
  'content:toggle': {},
  'content:export': { format: isFormat, header: isBoolean, force: isBoolean },
  'content:copy': { format: isFormat, header: isBoolean, force: isBoolean },
  'content:save': { format: isFormat, header: isBoolean, force: isBoolean },
};

function isMessageName(name: unknown): name is ContentMessageName {
  return typeof name === 'string' && Object.hasOwn(PAYLOADS, name);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function hasShape(payload: unknown, fields: Fields): boolean {
  if (!isPlainObject(payload)) return false;
  const keys = Object.keys(payload);
  if (keys.length !== Object.keys(fields).length) return false;
  return keys.every((key) => {
    const check = Object.hasOwn(fields, key) ? fields[key] : undefined;
    return check?.(payload[key]) === true;
  });
}

export function envelope<K extends ContentMessageName>(name: K, payload: Request<K>): Envelope<K> {
  return { lectern: name, payload };
}

/** A message of our protocol with a payload of the right shape; anything else is not ours. */
export function isEnvelope(message: unknown): message is Envelope {
  if (!isPlainObject(message) || Object.keys(message).length !== 2) return false;
  const name = message.lectern;
  return isMessageName(name) && hasShape(message.payload, PAYLOADS[name]);
}

export function sendToTab<K extends ContentMessageName>(
  tabId: number,
  name: K,
  payload: Request<K>,
): Promise<Reply<K>> {
  // Only the top frame: the reader reads the top document, and frames never have our content script.
  return browser.tabs.sendMessage<Envelope<K>, Reply<K>>(tabId, envelope(name, payload), { frameId: 0 });
}

function dispatch<K extends ContentMessageName>(
  handlers: ContentHandlers,
  message: Envelope<K>,
): Promise<Reply<K>> {
  const handler = handlers[message.lectern] as ContentHandlers[K];
  return Promise.resolve().then(() => handler(message.payload));
}

/** Registers the content side. Messages that aren't ours get no reply, so other listeners may answer them. */
export function handleContentMessages(handlers: ContentHandlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: { id?: string }) => {
    if (sender.id !== browser.runtime.id || !isEnvelope(message)) return undefined;
    return dispatch(handlers, message);
  });
}
