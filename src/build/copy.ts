import {
  attributeOf,
  dataOf,
  documentPosition,
  elementsByTagName,
  firstChildOf,
  firstElementChildOf,
  hasAttribute,
  localNameOf,
  namespaceOf,
  nextElementSiblingOf,
  nextSiblingOf,
  nodeTypeOf,
  parentElementOf,
  textContentOf,
} from '../dom/access.ts';
import { flatChildren, flatParent, frameBody } from '../dom/flat.ts';
import { MAX_ANCESTORS, MAX_OUTPUT_DEPTH } from '../dom/limits.ts';
import { parseUnrendered } from '../dom/parse.ts';
import { collapseHtmlSpace } from '../dom/text.ts';
import { nameVerdict } from '../score/names.ts';
import { codeLanguage, copyAttributes, direction } from './attributes.ts';
import { imageSource, isPixel } from './images.ts';
import { copyMath, MATHML_NS, renderedMath } from './math.ts';
import { isLayoutTable } from './tables.ts';
import { BLOCK_TAGS, DROP_TAGS, FORM_TAGS, INLINE_TAGS, RENAME, WRAPPER_BLOCKS } from './tags.ts';
import { safeHref } from './urls.ts';

/**
 * The copy walk of ALGORITHMS.md step 9: one pass over the page subtree, in document order, with an
 * explicit stack (pages nest 5,000 deep), writing into an inert document. Elements on the allow-list are
 * re-created with allow-listed attributes; other elements are unwrapped (children kept) or dropped with
 * their subtree. The page is only read, and only through dom/access.ts (a form control named `nextSibling`
 * must not end the walk early); the copy is written directly, into a document no page markup names.
 */

export interface CopyInput {
  root: Element;
  keep: ReadonlySet<Text> | null;
  isHidden: (el: Element) => boolean;
  baseUrl: string;
  /**
   * The most page nodes the walk reads: extract.ts gives the segment walk's own budget. The copy reads part of
   * what that walk read (hidden and skipped subtrees are left out by both), so this binds only where the walk
   * was capped too (diagnostics.capped says so); otherwise it is the bound that ends the walk even if a read
   * went wrong.
   */
  maxNodes: number;
}

