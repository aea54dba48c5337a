/**
 * The one message protocol of the extension, in both directions, typed and checked here:
 * - `content:*` go from the extension (background, popup) to the content script in a tab;
 * - `background:*` go from the content script to the background (the clipboard, loading a part of the reader);
 * - `offscreen:*` go from the Chromium background to its offscreen document (the clipboard).
 * Payloads and replies are plain JSON: they cross a process boundary through structured cloning. Every payload
 * is checked field by field on arrival; a message of another shape is not ours and gets no answer.
 */
import type { Runtime } from 'webextension-polyfill';
import { parseRule, type SiteRule } from '../../src/rules/index.ts';
import type { ArticleKind } from '../../src/types.ts';
import { isTypefaces } from '../reader/typefaces.ts';
import { api } from './api.ts';
import { type ChunkName, isChunkName } from './chunks.ts';
import { type CopyFormat, isCopyFormat, isSaveFormat, type SaveFormat } from './formats.ts';

/** What the popup shows about the page's article before the reader is opened. */
export interface ArticleSummary {
  title: string;
  siteName: string | null;
  byline: string | null;
  readingMinutes: number;
  wordCount: number;
  /** An article, a thread (and its records: posts), a product, or a listing shown anyway (items): src/types.ts. */
  kind: ArticleKind;
  records: number;
  /** The start of the article's text; the popup shows its first lines. */
  start: string;
}

/**
 * What became of a fix the reader asked the background to keep: `saved` or `forgotten` (null), or `private`:
 * a private window's page keeps nothing, so the fix is used on that page alone. `dropped`: how many other
 * sites' fixes were forgotten to stay within the bounds (the reader says how many, never which).
 */
export interface FixKept {
  kept: 'saved' | 'forgotten' | 'private';
  dropped: number;
}

/** What the extension knows of a page's site before the reader's first paint (shared/site.ts loadSite). */
export interface SiteKnowledge {
  /** The person's fix for the site, or null. */
  rule: SiteRule | null;
  /** The site's template for this page (src/template/ templateFor); empty when the memory has none. */
  template: number[];
}

/**
 * What a content script is handed as it starts, beside the messages: its page's site's knowledge, for that
 * origin only, put in its isolated world by the extension page that injects it (inject.ts) under
 * `Symbol.for(HANDED_SITE)`.
 */
export interface HandedSite extends SiteKnowledge {
  origin: string;
}

export const HANDED_SITE = 'lectern.site';

/** What goes on the clipboard: the text, and for rich text the HTML beside it. */
export interface ClipboardData {
  text: string;
  /** The `text/html` flavour: pasted into a document it keeps headings, links and lists. */
  html: string | null;
}

export interface ExportReply extends ClipboardData {
  words: number;
}

/**
 * Why the reader closed itself over a page that covered it: a layer of the page's own over it (or the page
 * hiding it), a page element that stayed full screen, or a page that answered every raise with another cover.
 */
