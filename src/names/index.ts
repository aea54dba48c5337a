/**
 * The words that mark a box of the page as boilerplate or as the article: class and id words, and the tag,
 * role and itemprop words read beside them. Every such list is here. Each says what it does, and whether the
 * segment model and the page-kind decision must be refitted (`npm run fit`) when it changes: they were fitted
 * on the segments and feature rows these words made, so a list that changes either needs a new fit.
 *
 * A leaf: visibility/, the walk (segments/), the scores and features (score/), the page's chrome
 * (choose/page.ts) and the copy (clean/) read it.
 */

import { wordSet } from '../dom/words.ts';

// Class and id names as a boilerplate signal (NewsFeed's suspicious-element list; Readability's
// unlikelyCandidates). A strong penalty, not a blind delete: names are split into words, so
// `article-content has-sidebar` is not taken for a sidebar.

/** −2 strong boilerplate (STRONG), −1 boilerplate, 0 no verdict, 1 article. */
export type NameVerdict = -2 | -1 | 0 | 1;

/**
 * Names that are boilerplate even on a box holding most of the page's prose: a long comment thread can
 * outweigh its article.
 * Does: collapses the box in the walk, penalises its segments, leaves its media out of the copy, feeds the
 * model ("boilerplate name"). Refit: yes.
 */
const STRONG = wordSet(
  'comment comments commentlist disqus sidebar footer nav navbar navigation menu cookie cookies ' +
    'consent gdpr breadcrumb breadcrumbs outbrain taboola related newsletter modal popup',
);

/**
 * Boilerplate names that also turn up on the article's own wrapper (trafilatura-dev: `<div class="teaserTyp3
 * newsSingle">` around a whole news story): ignored on a box holding most of the page's prose.
 * Does: penalises the box's segments, leaves its media out of the copy, feeds the model ("boilerplate name").
 * Refit: yes.
 */
const WEAK = wordSet(
  'share sharing sharebar social ad ads advert adverts advertisement advertising adslot dfp promo ' +
    'promos sponsored sponsor recommended recommendations trending widget widgets banner popular tags ' +
    'rail toolbar masthead pagination pager subscribe subscription signup meta teaser teasers more',
);

/**
 * Names of the article's own boxes: nearer than a boilerplate name, they lift its penalty.
 * Does: clears the penalty of the boxes around, keeps a strong name from collapsing the box. Refit: yes.
 */
const POSITIVE = wordSet('article body content entry main post story text prose blog');

/**
 * Words that turn the next word into a layout flag (`has-sidebar`, `with-ads`, `no-comments`).
 * Does: the word after one is read as no verdict. Refit: yes.
 */
const MODIFIERS = wordSet('has with no without show hide');

/**
 * The STRONG names of a comment thread. A page that is its comments (a Hacker News or lobste.rs story page: a
 * link and the discussion) is read a second time with them taken as no verdict (extract.ts).
 * Does: no verdict on that second reading only. Refit: no (the fit reads every page once, names as they are).
 */
export const COMMENT_NAMES: ReadonlySet<string> = new Set(['comment', 'comments', 'commentlist', 'disqus']);

/**
 * Landmark tags read as boilerplate names: NewsFeed drops `aside`; a page `footer` is never the article.
 * Does: penalises the box's segments even around most of the prose, leaves its media out of the copy, feeds
 * the model ("boilerplate name"). Refit: yes.
 */
export const BOILERPLATE_TAGS: ReadonlySet<string> = new Set(['aside', 'footer']);

/**
 * Tags, roles and itemprop that declare the article's box: they outrank a class name
 * (readability-test-pages' bug-1255978 wraps its `itemprop="articleBody"` in
 * `id="gigya-share-btns-2_gig_containerParent"`).
 * Does: the box is read as the article's (clears the penalty of the boxes around). Refit: yes.
 */
export const ARTICLE_TAGS: ReadonlySet<string> = new Set(['article', 'main']);
export const ARTICLE_ROLES: ReadonlySet<string> = new Set(['main', 'article']);
export const ARTICLE_ITEMPROP = /\barticleBody\b/i;

/**
 * Tags of a box walked as one boilerplate segment instead of element by element, as a box with a STRONG name
 * is (`nav` is skipped outright: dom/tags.ts SKIP_TAGS).
 * Does: collapses the box in the walk. Refit: yes.
 */
export const COLLAPSED_TAGS: ReadonlySet<string> = new Set(['footer']);

/**
 * Roles of a box walked as one segment: a navigation box, and a box that says it is one picture (`role="img"`:
 * a chart drawn in HTML, whose labels are the picture's, not sentences of the article).
 * Does: collapses the box in the walk. Refit: yes.
 */
export const COLLAPSED_ROLES: ReadonlySet<string> = new Set(['navigation', 'img']);

/**
 * A box with a STRONG name is not collapsed around markup or names that declare the article: the name is then
 * a layout flag (`<div class="c-fixed-sidebar-layout">` around the story, trafilatura-dev: threatpost,
 * dalloz). Substrings, so this errs towards walking: a comment thread with `comment-content` is walked.
 * Does: keeps a strong-named box from collapsing in the walk. Refit: yes.
 */
export const ARTICLE_MARKUP =
  'article, main, [role="main"], [itemprop~="articleBody" i], [class*="article" i], [class*="content" i], [class*="story" i], [class*="entry" i], [class*="post" i], [id*="article" i], [id*="content" i], [id*="story" i], [id*="post" i]';