export interface Copied {
  container: Element;
  /** Paragraphs (and list items) the copy created around loose inline content; tidy.ts may unwrap lone ones. */
  automatic: Set<Element>;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Signup and search forms hold a sentence or two; a form around a whole page holds the article. */
const FORM_TEXT = 500;

/**
 * What the output parent accepts. `flow`: blocks and inline content; `list`/`dl`: items (loose content is
 * wrapped in an automatic `<li>`/`<dd>`); `table`/`row`: table parts only (loose content is dropped, as the
 * HTML parser would move it out of the table); `phrasing`: inline content only (blocks are unwrapped,
 * separated by a space); `pre`: inline content with whitespace kept (blocks end with a newline).
 */
type Mode = 'flow' | 'list' | 'dl' | 'table' | 'row' | 'phrasing' | 'pre';

interface Ctx {
  out: Element;
  mode: Mode;
  /** flow only: loose inline content goes into an automatic `<p>`. */
  autoP: boolean;
  /** Inside a copied link: a nested `<a>` is unwrapped. */
  link: boolean;
  /** Inside an accepted (or tentatively accepted) figure: its images need no test of their own. */
  media: boolean;
  /** Figcaption text of an accepted figure is kept even when the run didn't choose it. */
  caption: boolean;
  /** Inside an element named as boilerplate (ad, promo, related…) that holds no chosen text. */
  boiler: boolean;
  /**
   * `dir`/`lang` of an unwrapped block (`<div dir="rtl">`), handed to the blocks made from its content, so a
   * right-to-left passage in a left-to-right article keeps its direction.
   */
  inherit: Element | null;
}

/** What to do when an element's children are done. */
type Exit = 'none' | 'close-paragraph' | 'space' | 'newline';

interface Frame {
  /** The next DOM child, when `list` is null (the flat tree is the DOM here). */
  next: Node | null;
  /** The children the element renders instead (shadow root, slot, frame body; dom/flat.ts). */
  list: readonly Node[] | null;
  index: number;
  ctx: Ctx;
  exit: Exit;
  /** The output element the exit acts on. */
  at: Element;
}

type Verdict = 'accept' | 'tentative' | 'reject';

export function copyContent(input: CopyInput, doc: Document): Copied {
  const { root, keep, isHidden, baseUrl, maxNodes } = input;
  const container = doc.createElement('div');
  const automatic = new Set<Element>();
  const openAuto = new Map<Element, Element>();
  const spaceBefore = new Set<Element>();
  let lastText = '';

  // Chosen-text bookkeeping (keep !== null): which elements hold chosen text, how far the walk is.
  const holders = keep === null ? new Set<Node>() : holdersOf(keep, root);
  const lastKept = keep === null ? null : lastInOrder(keep, holders);
  let keptSeen = 0;
  let passedLast = false;
  /** After the last chosen text, until other text appears: a closing figure still belongs to the article. */
  let trailing = true;
  /** Media seen before the first chosen text: kept only if no other text comes between them and it. */
  let tentative: Node[] = [];

  const base: Ctx = {
    out: container,
    mode: 'flow',
    autoP: true,
    link: false,
    media: false,
    caption: false,
    boiler: false,
    inherit: null,
  };
  const stack: Frame[] = [];
  const first = visit(root, base);
  if (first !== null) stack.push(first);

  // Nodes read; past maxNodes every open frame is closed in turn (its exit still applies) and the walk ends.
  let nodes = 0;
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const node = top.list === null ? top.next : (top.list[top.index++] ?? null);
    if (node === null || nodes++ >= maxNodes) {
      stack.pop();
      leave(top);
      continue;
    }
    if (top.list === null) top.next = nextSiblingOf(node);
    const type = nodeTypeOf(node);
    if (type === 3 || type === 4) {
      text(node as Text, top.ctx);
      continue;
    }
    if (type !== 1) continue;
    if (keep !== null && passedLast && !trailing) {
      // Past the last chosen text and the media right after it: the rest of the walk is not the article.
      top.next = null;
      top.list = null;
      continue;
    }
    const frame = visit(node as Element, top.ctx);
    if (frame !== null) stack.push(frame);
  }
  if (keep !== null && keptSeen === 0) dropTentative();
  return { container, automatic };

  function text(node: Text, ctx: Ctx): void {
    const data = dataOf(node);
    if (data === '') return;
    if (keep !== null && !keep.has(node) && !ctx.caption) {
      if (!/[^ \t\n\r\f]/.test(data)) {
        emit(ctx, data);
        return;
      }
      if (!ctx.media) {
        // Other visible text between a lead image and the first chosen paragraph: the image is not the article's.
        if (keptSeen === 0 && tentative.length > 0) dropTentative();
        // Other text after the last chosen paragraph: what follows is not the article's.
        if (passedLast) trailing = false;
      }
      return;
    }
    if (keep?.has(node)) {
      keptSeen++;
      tentative = [];
      if (node === lastKept) passedLast = true;
    }
    emit(ctx, data);
  }

  function emit(ctx: Ctx, data: string): void {
    if (ctx.mode === 'pre') {
      inlineParent(ctx)?.appendChild(doc.createTextNode(data));
      lastText = data;
      return;
    }
    const collapsed = collapseHtmlSpace(data);
    if (collapsed === ' ') {
      if (ctx.mode === 'flow' && ctx.autoP) openAuto.get(ctx.out)?.appendChild(doc.createTextNode(' '));
      else if (ctx.mode === 'flow' || ctx.mode === 'phrasing') ctx.out.appendChild(doc.createTextNode(' '));
      return;
    }
    const parent = inlineParent(ctx);
    if (parent === null) return;
    parent.appendChild(doc.createTextNode(collapsed));
    lastText = collapsed;
  }

