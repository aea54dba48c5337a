/**
 * What the background keeps for the pages a person reads, and the only place that writes it: a site's fix
 * (shared/site-rules.ts) and its boilerplate memory (shared/memory.ts). The content script runs in the page's
 * process, so it holds nothing of storage.local itself (in Chromium that area is closed to it: index.ts); it
 * asks for its own site's fix and template, and sends what the person did. Each request is filed under the
 * page the browser says sent it (its top frame's URL), never an address the page could give, and a page in a
 * private window reads what is kept but writes nothing (docs/security.md, rules 7 and 9).
 */
import type { Runtime } from 'webextension-polyfill';
import type { SiteRule } from '../../src/rules/index.ts';
import { api } from '../shared/api.ts';
import { t } from '../shared/i18n.ts';
import { forgetSite, rememberPage } from '../shared/memory.ts';
import type { FixKept, SiteKnowledge } from '../shared/messages.ts';
import { loadSite } from '../shared/site.ts';
import { markUsed, originOf, saveRule } from '../shared/site-rules.ts';
import { keepTypefaces } from '../shared/typefaces.ts';

/** The page behind a message: the top frame of a tab, on a web site. */
interface SenderPage {
  origin: string;
  url: string;
  private: boolean;
  /** The document, where the browser names it (Chromium): one document counts once in the memory. */
  documentId: string | null;
}

function pageOf(sender: Runtime.MessageSender): SenderPage | null {
  if (sender.tab === undefined || sender.frameId !== 0 || sender.url === undefined) return null;
  const origin = originOf(sender.url);
  if (origin === null) return null;
  return {
    origin,
    url: sender.url,
    private: sender.tab.incognito,
    documentId: typeof sender.documentId === 'string' ? sender.documentId : null,
  };
}

const NOTHING: SiteKnowledge = { rule: null, template: [] };

/** The sender's site's fix and its template for the sender's page. */
export async function siteOfSender(sender: Runtime.MessageSender): Promise<SiteKnowledge> {
  const page = pageOf(sender);
  return page === null ? NOTHING : loadSite(page.origin, page.url);
}

/** Saves (or forgets) the sender's site's fix; a private window's is used on its page alone. */
export async function keepFix(sender: Runtime.MessageSender, rule: SiteRule | null): Promise<FixKept> {
  const page = pageOf(sender);
  if (page === null) throw new Error(t('fixWebPagesOnly'));
  if (rule !== null && page.private) return { kept: 'private', dropped: 0 };
  const dropped = await saveRule(page.origin, rule);
  return { kept: rule === null ? 'forgotten' : 'saved', dropped: dropped.length };
}

export async function noteFixUsed(sender: Runtime.MessageSender): Promise<void> {
  const page = pageOf(sender);
  if (page !== null && !page.private) await markUsed(page.origin);
}

export async function forgetMemory(sender: Runtime.MessageSender): Promise<void> {
  const page = pageOf(sender);
  if (page !== null) await forgetSite(page.origin);
}

/** storage.session (kept in memory, gone when the browser quits): the documents the memory has read. */
const READ_DOCUMENTS = 'memory-documents';
/** More than a person reads in a session between two restarts of the browser; the oldest go first. */
const MAX_READ_DOCUMENTS = 500;

/**
 * Whether the memory read `documentId` already (and notes that it has). A page can change its address without
 * loading (`history.pushState`); counted by address, one page opened in the reader under several addresses
 * would make its own blocks the site's template.
 */
async function readBefore(documentId: string): Promise<boolean> {
  const session = api().storage.session;
  const stored = (await session.get(READ_DOCUMENTS))[READ_DOCUMENTS];
  const read = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  if (read.includes(documentId)) return true;
  await session.set({ [READ_DOCUMENTS]: [...read, documentId].slice(-MAX_READ_DOCUMENTS) });
  return false;
}

let remembering: Promise<void> = Promise.resolve();

/** The reader opened on the sender's page: its site's memory learns the page's fingerprints, once a document. */
export function rememberSender(
  sender: Runtime.MessageSender,
  fingerprints: readonly number[],
): Promise<void> {
  const page = pageOf(sender);
  if (page === null || page.private) return Promise.resolve();
  // One page at a time: two tabs' pages of one site would otherwise each write the memory they read.
  remembering = remembering
    .then(async () => {
      if (page.documentId !== null && (await readBefore(page.documentId))) return;
      await rememberPage(page.url, fingerprints);
    })
    .catch(() => undefined);
  return remembering;
}

/** Keeps the faces the reader showed on the sender's page, for the instant reader (shared/typefaces.ts). */
export async function keepSenderTypefaces(
  sender: Runtime.MessageSender,
  faces: readonly string[],
): Promise<void> {
  const page = pageOf(sender);
  if (page === null || page.private) return;
  await keepTypefaces(faces);
}
