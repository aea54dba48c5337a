/**
 * The posts a page declares: schema.org microdata (`itemscope itemtype="https://schema.org/Answer"`), the one
 * vocabulary forums and Q&A sites share whatever their markup (Stack Exchange's Question and Answers,
 * XenForo's and vBulletin's Comments, a phpBB theme's DiscussionForumPosting). A Q&A page's question is not
 * shaped like its answers, so no set of same-shaped boxes holds it (records.ts); the declared types name both.
 */
import {
  attributeOf,
  closestOf,
  containsNode,
  parentElementOf,
  querySelectorAllIn,
  querySelectorIn,
} from '../dom/access.ts';
import { MAX_ANCESTORS } from '../dom/limits.ts';

/** The schema.org types that declare one post of a discussion (lower-cased). */
const POST_TYPES = new Set([
  'question',
  'answer',
  'comment',
  'discussionforumposting',
  'socialmediaposting',
  'usercomments',
]);
/** The types of a Q&A page's own posts: a comment declared inside one is a remark on it, not a reply. */
const QA_TYPES = new Set(['question', 'answer']);
/** At most this many items are read: a long thread has a few hundred; more is a hostile page. */
const MAX_ITEMS = 2000;

/** A page's declared posts, and which of them the Q&A vocabulary marks. */
export interface DeclaredPosts {
  /** Every declared post and container of posts, in document order; nested ones included. */
  items: Element[];
  /** Comments declared inside a question or an answer: remarks under a post (left out, as the post's chrome). */
  remarks: Set<Element>;
  /** Answers the page declares accepted (`itemprop="acceptedAnswer"`). */
  accepted: Set<Element>;
}

/**
 * The schema.org type an `itemtype` value names, lower-cased, when it is one of POST_TYPES: the value is a
 * space-separated list of URLs, and only `schema.org`'s count (http or https, with or without `www.`).
 */
export function postTypeOf(itemtype: string): string | null {
  for (const token of itemtype.trim().split(/\s+/).slice(0, 8)) {
    const match = /^https?:\/\/(?:www\.)?schema\.org\/([A-Za-z]+)\/?$/.exec(token);
    const type = match?.[1]?.toLowerCase();
    if (type !== undefined && POST_TYPES.has(type)) return type;
  }
  return null;
}

/** The posts the page declares in microdata; none when it declares fewer than two. */
export function declaredPosts(doc: Document): DeclaredPosts {
  const none: DeclaredPosts = { items: [], remarks: new Set(), accepted: new Set() };
  const items: Element[] = [];
  const types = new Map<Element, string>();
  const found = querySelectorAllIn(doc, '[itemscope][itemtype]');
  for (let k = 0; k < found.length && k < MAX_ITEMS; k++) {
    const el = found[k] as Element;
    const type = postTypeOf(attributeOf(el, 'itemtype') ?? '');
    if (type === null) continue;
    items.push(el);
    types.set(el, type);
  }
  if (items.length < 2) return none;
  const remarks = new Set<Element>();
  const accepted = new Set<Element>();
  for (const el of items) {
    const type = types.get(el);
    if (type === 'comment' && QA_TYPES.has(types.get(nearestPost(el, types) as Element) ?? ''))
      remarks.add(el);
    if (type === 'answer' && /(?:^|\s)acceptedAnswer(?:\s|$)/.test(attributeOf(el, 'itemprop') ?? ''))
      accepted.add(el);
  }
  return { items, remarks, accepted };
}

/** The nearest declared post around `el` (not `el` itself), by a bounded climb. */
function nearestPost(el: Element, types: ReadonlyMap<Element, string>): Element | null {
  let up = parentElementOf(el);
  for (let steps = 0; up !== null && steps < MAX_ANCESTORS; steps++) {
    if (types.has(up)) return up;
    up = parentElementOf(up);
  }
  return null;
}

/**
 * The deepest element holding every item, by a bounded climb from the first: items are in document order, so
 * a box holding the first and the last holds every one between.
 */
export function commonParent(items: readonly Element[]): Element | null {
  const last = items[items.length - 1] as Element;
  let parent = parentElementOf(items[0] as Element);
  for (let steps = 0; parent !== null && steps < MAX_ANCESTORS; steps++) {
    if (containsNode(parent, last)) return parent;
    parent = parentElementOf(parent);
  }
  return null;
}

/** The element is inside a declared author (`itemprop="author"`): the post's author line. */
export function inDeclaredAuthor(block: Element): boolean {
  return closestOf(block, '[itemprop~="author" i]') !== null;
}

/**
 * The block is or holds the declared author's name (`itemprop="name"` inside `itemprop="author"`): a post's
 * signature even where the name links nowhere, as a deleted member's or a guest's does.
 */
export function namesDeclaredAuthor(block: Element): boolean {
  const name = closestOf(block, '[itemprop~="name" i]') ?? querySelectorIn(block, '[itemprop~="name" i]');
  return name !== null && inDeclaredAuthor(name);
}

/**
 * The element is inside `post`'s declared text (`itemprop="text"` or `articleBody`): what the post says, as
 * against its vote bar, menus, member panel and reply form.
 */
export function inDeclaredText(el: Element, post: Element): boolean {
  const text = closestOf(el, '[itemprop~="text" i], [itemprop~="articleBody" i]');
  return text !== null && containsNode(post, text);
}
