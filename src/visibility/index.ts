import { DEFAULT_BLOCK_TAGS } from '../dom/tags.ts';

/** What the pipeline needs to know of one element's computed style. */
export interface ElementStyle {
  /** Nobody sees this element or anything inside it. */
  hidden: boolean;
  /** Does not end a text segment (computed `display` is inline-level). */
  inline: boolean;
  fontSize: number;
  color: string;
  floated: boolean;
}

/**
 * Reads visibility and the Luo style signals from computed style (ALGORITHMS.md step 2), one
 * getComputedStyle per element, nothing written, so layout is computed at most once for the whole walk.
 * A document without a view (DOMParser, createHTMLDocument) has no computed style: then HTML defaults
 * and inline attributes stand in, and `styled` says so.
 */
export interface StyleSource {
  readonly styled: boolean;
  read(el: Element, parent: ElementStyle | null): ElementStyle;
}

const INLINE_DISPLAYS = new Set(['inline', 'contents', 'inline-block', 'ruby', 'ruby-text', 'math']);
const MATHML = 'http://www.w3.org/1998/Math/MathML';

/**
 * Text pushed this far outside the page is an off-screen hiding trick (`left:-9999px`, `text-indent:-9999px`),
 * not layout: real content never sits 500 px left of the page's origin.
 */
const OFFSCREEN_PX = 500;

export function styleSource(doc: Document): StyleSource {
  const view = doc.defaultView;
  if (view && typeof view.getComputedStyle === 'function' && doc.documentElement) {
    try {
      // A detached or frameless document can have a view whose computed style is empty.
      const probe = view.getComputedStyle(doc.documentElement);
      if (probe.display !== '') return computedSource(view, doc);
    } catch {
      // fall through to the unstyled source
    }
  }
  return unstyledSource();
}

function computedSource(view: Window, doc: Document): StyleSource {
  const scrollX = view.scrollX || 0;
  const scrollY = view.scrollY || 0;
  const pageWidth = Math.max(doc.documentElement.scrollWidth, view.innerWidth || 0);
  return {
    styled: true,
    read(el, parent) {
      if (attributeHidden(el)) return hiddenStyle(parent);
      // Each property read serialises a value: read the few every element needs, the rest only where they
      // can matter. Measured on 150 trafilatura-dev pages: the walk went from 7.4 to 5.3 ms median.
      const cs = view.getComputedStyle(el);
      const display = cs.display;
      // A bare inline element (<em>, <b>, a plain <span>: no class, id or style for a rule to hide it by)
      // inside a visible box is visible: skip two of its three reads.
      if (display === 'inline' && !el.hasAttributes()) return new LazyStyle(cs, true, false);
      if (display === 'none' || cs.visibility !== 'visible' || cs.opacity === '0') return hiddenStyle(parent);
      // A truly inline box is neither absolutely positioned (that blockifies its display) nor clipping (overflow
      // applies to block containers): the hiding tricks below cannot apply, so skip their reads.
      if (display === 'inline') return new LazyStyle(cs, true, false);
      const position = cs.position;
      const positioned = position === 'absolute' || position === 'fixed';
      // The shorthand is one read where overflow-x and overflow-y are two; it serialises to `visible` only
      // when both are.
      const clipsOverflow = cs.overflow !== 'visible';
      // `clip` applies only to absolutely positioned boxes; screen-reader-only text pairs it (or clip-path)
      // with position:absolute.
      if (positioned && (ZERO_CLIP.test(cs.clip) || HIDING_CLIP_PATH.test(cs.clipPath)))
        return hiddenStyle(parent);
      // Image replacement hides text with a huge negative indent inside an overflow-clipping box.
      if (clipsOverflow && Number.parseFloat(cs.textIndent) < -OFFSCREEN_PX) return hiddenStyle(parent);
      if (positioned || clipsOverflow) {
        const box = el.getBoundingClientRect();
        if (clipsOverflow && (box.width <= 1 || box.height <= 1)) return hiddenStyle(parent);
        if (positioned || position === 'relative') {
          const left = box.left + (position === 'fixed' ? 0 : scrollX);
          const top = box.top + (position === 'fixed' ? 0 : scrollY);
          if (left + box.width < -OFFSCREEN_PX + 1 || top + box.height < -OFFSCREEN_PX + 1) {
            return hiddenStyle(parent);
          }
          if (left > pageWidth + OFFSCREEN_PX) return hiddenStyle(parent);
        }
      }
      // Inside a formula every MathML element has a `math` display (Chromium gives `<mi>` "block math"): the
      // formula is one piece of its sentence, and only a display-math root starts a block.
      const inline = INLINE_DISPLAYS.has(display) || (el.namespaceURI === MATHML && el.localName !== 'math');
      return new LazyStyle(cs, inline, !inline);
    },
  };
}

const ZERO_CLIP = /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/;
const HIDING_CLIP_PATH = /inset\((50|100)%/;

/** Font size, colour and float read on first use: most elements never own text directly. */
class LazyStyle implements ElementStyle {
  readonly hidden = false;
  #size: number | undefined;
  #color: string | undefined;
  #floated: boolean | undefined;
  constructor(
    private readonly cs: CSSStyleDeclaration,
    readonly inline: boolean,
    private readonly block: boolean,
  ) {}
  get fontSize(): number {
    if (this.#size === undefined) this.#size = Number.parseFloat(this.cs.fontSize) || 16;
    return this.#size;
  }
  get color(): string {
    if (this.#color === undefined) this.#color = this.cs.color;
    return this.#color;
  }
  get floated(): boolean {
    if (this.#floated === undefined) {
      const f = this.block ? this.cs.cssFloat : 'none';
      this.#floated = f !== 'none' && f !== '';
    }
    return this.#floated;
  }
}

function unstyledSource(): StyleSource {
  return {
    styled: false,
    read(el, parent) {
      if (attributeHidden(el)) return hiddenStyle(parent);
      const inlineStyle = el.getAttribute('style');
      if (inlineStyle && /(display\s*:\s*none|visibility\s*:\s*hidden)/i.test(inlineStyle)) {
        return hiddenStyle(parent);
      }
      return {
        hidden: false,
        inline: !DEFAULT_BLOCK_TAGS.has(el.localName),
        fontSize: parent?.fontSize ?? 16,
        color: parent?.color ?? '',
        floated: false,
      };
    },
  };
}

function attributeHidden(el: Element): boolean {
  return el.hasAttributes() && (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true');
}

function hiddenStyle(parent: ElementStyle | null): ElementStyle {
  return {
    hidden: true,
    inline: true,
    fontSize: parent?.fontSize ?? 16,
    color: parent?.color ?? '',
    floated: false,
  };
}
