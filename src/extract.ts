import { type Choice, type Chosen, choose, fallbackCameOutShort, isStub } from './choose/index.ts';
import { SHIPPED_PAGE_MODEL } from './choose/page-shipped.ts';
import { buildContent } from './clean/index.ts';
import { baseUriOf, bodyOf, containsNode, documentElementOf, urlOf } from './dom/access.ts';
import { MAX_OUTPUT_DEPTH } from './dom/limits.ts';
import { textOf } from './export/text.ts';
import {
  type MetadataSources,
  type PageMetadata,
  readingStats,
  readLeadAndDescription,
  readMetadata,
} from './metadata/index.ts';
import { matchRule, type RuleMatch } from './rules/index.ts';
import { pageStyle } from './score/index.ts';
import { COMMENT_NAMES } from './score/names.ts';
import { declaredPageTypes } from './score/page-type.ts';
import { scoreSegments } from './score/scored.ts';
import { SHIPPED_MODEL } from './score/shipped.ts';
import { nodeBudget, type Segment, walkSegments } from './segments/index.ts';
import { pageFingerprints } from './template/index.ts';
import type { Article, Cap, Diagnostics, Extracted, ExtractOptions, ReaderArticle } from './types.ts';
import { hiding, styleSource } from './visibility/index.ts';

/**
 * Work cap for huge pages. News pages measured in the dev corpora have 400–4,000 elements; 25,000 leaves
 * ample room for long comment threads while bounding the walk on 100,000-node documents.
 */
export const DEFAULT_MAX_ELEMENTS = 25_000;

/**
 * Finds the article in a rendered document (ALGORITHMS.md): reads, never writes, never throws.
 * Returns null when the page has no article, unless options.force asks for a best effort.
 */
export function extract(doc: Document, options: ExtractOptions = {}): Article | null {
  const found = readPage(doc, options);
  if (found === null) return null;
  const { article, body } = found.extracted;
  const { leadImage, description } = readLeadAndDescription(found.from, found.baseUrl);
  return {
    ...article,
    leadImage: leadImage ?? found.images[0] ?? null,
    excerpt: description ?? excerptOf(found.text),
    text: textOf(body),
  };
}

/** What a reading of the page found: the article, and what `extract` alone makes more of. */
interface Found {
  extracted: Extracted;
  /** Where the metadata was read from, for the lead image and the description. */
  from: MetadataSources;
  baseUrl: string;
  /** The kept images' URLs, in order. */
  images: string[];
  /** The body's words, a blank line between blocks (clean/plain.ts). */
  text: string;
}

/**
 * `extract` without the plain text (ReaderArticle), and the article's body as the copy built it: nodes in an
 * inert document (nothing there loads or runs), which the reader inserts through clean/present.ts instead of
 * parsing `content` again.
 */
export function extractWithBody(doc: Document, options: ExtractOptions = {}): Extracted | null {
  return readPage(doc, options)?.extracted ?? null;
}

function readPage(doc: Document, options: ExtractOptions): Found | null {
  try {
    const found = readWithFix(doc, options);
    // What the site's template sets aside never takes the whole article away: a page it leaves with none (a
    // shop's listing read whole) is read as if the memory had nothing.
    return found === null && options.template?.length
      ? readWithFix(doc, { ...options, template: null })
      : found;
  } catch (error) {
    // A hostile or broken document must cost the user nothing: no article, no exception. The hook lets
    // tests and tools see what was swallowed.
    try {
      options.onError?.(error);
    } catch {
      // A failing handler must not make extract() throw either.
    }
    return null;
  }
}

function readWithFix(doc: Document, options: ExtractOptions): Found | null {
  if (!options.rule) return readArticle(doc, options, null);
  const rule = matchRule(doc, options.rule);
  // A fix that leaves no text (the site changed under it) gives the article found as usual, and says so.
  const fixed = rule.use === 'applied' ? readArticle(doc, options, rule) : null;
  const found = fixed ?? readArticle(doc, options, null);
  if (found !== null)
    found.extracted.article.diagnostics.rule =
      fixed !== null ? 'applied' : rule.use === 'applied' ? 'unmatched' : rule.use;
  return found;
}

