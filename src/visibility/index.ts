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

const INLINE_DISPLAYS = new Set(['inline', 'contents', 'inline-block', 'ruby', 'ruby-text']);

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
      const cs = view.getComputedStyle(el);
      const display = cs.display;
      if (
        display === 'none' ||
        cs.visibility === 'hidden' ||
        cs.visibility === 'collapse' ||
        cs.opacity === '0'
      ) {
        return hiddenStyle(parent);
      }
      const position = cs.position;
      const clipsOverflow = cs.overflowX !== 'visible' || cs.overflowY !== 'visible';
      const clip = cs.clip;
      const clipPath = cs.clipPath;
      if (
        (clip !== 'auto' && clip !== '' && /rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)/.test(clip)) ||
        (clipPath !== 'none' && /inset\((50|100)%/.test(clipPath))
      ) {
        return hiddenStyle(parent);
      }
      if (Number.parseFloat(cs.textIndent) < -OFFSCREEN_PX) return hiddenStyle(parent);
      if (position === 'absolute' || position === 'fixed' || clipsOverflow) {
        const box = el.getBoundingClientRect();
        if (clipsOverflow && (box.width <= 1 || box.height <= 1)) return hiddenStyle(parent);
        if (position !== 'static') {
          const left = box.left + (position === 'fixed' ? 0 : scrollX);
          const top = box.top + (position === 'fixed' ? 0 : scrollY);
          if (left + box.width < -OFFSCREEN_PX + 1 || top + box.height < -OFFSCREEN_PX + 1) {
            return hiddenStyle(parent);
          }
          if (left > pageWidth + OFFSCREEN_PX) return hiddenStyle(parent);
        }
      }
      return {
        hidden: false,
        inline: INLINE_DISPLAYS.has(display),
        fontSize: Number.parseFloat(cs.fontSize) || 16,
        color: cs.color,
        floated: cs.cssFloat !== 'none' && cs.cssFloat !== '',
      };
    },
  };
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
  return el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true';
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