export type CoverReason = 'layer' | 'fullscreen' | 'loop';
const COVER_REASONS: readonly unknown[] = ['layer', 'fullscreen', 'loop'] satisfies CoverReason[];
const isCoverReason = (value: unknown): boolean => COVER_REASONS.includes(value);

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
export interface Messages {
  'content:ping': { request: Record<string, never>; reply: ContentState };
  'content:summary': { request: { force: boolean }; reply: ArticleSummary | null };
  'content:open': { request: { force: boolean }; reply: ContentState };
  'content:close': { request: Record<string, never>; reply: ContentState };
  'content:toggle': { request: Record<string, never>; reply: ContentState };
  /** The article in a copy format, for the popup and the context menu to put on the clipboard. */
  'content:export': {
    request: { format: CopyFormat; header: boolean; force: boolean };
    reply: ExportReply | null;
  };
  /** Saves the article as a file from the page; the reply names the file. */
  'content:save': {
    request: { format: SaveFormat; header: boolean; force: boolean };
    reply: { name: string } | null;
  };
  /** Puts text on the clipboard from an extension context, where no page can see or change it. */
  'background:clipboard': { request: ClipboardData; reply: Record<string, never> };
  /** Injects a part of the content script into the sender's frame. */
  'background:load': { request: { chunk: ChunkName }; reply: Record<string, never> };
  /** The page of a site that always opens in reader view has loaded: open the reader if it has an article. */
  'background:auto': { request: Record<string, never>; reply: Record<string, never> };
  /**
   * The instant reader read the sender's page ahead (content/main.ts): whether it has an article, which the
   * toolbar button then shows. The reply holds the faces the reader showed last, for the page to look up at idle
   * (reader/typefaces.ts).
   */
  'background:ahead': { request: { article: boolean }; reply: { typefaces: string[] } };
  /** The faces of the text the reader shows on the sender's page, once it is on the screen (reader/typefaces.ts). */
  'background:typefaces': { request: { faces: string[] }; reply: Record<string, never> };
  /** The page covered the reader and Lectern closed it (content/on-top.ts): the button says why. */
  'background:covered': { request: { why: CoverReason }; reply: Record<string, never> };
  /**
   * The reader opened on the sender's page: the fingerprints of its blocks (src/template/), for the site's
   * boilerplate memory (shared/memory.ts). The page's address is the sender's, as the browser reports it.
   */
  'background:remember': { request: { fingerprints: number[] }; reply: Record<string, never> };
  /**
   * What the extension keeps for the sender's site, read before the first paint: the person's fix and the
   * memory's template for the sender's page. The site is the sender's, as the browser reports it.
   */
  'background:site': { request: Record<string, never>; reply: SiteKnowledge };
  /** Keeps the sender's site's fix (null forgets it), made in the reader's Edit mode. */
  'background:fix': { request: { rule: SiteRule | null }; reply: FixKept };
  /** The sender's site's fix was used on its page (the bound forgets the least recently used first). */
  'background:fix-used': { request: Record<string, never>; reply: Record<string, never> };
  /** Forgets what the boilerplate memory learnt of the sender's site. */
  'background:forget-memory': { request: Record<string, never>; reply: Record<string, never> };
  /** The keys that open and close the reader, as the browser has them set ('' when none is): for the help. */
  'background:shortcut': { request: Record<string, never>; reply: { shortcut: string } };
  /** The Chromium background hands a clipboard write to its offscreen document. */
  'offscreen:clipboard': { request: ClipboardData; reply: Record<string, never> };
}

type MessageName = keyof Messages;
type Request<K extends MessageName> = Messages[K]['request'];
type Reply<K extends MessageName> = Messages[K]['reply'];

type Prefixed<P extends string> = Extract<MessageName, `${P}:${string}`>;
type ContentMessageName = Prefixed<'content'>;
type BackgroundMessageName = Prefixed<'background'>;
type OffscreenMessageName = Prefixed<'offscreen'>;

/** The wire format. The `lectern` tag tells our messages apart from anything else a page or extension sends. */
export interface Envelope<K extends MessageName = MessageName> {
  lectern: K;
  payload: Request<K>;
}

/** A reply on the wire: the handler's answer, or why it failed (sendResponse can't reject). */
type Answer<K extends MessageName> = { ok: true; reply: Reply<K> } | { ok: false; error: string };

type Handlers<K extends MessageName> = {
  [N in K]: (payload: Request<N>, sender: Runtime.MessageSender) => Reply<N> | Promise<Reply<N>>;
};

type Fields = Readonly<Record<string, (value: unknown) => boolean>>;

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isString = (value: unknown): boolean => typeof value === 'string';
const isStringOrNull = (value: unknown): boolean => value === null || typeof value === 'string';
/** A page's segments' fingerprints: 32-bit numbers, and no more than a page's walk can make of them. */
const MAX_FINGERPRINTS = 25_000;
const isFingerprints = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.length <= MAX_FINGERPRINTS &&
  value.every((fp) => Number.isInteger(fp) && fp >= 0 && fp <= 0xffffffff);
const CLIPBOARD: Fields = { text: isString, html: isStringOrNull };
/** A fix as src/rules/ reads one (its selectors in the stored grammar), or null to forget it. */
const isRuleOrNull = (value: unknown): boolean => value === null || parseRule(value) !== null;

/**
 * Each message's payload, field by field, in a table per receiver (each side checks what it answers, and
 * carries only that). A payload must have exactly these fields with these types: a message with a missing,
 * extra or mistyped field is not ours and is ignored, never half-handled.
 */
type Payloads<K extends MessageName> = { readonly [N in K]: Fields };

const CONTENT: Payloads<ContentMessageName> = {
  'content:ping': {},
  'content:summary': { force: isBoolean },
  'content:open': { force: isBoolean },
  'content:close': {},
  'content:toggle': {},
  'content:export': { format: isCopyFormat, header: isBoolean, force: isBoolean },
  'content:save': { format: isSaveFormat, header: isBoolean, force: isBoolean },
};
const BACKGROUND: Payloads<BackgroundMessageName> = {
  'background:clipboard': CLIPBOARD,
  'background:load': { chunk: isChunkName },
  'background:auto': {},
  'background:ahead': { article: isBoolean },
  'background:covered': { why: isCoverReason },
  'background:remember': { fingerprints: isFingerprints },
  'background:typefaces': { faces: isTypefaces },
  'background:site': {},
  'background:fix': { rule: isRuleOrNull },
  'background:fix-used': {},
  'background:forget-memory': {},
  'background:shortcut': {},
};
const OFFSCREEN: Payloads<OffscreenMessageName> = { 'offscreen:clipboard': CLIPBOARD };

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

