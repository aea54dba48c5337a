import {
  attributeOf,
  boundingRectOf,
  defaultViewOf,
  documentElementOf,
  hasAttribute,
  localNameOf,
  namespaceOf,
  previousElementSiblingOf,
  querySelectorIn,
  scrollWidthOf,
  textContentOf,
} from '../dom/access.ts';
import { DEFAULT_BLOCK_TAGS, PANEL_LABEL_CHARS } from '../dom/tags.ts';
import { wordSet } from '../dom/words.ts';
import { PANEL_NAMES } from '../names/index.ts';

/**
 * What the pipeline needs to know of one element's computed style. Font size, colour and float are read on
 * first use, through fontSizeOf, colorOf and floatedOf: most elements never own text directly. A plain
 * object, not a class with getters: one is made per element, and in V8's baseline tier constructing a class
 * instance costs several times a literal.
 */
export interface ElementStyle {
  /** Nobody sees this element or anything inside it. */
  readonly hidden: boolean;
  /** Does not end a text segment (computed `display` is inline-level). */
  readonly inline: boolean;
  /** Where the three values below are read from; null where they are given. */
  readonly cs: CSSStyleDeclaration | null;
  /** A block box: only a block's float is read (an inline box does not float). */
  readonly block: boolean;
  /**
   * Inside a veil shown by `display: none` (the `hidden` attribute): laid out nowhere, so every box is empty and
   * the tests that read boxes say nothing. Absent elsewhere.
   */
  readonly unlaid?: true;
  /** Null until read. */
  fontSize: number | null;
  color: string | null;
  floated: boolean | null;
}

export function fontSizeOf(style: ElementStyle): number {
  style.fontSize ??= Number.parseFloat((style.cs as CSSStyleDeclaration).fontSize) || 16;
  return style.fontSize;
}

export function colorOf(style: ElementStyle): string {
  style.color ??= (style.cs as CSSStyleDeclaration).color;
  return style.color;
}

export function floatedOf(style: ElementStyle): boolean {
  if (style.floated === null) {
    const f = style.block ? (style.cs as CSSStyleDeclaration).cssFloat : 'none';
    style.floated = f !== 'none' && f !== '';
  }
  return style.floated;
}

/**
 * Reads visibility and the Luo style signals from computed style, one
 * getComputedStyle per element, nothing written, so layout is computed at most once for the whole walk.
 * A document without a view (DOMParser, createHTMLDocument) has no computed style: then HTML defaults
 * and inline attributes stand in, and `styled` says so.
 */
export interface StyleSource {
  readonly styled: boolean;
  /** `attributed`: `el.hasAttributes()`, which the walk has asked already (most elements have none). */
  read(el: Element, parent: ElementStyle | null, attributed: boolean): ElementStyle;
}

const INLINE_DISPLAYS = wordSet('inline contents inline-block ruby ruby-text math');
const MATHML = 'http://www.w3.org/1998/Math/MathML';

/**
 * Text pushed this far outside the page is an off-screen hiding trick (`left:-9999px`, `text-indent:-9999px`),
 * not layout: real content never sits 500 px left of the page's origin.
 */
const OFFSCREEN_PX = 500;

export function styleSource(doc: Document, veil: Element | null = null): StyleSource {
  const view = defaultViewOf(doc);
  const html = documentElementOf(doc);
  // getComputedStyle is the window's own property: no named element shadows it.
  if (view && typeof view.getComputedStyle === 'function' && html) {
    try {
      // A detached or frameless document can have a view whose computed style is empty.
      const probe = view.getComputedStyle(html);
      if (probe.display !== '') return computedSource(view, html, veil);
    } catch {
      // fall through to the unstyled source
    }
  }
  return unstyledSource();
}