/**
 * `rule`: a person's fix for the site, matched on this page (its removals read as hidden, its root the
 * article). `ignoredNames`, as walkSegments takes them: COMMENT_NAMES on the second reading of a page that is
 * its comments. `t0`: when the first reading began.
 */
function readArticle(
  doc: Document,
  options: ExtractOptions,
  rule: RuleMatch | null,
  ignoredNames: ReadonlySet<string> | null = null,
  t0 = (options.now ?? performanceNow)(),
): Found | null {
  const now = options.now ?? performanceNow;
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number): number => {
    const t = now();
    timings[name] = t - since;
    return t;
  };

  // Through dom/access.ts, as every read of the page: `<img name="body">` would otherwise be the body.
  const body = bodyOf(doc) ?? documentElementOf(doc);
  if (!body) return null;
  const page = styleSource(doc);
  const styles = rule !== null && rule.removed.size > 0 ? hiding(page, rule.removed) : page;
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS;
  const walk = walkSegments(body, styles, maxElements, ignoredNames);
  let t = lap('segments', t0);
  // A story page of a link aggregator (Hacker News, lobste.rs) is a link and its discussion: with no article
  // beside them, the comments are the text. Read again with their names as no verdict, they are scored as a
  // forum's posts and widened to a thread (choose/records.ts); what is no thread that way stays as it was
  // read first. docs/extraction.md, "Comment-only threads".
  const asComments = (): Found | null => {
    if (ignoredNames !== null || !collapsedHoldPage(walk.segments)) return null;
    const thread = readArticle(doc, options, rule, COMMENT_NAMES, t0);
    return thread?.extracted.article.kind === 'thread' ? thread : null;
  };
  // A removed block inside a box the walk read as one segment was never visited: ask the rule too.
  const isHidden =
    rule === null || rule.removed.size === 0
      ? (el: Element): boolean => walk.hidden.has(el)
      : (el: Element): boolean => walk.hidden.has(el) || rule.removed.has(el);

  // Strings read through the prototype (dom/access.ts): `<img name="URL">` makes `document.URL` an element.
  const url = urlOf(doc);
  const baseUrl = baseUriOf(doc) || url || '';
  // Read once: when the choice asks whether the page is dated, else when there is an article to describe.
  let metadata: PageMetadata | null = null;
  const readMeta = (): PageMetadata => {
    metadata ??= readMetadata(doc);
    return metadata;
  };
  const declared = declaredPageTypes(doc);
  let choice: Choice;
  let templated = 0;
  if (rule?.root) {
    // A root the person picked is the article: nothing to score or choose.
    choice = { verdict: 'article', chosen: pickedRoot(rule.root), replaced: null, wholePage: true };
  } else {
    const model = options.model === undefined ? SHIPPED_MODEL : options.model;
    const scored = scoreSegments(walk.segments, {
      style: pageStyle(walk.segments),
      declared,
      model,
      commentsAsText: ignoredNames !== null,
      template: options.template?.length ? new Set(options.template) : null,
    });
    templated = scored.template;
    t = lap('score', t);
    choice = choose(scored, {
      doc,
      body,
      styled: styles.styled,
      declared,
      dated: () => readMeta().published !== null,
      pageModel: options.pageModel ?? SHIPPED_PAGE_MODEL,
      isHidden,
      force: !!options.force,
      comments: ignoredNames !== null,
    });
  }
  t = lap('choose', t);
  if (choice.verdict !== 'article') return asComments();
  // The page answered whole, less its chrome, leaves its comment boxes out too: on such a page, that is its
  // title and menus (a Hacker News story page).
  if (choice.chosen.method === 'page') {
    const thread = asComments();
    if (thread !== null) return thread;
  }

  const meta = readMeta();
  t = lap('metadata', t);
  const maxNodes = nodeBudget(maxElements);
  const build = (c: Chosen) =>
    buildContent({ root: c.root, keep: c.keep, isHidden, baseUrl, maxNodes, title: meta.title });
  let chosen = choice.chosen;
  let built = build(chosen);
  if (choice.replaced !== null && fallbackCameOutShort(built.text)) {
    chosen = choice.replaced;
    built = build(chosen);
  }
  // The boxes the person added for the site (rules/): after the article, each whole, unless it holds them.
  for (const box of rule?.added ?? []) {
    if (built.body === null || containsNode(chosen.root, box) || containsNode(box, chosen.root)) continue;
    const more = build(pickedRoot(box));
    if (more.body === null) continue;
    built.body.append(...Array.from(more.body.childNodes));
    built = {
      ...built,
      html: built.body.innerHTML,
      text: `${built.text}\n\n${more.text}`,
      images: [...built.images, ...more.images],
    };
  }
  t = lap('build', t);
  if (built.text.trim() === '' || built.body === null) return asComments();
  if (!options.force && !choice.wholePage && isStub(chosen, built.text)) return asComments();

  let fingerprints: number[] | null = null;
  const diagnostics: Diagnostics = {
    method: chosen.method,
    styled: styles.styled,
    segmentCount: walk.segments.length,
    run: chosen.run,
    dropped: chosen.dropped,
    truncated: walk.truncated || walk.depth > MAX_OUTPUT_DEPTH,
    capped: capsOf(walk),
    pageChoice: chosen.decision ?? null,
    timings,
    rule: null,
    // Made when first read: the memory learns them after the reader's first paint, which need not wait.
    get fingerprints(): number[] {
      fingerprints ??= pageFingerprints(walk.segments);
      return fingerprints;
    },
    template: templated,
  };
  const reading = readingStats(built.text, meta.lang);
  lap('reading', t);
  timings.total = now() - t0;
  const article: ReaderArticle = {
    title: meta.title,
    byline: meta.byline,
    siteName: meta.siteName,
    published: meta.published,
    lang: meta.lang,
    dir: meta.dir,
    url: url || baseUrl,
    content: built.html,
    // A page that declares a product (score/page-type.ts) is read as one, unless its text is a thread or a list.
    kind: chosen.kind === 'article' && declared.product ? 'product' : chosen.kind,
    records: chosen.records,
    wordCount: reading.words,
    readingMinutes: reading.minutes,
    diagnostics,
  };
  return {
    extracted: { article, body: built.body, sources: built.sources },
    from: meta.from,
    baseUrl,
    images: built.images,
    text: built.text,
  };
}

