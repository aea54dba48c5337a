/**
 * Class/id names as a boilerplate signal (NewsFeed's suspicious-element list, seed 000; Readability's
 * unlikelyCandidates). A strong penalty, not a blind delete (ALGORITHMS.md step 2): names are split into
 * tokens so `article-content has-sidebar` is not taken for a sidebar.
 */

import { wordSet } from '../dom/words.ts';

/** −2 strong boilerplate (STRONG), −1 boilerplate, 0 no verdict, 1 article. */
export type NameVerdict = -2 | -1 | 0 | 1;

/**
 * Names that are boilerplate even on a box holding most of the page's prose: a long comment thread can
 * outweigh its article.
 */
const STRONG = wordSet(
  'comment comments commentlist disqus sidebar footer nav navbar navigation menu cookie cookies ' +
    'consent gdpr breadcrumb breadcrumbs outbrain taboola related newsletter modal popup',
);

/**
 * Boilerplate names that also turn up on the article's own wrapper (trafilatura-dev: `<div class="teaserTyp3
 * newsSingle">` around a whole news story): ignored on a box holding most of the page's prose.
 */
const WEAK = wordSet(
  'share sharing sharebar social ad ads advert adverts advertisement advertising adslot dfp promo ' +
    'promos sponsored sponsor recommended recommendations trending widget widgets banner popular tags ' +
    'rail toolbar masthead pagination pager subscribe subscription signup meta teaser teasers more',
);

const POSITIVE = wordSet('article body content entry main post story text prose blog');

/** Words that turn the next token into a layout flag (`has-sidebar`, `with-ads`, `no-comments`). */
const MODIFIERS = wordSet('has with no without show hide');

const TOKEN_SPLIT = /[^a-z0-9]+/;
const CAMEL = /([a-z0-9])([A-Z])/g;

const UPPER = /[A-Z]/;

/** Class/id names split into lower-case words (`articleBody comment-list` → article, body, comment, list). */
export function tokensOf(names: string): string[] {
  // The camel-case split is a regex replace: skip it for the common all-lower-case names.
  const split = UPPER.test(names) ? names.replace(CAMEL, '$1-$2') : names;
  return split.toLowerCase().split(TOKEN_SPLIT);
}

/**
 * The STRONG names of a comment thread. A page that is its comments (a Hacker News or lobste.rs story page: a
 * link and the discussion) is read a second time with them taken as no verdict (extract.ts).
 */
export const COMMENT_NAMES: ReadonlySet<string> = new Set(['comment', 'comments', 'commentlist', 'disqus']);

/** `ignored`: names read as no verdict at all (COMMENT_NAMES, when the comments are the page's text). */
export function nameVerdict(names: string, ignored: ReadonlySet<string> | null = null): NameVerdict {
  if (names === '') return 0;
  const tokens = tokensOf(names);
  let strong = false;
  let negative = false;
  let positive = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] ?? '';
    if (t === '' || ignored?.has(t)) continue;
    if (MODIFIERS.has(t)) {
      i++;
      continue;
    }
    if (STRONG.has(t)) strong = true;
    else if (WEAK.has(t)) negative = true;
    else if (POSITIVE.has(t)) positive = true;
  }
  // A negative word wins over a positive one: `comment-body`, `related-content`, `main-menu`, `post-tags`
  // and `entry-meta` are all boilerplate. Strong only unmixed: `article-content sticky-sidebar` is a layout
  // flag on the article's own box (trafilatura-dev: timesofisrael, theverge, kaieteurnews).
  if (strong) return positive ? -1 : -2;
  if (negative) return -1;
  return positive ? 1 : 0;
}

/** Does a boilerplate verdict on these names hold whatever the box contains (see STRONG)? */
export function isStrongNegative(names: string): boolean {
  for (const t of tokensOf(names)) if (STRONG.has(t)) return true;
  return false;
}
