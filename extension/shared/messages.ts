/**
 * The one message protocol between the extension pages (background, popup) and the content script.
 * Every message goes extension → content, so every name starts with `content:`. Payloads and replies are plain
 * JSON: they cross a process boundary through structured cloning.
 */
import browser from 'webextension-polyfill';

export type ExportFormat = 'text' | 'markdown';

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
  words: number;
}

export interface ContentState {
  /** Whether the reader overlay (or its "no article" notice) is showing. */
  open: boolean;
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

const NAMES: ReadonlySet<string> = new Set<ContentMessageName>([
  'content:ping',
  'content:summary',
  'content:open',
  'content:close',
  'content:toggle',
  'content:export',
]);

export function envelope<K extends ContentMessageName>(name: K, payload: Request<K>): Envelope<K> {
  return { lectern: name, payload };
}

export function isEnvelope(message: unknown): message is Envelope {
  if (typeof message !== 'object' || message === null) return false;
  const name: unknown = Reflect.get(message, 'lectern');
  return typeof name === 'string' && NAMES.has(name) && typeof Reflect.get(message, 'payload') === 'object';
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