function computedSource(view: Window, html: Element, veil: Element | null): StyleSource {
  const scrollX = view.scrollX || 0;
  const scrollY = view.scrollY || 0;
  const pageWidth = Math.max(scrollWidthOf(html), view.innerWidth || 0);
  return {
    styled: true,
    read(el, parent, attributed) {
      if (el === veil) return lifted(view.getComputedStyle(el));
      if (parent?.unlaid) return unlaidStyle(el, view.getComputedStyle(el), attributed);
      if (attributed && hasAttribute(el, 'hidden')) return HIDDEN;
      // Each property read serialises a value: read the few every element needs, the rest only where they
      // can matter.
      const cs = view.getComputedStyle(el);
      const display = cs.display;
      if (attributed && hiddenFromReaders(el, INLINE_DISPLAYS.has(display))) return HIDDEN;
      // A bare inline element (<em>, <b>, a plain <span>: no class, id or style for a rule to hide it by)
      // inside a visible box is visible: skip two of its three reads.
      if (display === 'inline' && !attributed) return computed(cs, true, false);
      if (display === 'none') return attributed && closedPanel(el) ? computed(cs, false, true) : HIDDEN;
      if ((cs.visibility !== 'visible' || cs.opacity === '0') && !revealedOnScroll(el, cs, parent, view)) {
        return HIDDEN;
      }
      // A truly inline box is neither absolutely positioned (that blockifies its display) nor clipping (overflow
      // applies to block containers): the hiding tricks below cannot apply, so skip their reads.
      if (display === 'inline') return computed(cs, true, false);
      const position = cs.position;
      const positioned = position === 'absolute' || position === 'fixed';
      // The shorthand is one read where overflow-x and overflow-y are two; it serialises to `visible` only
      // when both are.
      const clipsOverflow = cs.overflow !== 'visible';
      // `clip` applies only to absolutely positioned boxes; screen-reader-only text pairs it (or clip-path)
      // with position:absolute.
      if (positioned && (ZERO_CLIP.test(cs.clip) || HIDING_CLIP_PATH.test(cs.clipPath))) return HIDDEN;
      // Image replacement hides text with a huge negative indent inside an overflow-clipping box.
      if (clipsOverflow && Number.parseFloat(cs.textIndent) < -OFFSCREEN_PX) return HIDDEN;
      if (positioned || clipsOverflow) {
        const box = boundingRectOf(el);
        // A clipping box of no width, or positioned and of no height, is a screen-reader-only label. One of no
        // height in the flow is an accordion's panel animated shut (`height: 0`): its text is a click away and
        // the page's (a product's details).
        if (clipsOverflow && (box.width <= 1 || (box.height <= 1 && positioned))) return HIDDEN;
        if (positioned || position === 'relative') {
          const left = box.left + (position === 'fixed' ? 0 : scrollX);
          const top = box.top + (position === 'fixed' ? 0 : scrollY);
          if (left + box.width < -OFFSCREEN_PX + 1 || top + box.height < -OFFSCREEN_PX + 1) {
            return HIDDEN;
          }
          if (left > pageWidth + OFFSCREEN_PX) return HIDDEN;
        }
      }
      // Inside a formula every MathML element has a `math` display (Chromium gives `<mi>` "block math"): the
      // formula is one piece of its sentence, and only a display-math root starts a block.
      const inline =
        INLINE_DISPLAYS.has(display) || (namespaceOf(el) === MATHML && localNameOf(el) !== 'math');
      return computed(cs, inline, !inline);
    },
  };
}

/**
 * A block hidden by opacity or visibility that sits in normal flow with its top in the viewport's last
 * REVEAL_OFFSET_PX or below is waiting for a scroll-reveal script (AOS, Elementor's entrance animations) to
 * fade it in when it comes into view: a person reading down the page sees it, so the reader keeps it. Inline
 * boxes are left out: a heading's hover-revealed anchor is hidden on purpose. docs/extraction.md, "Text
 * revealed on scroll".
 */
function revealedOnScroll(
  el: Element,
  cs: CSSStyleDeclaration,
  parent: ElementStyle | null,
  view: Window,
): boolean {
  if (cs.visibility === 'collapse') return false;
  // Visibility is inherited: inside a block kept this way, a link or a line is hidden only by its parent.
  if (cs.opacity !== '0' && parent?.cs?.visibility === cs.visibility) return true;
  if (INLINE_DISPLAYS.has(cs.display)) return false;
  const position = cs.position;
  if (position !== 'static' && position !== 'relative') return false;
  const box = boundingRectOf(el);
  return box.width > 0 && box.height > 0 && box.top >= view.innerHeight - REVEAL_OFFSET_PX;
}

/**
 * An accordion's or an FAQ's closed panel: a `display: none` box named for one (names/ PANEL_NAMES), right
 * after the label that opens it. A person opens it with one click, and its text is the page's: a service
 * page's questions kept their answers, a product its details (docs/extraction.md). Tabs are not read this
 * way: their hidden panels were the page's text on 2 of 493 modern-dev pages.
 */
function closedPanel(el: Element): boolean {
  if (!PANEL_NAMES.test(`${attributeOf(el, 'class') ?? ''} ${attributeOf(el, 'id') ?? ''}`)) return false;
  const label = previousElementSiblingOf(el);
  const chars = label === null ? 0 : (textContentOf(label) ?? '').trim().length;
  return chars > 0 && chars < PANEL_LABEL_CHARS;
}

/**
 * How far into the viewport a block must come before the script reveals it: AOS's default offset. A block
 * hidden higher up than this is hidden for good, not waiting.
 */
const REVEAL_OFFSET_PX = 120;