  function visit(el: Element, ctx: Ctx): Frame | null {
    const localName = localNameOf(el).toLowerCase();
    const ns = namespaceOf(el);
    if (ns === SVG_NS) return null;
    if (ns === MATHML_NS) {
      if (localName === 'math') placeMath(el, el, ctx);
      return null;
    }
    // The flat tree (dom/flat.ts): a slot stands for what is assigned to it (or its fallback), a frameset
    // for its frames, and a same-origin frame the segment walk read (not hidden) for its body.
    if (localName === 'slot') return isHidden(el) ? null : transparent(el, ctx);
    if (localName === 'frameset' && !isHidden(el)) return wrapper(el, ctx);
    if ((localName === 'iframe' || localName === 'frame') && !isHidden(el) && frameBody(el) !== null)
      return wrapper(el, ctx);
    // A rendered <noscript> (page loaded with scripting off) was walked like any box: its content is the page's.
    if (localName === 'noscript' && !isHidden(el) && firstElementChildOf(el) !== null)
      return wrapper(el, ctx);
    if (DROP_TAGS.has(localName)) return null;
    if (FORM_TAGS.has(localName) && !holdsArticle(el)) return null;
    if (hasAttribute(el, 'hidden') || isHidden(el)) return null;
    if (localName === 'span' || localName === 'mjx-container') {
      const rendered = renderedMath(el, localName);
      if (rendered !== null) {
        placeMath(rendered, el, ctx);
        return null;
      }
    }
    const tag = RENAME.get(localName) ?? localName;
    const inner: Ctx = !ctx.boiler && isBoiler(el, localName) ? { ...ctx, boiler: true } : ctx;

    switch (tag) {
      case 'img':
        placeImage(el, null, inner);
        return null;
      case 'picture':
        placeImage(elementsByTagName(el, 'img')[0] ?? null, el, inner);
        return null;
      case 'br':
        placeBreak(inner);
        return null;
      case 'hr':
        if (inner.mode === 'flow') appendBlock(inner, doc.createElement('hr'));
        return null;
      case 'a': {
        const href = inner.link ? null : safeHref(attributeOf(el, 'href') ?? '', baseUrl);
        if (href === null) return transparent(el, inner);
        const a = doc.createElement('a');
        a.setAttribute('href', href);
        return inline(el, a, { ...inner, link: true });
      }
      case 'table':
        if (inner.mode !== 'flow' || isLayoutTable(el)) return wrapper(el, inner);
        return block(el, 'table', inner);
      case 'figure':
        return figure(el, inner);
    }
    if (INLINE_TAGS.has(tag)) return inline(el, doc.createElement(tag), inner);
    if (BLOCK_TAGS.has(tag)) return block(el, tag, inner);
    if (WRAPPER_BLOCKS.has(tag)) return wrapper(el, inner);
    return transparent(el, inner);
  }

  /** A form that holds chosen text, or (choosing everything) holds more than a signup box's worth of text. */
  function holdsArticle(el: Element): boolean {
    if (keep !== null) return holders.has(el);
    return (textContentOf(el) ?? '').trim().length >= FORM_TEXT;
  }

  function isBoiler(el: Element, tag: string): boolean {
    if (keep === null || holders.has(el)) return false;
    if (tag === 'aside' || tag === 'footer') return true;
    const names = `${attributeOf(el, 'class') ?? ''} ${attributeOf(el, 'id') ?? ''}`.trim();
    return names !== '' && nameVerdict(names) < 0;
  }

  /** An unwrapped inline element (span, font, custom elements): its children continue in the same place. */
  function transparent(el: Element, ctx: Ctx): Frame {
    return { ...childrenOf(el), ctx, exit: 'none', at: ctx.out };
  }

  /** An unwrapped block (div, section…): its loose inline content becomes paragraphs of their own. */
  function wrapper(el: Element, ctx: Ctx): Frame {
    switch (ctx.mode) {
      case 'flow':
        closeAuto(ctx.out);
        return {
          ...childrenOf(el),
          // In a figure, loose images stay direct children: no paragraph around them.
          ctx: {
            ...ctx,
            autoP: ctx.out.localName !== 'figure',
            inherit: hasAttribute(el, 'dir') || hasAttribute(el, 'lang') ? el : ctx.inherit,
          },
          exit: 'close-paragraph',
          at: ctx.out,
        };
      case 'phrasing':
        spaceBefore.add(ctx.out);
        return { ...childrenOf(el), ctx, exit: 'space', at: ctx.out };
      case 'pre':
        return { ...childrenOf(el), ctx, exit: 'newline', at: ctx.out };
      default:
        return transparent(el, ctx);
    }
  }

