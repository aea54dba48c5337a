/**
 * What the extension knows of a page's site before the reader's first paint: the person's fix (site-rules.ts)
 * and what the boilerplate memory learnt of the site's template (memory.ts), read in one read of storage by
 * the background for the content script that asks (background/pages-store.ts).
 */
import { parseRule, type SiteRule } from '../../src/rules/index.ts';
import { templateFor } from '../../src/template/index.ts';
import { api } from './api.ts';
import { memoryKey } from './memory.ts';
import { ruleKey } from './site-rules.ts';

export interface SiteKnowledge {
  /** The person's fix for the site, or null. */
  rule: SiteRule | null;
  /** The site's template for this page (src/template/ templateFor); empty when the memory has none. */
  template: number[];
}

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
