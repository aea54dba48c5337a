/**
 * Which site a corpus page comes from, and which cross-validation fold that site falls in. Folds are grouped
 * by site so that no fold's model has seen a page of the site it is judged on: a site's template repeats
 * across its pages, and a model that saw one of them would be judged on what it memorised.
 */
import { createHash } from 'node:crypto';
import type { CorpusPage } from '../bench/corpora.ts';

/** Second-level labels under which a registrable name has three labels (bbc.co.uk, abc.net.au). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or', 'go']);

/** The registrable part of a host name, near enough for grouping: news.bbc.co.uk → bbc.co.uk. */
export function siteOfHost(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  if (labels.length <= 2) return labels.join('.');
  const keep = SECOND_LEVEL.has(labels.at(-2) ?? '') && (labels.at(-1)?.length ?? 0) === 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/**
 * The page's site: the host of the address it was saved from, else (readability-test-pages, which names
 * pages after their site: wikipedia-2, nytimes-3) the folder name without its number.
 */
export function siteOf(page: Pick<CorpusPage, 'id' | 'sourceUrl'>): string {
  if (page.sourceUrl) {
    try {
      return siteOfHost(new URL(page.sourceUrl).hostname);
    } catch {
      // Not a URL: fall through to the name.
    }
  }
  return page.id.replace(/^\d+-?/, '').replace(/-\d+$/, '') || page.id;
}

export const FOLDS = 5;

/**
 * Sites into FOLDS folds of about equal page counts: sites in a fixed pseudo-random order (a hash of the
 * name, so the folds don't depend on the order the corpora list them in), each to the fold with the fewest
 * pages so far.
 */
export function assignFolds(pagesPerSite: ReadonlyMap<string, number>, folds = FOLDS): Map<string, number> {
  const order = [...pagesPerSite.keys()].sort((a, b) => {
    const byCount = (pagesPerSite.get(b) ?? 0) - (pagesPerSite.get(a) ?? 0);
    return byCount !== 0 ? byCount : hash(a).localeCompare(hash(b));
  });
  const sizes = new Array<number>(folds).fill(0);
  const out = new Map<string, number>();
  for (const site of order) {
    let fold = 0;
    for (let f = 1; f < folds; f++) if ((sizes[f] ?? 0) < (sizes[fold] ?? 0)) fold = f;
    out.set(site, fold);
    sizes[fold] = (sizes[fold] ?? 0) + (pagesPerSite.get(site) ?? 0);
  }
  return out;
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