  /** Past the depth the HTML parser keeps, elements are unwrapped: their content stays, flattened (limits.ts). */
  function tooDeep(): boolean {
    return stack.length >= MAX_OUTPUT_DEPTH;
  }

  function inline(src: Element, out: Element, ctx: Ctx): Frame | null {
    const parent = inlineParent(ctx);
    if (parent === null || tooDeep()) return transparent(src, ctx);
    copyAttributes(src, out, out.localName);
    parent.appendChild(out);
    return {
      ...childrenOf(src),
      ctx: { ...ctx, out, mode: ctx.mode === 'pre' ? 'pre' : 'phrasing', autoP: false },
      exit: 'none',
      at: out,
    };
  }

  function block(src: Element, tag: string, ctx: Ctx): Frame | null {
    if (!fits(tag, ctx) || tooDeep()) return wrapper(src, ctx);
    const out = doc.createElement(tag);
    copyAttributes(src, out, tag);
    inheritDirection(out, ctx);
    if (tag === 'pre' && !out.hasAttribute('class')) {
      const language = codeLanguage(parentElementOf(src));
      if (language !== null) out.setAttribute('class', `language-${language}`);
    }
    if (!appendBlock(ctx, out)) return wrapper(src, ctx);
    return {
      ...childrenOf(src),
      ctx: { ...ctx, out, ...childMode(tag, ctx), inherit: null },
      exit: 'none',
      at: out,
    };
  }

  function figure(src: Element, ctx: Ctx): Frame | null {
    if ((ctx.mode !== 'flow' && ctx.mode !== 'list' && ctx.mode !== 'dl') || tooDeep())
      return wrapper(src, ctx);
    // A figure holding chosen text is always accepted (mediaVerdict), so a rejected one loses nothing chosen.
    const verdict = mediaVerdict(src, ctx);
    if (verdict === 'reject') return null;
    const out = doc.createElement('figure');
    copyAttributes(src, out, 'figure');
    inheritDirection(out, ctx);
    if (!appendBlock(ctx, out)) return null;
    if (verdict === 'tentative') tentative.push(out);
    return {
      ...childrenOf(src),
      ctx: { ...ctx, out, mode: 'flow', autoP: false, media: true, inherit: null },
      exit: 'none',
      at: out,
    };
  }

  /** Whether an allowed block may sit here; if not it is unwrapped (a `<td>` outside a table, a `<li>` outside a list). */
  function fits(tag: string, ctx: Ctx): boolean {
    const parentTag = ctx.out.localName;
    switch (ctx.mode) {
      case 'phrasing':
      case 'pre':
        return false;
      case 'table':
        if (tag === 'caption') return parentTag === 'table';
        return tag === 'thead' || tag === 'tbody' || tag === 'tfoot' || tag === 'tr';
      case 'row':
        return tag === 'td' || tag === 'th';
    }
    switch (tag) {
      case 'li':
        return ctx.mode === 'list';
      case 'dt':
      case 'dd':
        return ctx.mode === 'dl';
      case 'figcaption':
        return parentTag === 'figure';
      case 'summary':
        return parentTag === 'details';
      case 'caption':
      case 'thead':
      case 'tbody':
      case 'tfoot':
      case 'tr':
      case 'td':
      case 'th':
        return false;
    }
    return true;
  }

  function childMode(tag: string, ctx: Ctx): Pick<Ctx, 'mode' | 'autoP' | 'caption'> {
    switch (tag) {
      case 'p':
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'summary':
        return { mode: 'phrasing', autoP: false, caption: ctx.caption };
      case 'pre':
        return { mode: 'pre', autoP: false, caption: ctx.caption };
      case 'ul':
      case 'ol':
        return { mode: 'list', autoP: false, caption: ctx.caption };
      case 'dl':
        return { mode: 'dl', autoP: false, caption: ctx.caption };
      case 'table':
      case 'thead':
      case 'tbody':
      case 'tfoot':
        return { mode: 'table', autoP: false, caption: ctx.caption };
      case 'tr':
        return { mode: 'row', autoP: false, caption: ctx.caption };
      case 'blockquote':
      case 'details':
        return { mode: 'flow', autoP: true, caption: ctx.caption };
      case 'figcaption':
        return { mode: 'flow', autoP: false, caption: ctx.caption || ctx.media };
      default:
        return { mode: 'flow', autoP: false, caption: ctx.caption };
    }
  }