const ZERO_CLIP = /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/;
const HIDING_CLIP_PATH = /inset\((50|100)%/;

/**
 * The veil's own style, read as shown: a block whatever hid it. `display: none` (the `hidden` attribute) leaves
 * it and all inside it without boxes (unlaid).
 */
function lifted(cs: CSSStyleDeclaration): ElementStyle {
  const style = computed(cs, false, true);
  return cs.display === 'none' ? { ...style, unlaid: true } : style;
}

/**
 * An element inside a veil laid out nowhere: what hides it by style still hides it; its box, empty like every
 * box there, is not read.
 */
function unlaidStyle(el: Element, cs: CSSStyleDeclaration, attributed: boolean): ElementStyle {
  const display = cs.display;
  if (display === 'none' || cs.visibility !== 'visible' || cs.opacity === '0') return HIDDEN;
  const inline = INLINE_DISPLAYS.has(display) || (namespaceOf(el) === MATHML && localNameOf(el) !== 'math');
  if (attributed && (hasAttribute(el, 'hidden') || hiddenFromReaders(el, inline))) return HIDDEN;
  const positioned = cs.position === 'absolute' || cs.position === 'fixed';
  if (positioned && (ZERO_CLIP.test(cs.clip) || HIDING_CLIP_PATH.test(cs.clipPath))) return HIDDEN;
  if (cs.overflow !== 'visible' && Number.parseFloat(cs.textIndent) < -OFFSCREEN_PX) return HIDDEN;
  return { ...computed(cs, inline, !inline), unlaid: true };
}

function computed(cs: CSSStyleDeclaration, inline: boolean, block: boolean): ElementStyle {
  return { hidden: false, inline, cs, block, fontSize: null, color: null, floated: null };
}

function unstyledSource(): StyleSource {
  return {
    styled: false,
    read(el, parent, attributed) {
      if (attributed && attributeHidden(el)) return HIDDEN;
      const inlineStyle = attributed ? attributeOf(el, 'style') : null;
      if (inlineStyle && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(inlineStyle)) return HIDDEN;
      const inline = !DEFAULT_BLOCK_TAGS.has(localNameOf(el));
      return {
        hidden: false,
        inline,
        cs: null,
        block: !inline,
        fontSize: parent === null ? 16 : fontSizeOf(parent),
        color: parent === null ? '' : colorOf(parent),
        floated: false,
      };
    },
  };
}

function attributeHidden(el: Element): boolean {
  return hasAttribute(el, 'hidden') || attributeOf(el, 'aria-hidden') === 'true';
}

/** Paragraph-level boxes: an `aria-hidden` box holding one is a part of the page, not a line of it. */
const PARAGRAPHS = 'p, li, h1, h2, h3, h4, h5, h6, blockquote, pre';

/**
 * `aria-hidden` hides from assistive technology, not from sight, and pages use it both ways. On a glyph, an
 * icon font's ligature ("arrow_forward") or one line ("Advertisement: …", fixture hidden-text) it marks what
 * is not content, and the reader leaves it out too. On a box of paragraphs it hides what people do see: a
 * shop's `<main aria-hidden="true">` while its menu or a dialog is open (modern-dev: two product pages came
 * out empty or as their footer), a visual story's copy beside the plain one it gives screen readers (fixture
 * duplicated-body-clipped-copy). Without computed styles (unstyledSource) it always hides: a clipped copy
 * for screen readers cannot be told from the visible one then.
 */
function hiddenFromReaders(el: Element, inline: boolean): boolean {
  if (attributeOf(el, 'aria-hidden') !== 'true') return false;
  if (inline || COLLAPSING_ROLES.has(attributeOf(el, 'role') ?? '')) return true;
  return querySelectorIn(el, PARAGRAPHS) === null;
}

/**
 * A closed accordion's or tab's panel says so with `aria-hidden` and is shut by the page's script: without it
 * (the bench's setting) it stays open, and a university's fees page read a closed panel instead of its text.
 */
const COLLAPSING_ROLES = new Set(['region', 'tabpanel']);

/**
 * Every hidden element's style: the walk skips what it hides, so nothing reads its size or colour, and none is
 * taken from the parent (two computed-style reads the parent might never need).
 */
const HIDDEN: ElementStyle = {
  hidden: true,
  inline: true,
  cs: null,
  block: false,
  fontSize: 16,
  color: '',
  floated: false,
};

/**
 * `source`, reading the elements of `removed` as hidden: the blocks a person's fix for the site leaves out
 * (rules/), which the segment walk then skips and the copy leaves out, as it does a `display: none` box.
 */
export function hiding(source: StyleSource, removed: ReadonlySet<Element>): StyleSource {
  return {
    styled: source.styled,
    read: (el, parent, attributed) => (removed.has(el) ? HIDDEN : source.read(el, parent, attributed)),
  };
}