/**
 * An id of four or more lower-case words joined by hyphens is a heading's anchor, not a component name:
 * Sphinx gives `<div class="section" id="sharing-with-a-single-developer">` (readability-test-pages'
 * mercurial lost two thirds of its text to the word "sharing").
 * Does: such an id is read as no verdict in the walk. Refit: yes.
 */
export const HEADING_SLUG = /^[a-z0-9]+(-[a-z0-9]+){3,}$/;

/**
 * A shorter slug is an anchor too when the box links to it: Sphinx's `<section id="more-on-lists">` holds its
 * heading's permalink `<a class="headerlink" href="#more-on-lists">`, and "more" is a related-links word (the
 * Python tutorial lost every section but one, modern-dev). A "related-posts" box does not link to itself.
 * Does: such an id is read as no verdict in the walk. Refit: yes.
 */
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)+$/;

/**
 * A one-word id is an anchor only when the box's heading links to it by a glyph (a docs generator's "¶" or
 * "#"): Sphinx's `<section id="cookies">` is the Flask quickstart's section on cookies, not a consent banner;
 * a comments box that links to itself does so in words ("12 comments").
 * Does: such an id is read as no verdict in the walk. Refit: yes.
 */
export const WORD_SLUG = /^[a-z0-9]+$/;

/**
 * The page's chrome, by tag and by role: a page that is no one text is answered whole less the boxes these
 * match (choose/page.ts). Not `form`: ASP.NET pages wrap the whole page in one.
 * Does: leaves the box's segments out of that answer. Refit: yes (the page-kind decision scores that answer).
 */
export const PAGE_CHROME =
  'nav, header, footer, aside, dialog, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [role="search"], [role="dialog"]';

/**
 * The class or id of an accordion's or an FAQ's panel: a `display: none` box so named, right after the label
 * that opens it, is read as shown (visibility/ closedPanel).
 * Does: the panel's text is walked as the page's. Refit: yes.
 */
export const PANEL_NAMES = /accordion|faq|collaps|expand|answer/i;

/**
 * Class/id words, grouped by what they usually name. A group is on when a word of it is in the class or id of
 * one of the segment's nearest elements (score/features.ts NEAR_BOXES): the name of the page's outer wrapper
 * (`<body class="single-post has-sidebar">`) says nothing about one paragraph deep inside it. A word in two
 * groups counts for the first.
 * Does: feeds the model (one "name …" feature a group, in this order). Refit: yes.
 */
export const NAME_GROUPS: Readonly<Record<string, string>> = {
  comment: 'comment comments commentlist disqus replies reply respond discussion',
  share: 'share sharing social sharebar follow',
  related: 'related recommended recommendations trending popular more also next prev',
  promo: 'promo ad ads advert advertisement sponsored sponsor banner dfp adslot',
  sidebar: 'sidebar aside rail widget widgets',
  footer: 'footer copyright legal bottom',
  header: 'header masthead topbar hero top',
  signup: 'newsletter subscribe subscription signup login signin register cookie consent',
  overlay: 'modal popup overlay dialog drawer toast tooltip dropdown',
  meta: 'meta byline author date time tags tag category categories info stats',
  content: 'content article body entry main text prose story post blog richtext',
  message: 'message thread topic question answer cooked bbwrapper postbody bbcode',
  vote: 'vote votes score rating like likes reaction reactions karma',
  product: 'product price cart buy sku description spec specs specification details',
  review: 'review reviews testimonial testimonials stars',
  card: 'card cards teaser tile item items grid listing feed collection',
  media: 'caption credit figure figcaption media image photo gallery video slide',
  title: 'title headline heading subtitle lead intro summary excerpt dek',
};

/**
 * The `comment` group's bit: NAME_GROUPS names it first (names.test.ts checks).
 * Does: masks that group on a page read as its comments. Refit: no (the fit never reads a page so).
 */
export const COMMENT_GROUP = 1;

/**
 * Tags and roles that say what a part of the page is, inherited by everything inside.
 * Does: feeds the model (one "landmark …" feature each, in this order). Refit: yes.
 */
export const LANDMARKS = [
  'main',
  'article',
  'header',
  'aside',
  'footer',
  'table',
  'list',
  'address',
] as const;
export type Landmark = (typeof LANDMARKS)[number];
export const TAG_LANDMARK: Readonly<Record<string, Landmark>> = {
  main: 'main',
  article: 'article',
  header: 'header',
  aside: 'aside',
  footer: 'footer',
  table: 'table',
  ul: 'list',
  ol: 'list',
  dl: 'list',
  address: 'address',
};
export const ROLE_LANDMARK: Readonly<Record<string, Landmark>> = {
  main: 'main',
  article: 'article',
  banner: 'header',
  complementary: 'aside',
  contentinfo: 'footer',
  table: 'table',
  list: 'list',
};

const TOKEN_SPLIT = /[^a-z0-9]+/;
const CAMEL = /([a-z0-9])([A-Z])/g;

const UPPER = /[A-Z]/;

/**
 * Class/id names split into lower-case words (`articleBody comment-list` → article, body, comment, list).
 * Refit: yes when it changes (the name verdict and the name groups read its words).
 */
export function tokensOf(names: string): string[] {
  // The camel-case split is a regex replace: skip it for the common all-lower-case names.
  const split = UPPER.test(names) ? names.replace(CAMEL, '$1-$2') : names;
  return split.toLowerCase().split(TOKEN_SPLIT);
}

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