export function envelope<K extends MessageName>(name: K, payload: Request<K>): Envelope<K> {
  return { lectern: name, payload };
}

/** A message of `payloads`' with a payload of the right shape; anything else is not for this receiver. */
function isEnvelopeIn<K extends MessageName>(
  message: unknown,
  payloads: Payloads<K>,
): message is Envelope<K> {
  if (!isPlainObject(message) || Object.keys(message).length !== 2) return false;
  const name = message.lectern;
  if (typeof name !== 'string' || !Object.hasOwn(payloads, name)) return false;
  return hasShape(message.payload, payloads[name as K]);
}

/** A message of our protocol, for any receiver, with a payload of the right shape. */
export function isEnvelope(message: unknown): message is Envelope {
  return isEnvelopeIn(message, { ...CONTENT, ...BACKGROUND, ...OFFSCREEN });
}

async function unwrap<K extends MessageName>(answer: Promise<unknown>, name: K): Promise<Reply<K>> {
  const received = (await answer) as Answer<K> | undefined;
  // not shown: a technical detail, inside a sentence that is translated (the popup's “didn’t answer”)
  if (!isPlainObject(received)) throw new Error(`no answer to ${name}`);
  if (received.ok !== true) throw new Error(typeof received.error === 'string' ? received.error : 'failed');
  return received.reply;
}

/** To the content script in a tab's top frame (the reader reads the top document; frames never have it). */
export function sendToTab<K extends ContentMessageName>(
  tabId: number,
  name: K,
  payload: Request<K>,
): Promise<Reply<K>> {
  return unwrap(api().tabs.sendMessage(tabId, envelope(name, payload), { frameId: 0 }), name);
}

/** From the content script (or the background, to its offscreen document) to the extension's own pages. */
export function sendToExtension<K extends BackgroundMessageName | OffscreenMessageName>(
  name: K,
  payload: Request<K>,
): Promise<Reply<K>> {
  return unwrap(api().runtime.sendMessage(envelope(name, payload)), name);
}

/**
 * Answers the messages of `payloads` with `handlers`, from our own extension only (`accept` may narrow the
 * senders further). Messages that aren't ours, or aren't for this receiver, get no reply, so other listeners
 * may answer.
 */
function listen<K extends MessageName>(
  payloads: Payloads<K>,
  handlers: Handlers<K>,
  accept: (sender: Runtime.MessageSender) => boolean = () => true,
): () => void {
  const runtime = api().runtime;
  const listener = (
    message: unknown,
    sender: Runtime.MessageSender,
    sendResponse: (answer: Answer<K>) => void,
  ): true | undefined => {
    if (sender.id !== runtime.id || !accept(sender) || !isEnvelopeIn(message, payloads)) return undefined;
    const name = message.lectern;
    const handler = handlers[name] as (payload: Request<K>, sender: Runtime.MessageSender) => unknown;
    Promise.resolve()
      .then(() => handler(message.payload as Request<K>, sender))
      .then(
        (reply) => sendResponse({ ok: true, reply: reply as Reply<K> }),
        (error: unknown) =>
          sendResponse({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    // Keeps sendResponse valid until the handler settles (both browsers; a returned promise is Firefox's only).
    return true;
  };
  runtime.onMessage.addListener(listener as Parameters<typeof runtime.onMessage.addListener>[0]);
  return () =>
    runtime.onMessage.removeListener(listener as Parameters<typeof runtime.onMessage.addListener>[0]);
}

/** The content script answers the extension's `content:*` messages. */
export const handleContentMessages = (handlers: Handlers<ContentMessageName>): (() => void) =>
  listen(CONTENT, handlers);

/** The background answers the content script's `background:*` messages (`accept`: from which senders). */
export const handleBackgroundMessages = (
  handlers: Handlers<BackgroundMessageName>,
  accept: (sender: Runtime.MessageSender) => boolean,
): (() => void) => listen(BACKGROUND, handlers, accept);

/**
 * Chromium's offscreen document answers the background's `offscreen:*` messages, and no content script's (a
 * sender in a tab): what lands on the clipboard is what the background was asked for and checked.
 */
export const handleOffscreenMessages = (handlers: Handlers<OffscreenMessageName>): (() => void) =>
  listen(OFFSCREEN, handlers, (sender) => sender.tab === undefined);