  /** Where a block goes; false when this place takes no blocks. */
  function appendBlock(ctx: Ctx, out: Element): boolean {
    const tag = out.localName;
    switch (ctx.mode) {
      case 'flow':
        closeAuto(ctx.out);
        ctx.out.appendChild(out);
        return true;
      case 'list':
        if (tag === 'li') {
          closeAuto(ctx.out);
          ctx.out.appendChild(out);
        } else auto(ctx.out, 'li').appendChild(out);
        return true;
      case 'dl':
        if (tag === 'dt' || tag === 'dd') {
          closeAuto(ctx.out);
          ctx.out.appendChild(out);
        } else auto(ctx.out, 'dd').appendChild(out);
        return true;
      case 'table':
      case 'row':
        ctx.out.appendChild(out);
        return true;
      default:
        return false;
    }
  }

  /** Where inline content goes; null where it can't go (loose text in a table). */
  function inlineParent(ctx: Ctx): Element | null {
    switch (ctx.mode) {
      case 'flow':
        return ctx.autoP ? auto(ctx.out, 'p', ctx) : ctx.out;
      case 'list':
        return auto(ctx.out, 'li');
      case 'dl':
        return auto(ctx.out, 'dd');
      case 'table':
      case 'row':
        return null;
      default:
        if (spaceBefore.delete(ctx.out)) ctx.out.appendChild(doc.createTextNode(' '));
        return ctx.out;
    }
  }

  function auto(out: Element, tag: string, ctx?: Ctx): Element {
    let open = openAuto.get(out);
    if (open === undefined) {
      open = doc.createElement(tag);
      if (ctx !== undefined) inheritDirection(open, ctx);
      out.appendChild(open);
      openAuto.set(out, open);
      automatic.add(open);
    }
    return open;
  }

  function inheritDirection(out: Element, ctx: Ctx): void {
    if (ctx.inherit === null) return;
    const { dir, lang } = direction(ctx.inherit);
    if (dir !== null && !out.hasAttribute('dir')) out.setAttribute('dir', dir);
    if (lang !== null && !out.hasAttribute('lang')) out.setAttribute('lang', lang);
  }

  function closeAuto(out: Element): void {
    openAuto.delete(out);
  }

  function leave(frame: Frame): void {
    switch (frame.exit) {
      case 'close-paragraph':
        closeAuto(frame.at);
        break;
      case 'space':
        spaceBefore.add(frame.at);
        break;
      case 'newline':
        if (lastText !== '' && !lastText.endsWith('\n')) {
          frame.at.appendChild(doc.createTextNode('\n'));
          lastText = '\n';
        }
        break;
    }
  }

  function placeBreak(ctx: Ctx): void {
    if (ctx.mode === 'flow' && ctx.autoP) {
      // A break before any text in this paragraph is layout spacing; a break after text splits lines.
      openAuto.get(ctx.out)?.appendChild(doc.createElement('br'));
      return;
    }
    if (ctx.mode === 'pre') {
      inlineParent(ctx)?.appendChild(doc.createTextNode('\n'));
      lastText = '\n';
      return;
    }
    if (ctx.mode === 'flow' || ctx.mode === 'phrasing') {
      spaceBefore.delete(ctx.out);
      ctx.out.appendChild(doc.createElement('br'));
    }
  }

  function placeImage(img: Element | null, picture: Element | null, ctx: Ctx): void {
    if (img !== null && isPixel(img)) return;
    const src = imageSource(img, picture, baseUrl) ?? (img !== null ? noscriptImage(img) : null);
    if (src === null) return;
    const verdict = mediaVerdict(picture ?? (img as Element), ctx);
    if (verdict === 'reject') return;
    const parent = inlineParent(ctx);
    if (parent === null) return;
    const out = doc.createElement('img');
    out.setAttribute('src', src);
    if (img !== null) copyAttributes(img, out, 'img');
    parent.appendChild(out);
    if (verdict === 'tentative') tentative.push(out);
  }

