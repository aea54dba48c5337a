/**
 * What the extension knows of a page's site before the reader's first paint: the person's fix (site-rules.ts)
 * and what the boilerplate memory learnt of the site's template (memory.ts), read in one read of storage by the
 * extension page that injects the content script, and handed to it as it starts (inject.ts); or by the
 * background for a content script that asks (background/pages-store.ts). The content script itself reads
 * nothing of storage.local: it runs in the page's process.
 */
import { parseRule } from '../../src/rules/index.ts';
import { templateFor } from '../../src/template/index.ts';
import { api } from './api.ts';
import { memoryKey } from './memory.ts';
import type { HandedSite, SiteKnowledge } from './messages.ts';
import { originOf, ruleKey } from './site-rules.ts';

/**
 * The fix and the template for the page at `url` of `origin`, in one read of storage; nothing known when it
 * can't be read (the page is read as usual). The fix is checked again as it is read (parseRule: its shape and
 * every selector, src/rules/grammar.ts): a stored value that is no fix is none.
 */
export async function loadSite(origin: string, url: string): Promise<SiteKnowledge> {
  try {
    const [fix, memory] = [ruleKey(origin), memoryKey(origin)];
    const got = await api().storage.local.get([fix, memory]);
    return {
      rule: parseRule((got[fix] as { rule?: unknown } | undefined)?.rule),
      template: templateFor((got[memory] as { memory?: unknown } | undefined)?.memory, url),
    };
  } catch {
    return { rule: null, template: [] };
  }
}

/** What to hand the content script injected into the page at `url`; null for a page with no site. */
export async function siteToHand(url: string): Promise<HandedSite | null> {
  const origin = originOf(url);
  return origin === null ? null : { origin, ...(await loadSite(origin, url)) };
}