/** The root a person picked for the site (rules/): its visible text is the article, as they saw it. */
function pickedRoot(root: Element): Chosen {
  return { method: 'rule', kind: 'article', records: 0, root, keep: null, run: null, dropped: 0 };
}

/**
 * Boxes walked as one segment each (segments/: comments, footers, menus) hold half the page's text or more:
 * where they are comments, the page may be its discussion.
 */
function collapsedHoldPage(segments: readonly Segment[]): boolean {
  let all = 0;
  let collapsed = 0;
  for (const s of segments) {
    all += s.length;
    if (s.raw === '') collapsed += s.length;
  }
  return collapsed * 2 >= all;
}

function performanceNow(): number {
  return typeof performance === 'undefined' ? Date.now() : performance.now();
}

function capsOf(walk: { cap: Cap | null; depth: number }): Cap[] {
  const caps: Cap[] = [];
  if (walk.cap !== null) caps.push(walk.cap);
  // The copy unwraps what lies deeper than this (clean/copy.ts); the walk saw how deep the page went.
  if (walk.depth > MAX_OUTPUT_DEPTH) caps.push('depth');
  return caps;
}

/** The start of the text, cut at a sentence end near 200 characters. */
function excerptOf(text: string): string {
  const para = text.split(/\n\s*\n/).find((p) => p.trim().length > 0) ?? '';
  if (para.length <= 220) return para.trim();
  const cut = para.slice(0, 220);
  const stop = Math.max(
    cut.lastIndexOf('. '),
    cut.lastIndexOf('。'),
    cut.lastIndexOf('! '),
    cut.lastIndexOf('? '),
  );
  return `${(stop > 80 ? cut.slice(0, stop + 1) : cut.replace(/\s+\S*$/, '')).trim()}${stop > 80 ? '' : '…'}`;
}