  /**
   * Lazy loaders that need JavaScript leave the real `<img>` in a `<noscript>` beside the placeholder. In a
   * page with scripting on, noscript content is raw text from the page: it is parsed into a document without a
   * browsing context (nothing there loads or runs), and only an image's URL is taken from it, through the same
   * checks as any image's (imageSource). No node of it reaches the article.
   */
  function noscriptImage(img: Element): string | null {
    const next = nextElementSiblingOf(img);
    if (next === null || localNameOf(next).toLowerCase() !== 'noscript') return null;
    const raw = textContentOf(next) ?? '';
    if (!/<img/i.test(raw)) return null;
    const found = parseUnrendered(raw)?.querySelector('img') ?? null;
    return found === null ? null : imageSource(found, null, baseUrl);
  }

  function placeMath(math: Element, at: Element, ctx: Ctx): void {
    const verdict = mediaVerdict(at, ctx);
    if (verdict === 'reject') return;
    const parent = inlineParent(ctx);
    if (parent === null) return;
    const copy = copyMath(math, doc);
    parent.appendChild(copy);
    if (verdict === 'tentative') tentative.push(copy);
  }

  /**
   * Media (images, figures, formulas) carry no chosen text, so their place decides: between the first and the
   * last chosen text they are the article's; before the first or after the last, only if no other text comes
   * between them and the chosen text (the lead image above the first paragraph, a closing photo whose
   * smaller caption the run left out), and after the last not when linked (a teaser's thumbnail). Inside
   * boilerplate (an ad slot between paragraphs), never.
   */
  function mediaVerdict(el: Element, ctx: Ctx): Verdict {
    if (keep === null || ctx.media) return 'accept';
    if (holders.has(el)) return 'accept';
    if (ctx.boiler) return 'reject';
    if (passedLast) return trailing && !ctx.link ? 'accept' : 'reject';
    return keptSeen === 0 ? 'tentative' : 'accept';
  }

  function dropTentative(): void {
    for (const node of tentative) node.parentNode?.removeChild(node);
    tentative = [];
  }
}

/** Every element from a chosen text node up to the root: the elements that hold article text. O(n) overall. */
function holdersOf(keep: ReadonlySet<Text>, root: Element): Set<Node> {
  const holders = new Set<Node>();
  const chain: Node[] = [];
  for (const t of keep) {
    chain.length = 0;
    // Flat-tree parents: chosen text in a shadow tree or a frame is held by the host or frame around it.
    let n: Node | null = flatParent(t);
    let reached = false;
    for (let steps = 0; n !== null && steps < MAX_ANCESTORS; steps++) {
      if (holders.has(n) || n === root) {
        reached = true;
        break;
      }
      chain.push(n);
      n = flatParent(n);
    }
    if (!reached) continue;
    holders.add(root);
    for (const c of chain) holders.add(c);
  }
  return holders;
}

/** The children of `el` as rendered, for a Frame. */
function childrenOf(el: Element): Pick<Frame, 'next' | 'list' | 'index'> {
  const list = flatChildren(el);
  return { next: list === null ? firstChildOf(el) : null, list, index: 0 };
}

/** The chosen text node that comes last in rendering order, among those under the root. */
function lastInOrder(keep: ReadonlySet<Text>, holders: Set<Node>): Text | null {
  let last: Text | null = null;
  for (const t of keep) {
    const parent = flatParent(t);
    if (parent === null || !holders.has(parent)) continue;
    if (last === null) {
      last = t;
      continue;
    }
    // DOCUMENT_POSITION_DISCONNECTED = 1, FOLLOWING = 4 (literals: no global Node needed, any realm). Nodes
    // in different trees (a shadow tree, a frame) have no document order: the keep set is filled in the
    // segment walk's order, which is the flat tree's, so the later one in the set comes later.
    const position = documentPosition(last, t);
    if (position & 1 || position & 4) last = t;
  }
  return last;
}
