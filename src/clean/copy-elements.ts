import {
  attributeOf,
  elementsByTagName,
  firstChildOf,
  firstElementChildOf,
  hasAttribute,
  localNameOf,
  namespaceOf,
  parentElementOf,
  querySelectorIn,
  textContentOf,
} from '../dom/access.ts';
import { isGlyphText, isSelfLink } from '../dom/anchors.ts';
import { flatChildren, frameBody } from '../dom/flat.ts';
import { MAX_OUTPUT_DEPTH } from '../dom/limits.ts';
import { headingLevel, isPanelLabel } from '../dom/tags.ts';
import { codeLanguage, copyAttributes } from './attributes.ts';
import { holdsArticle, isBoiler, mediaVerdict } from './copy-chosen.ts';
import { placeImage, placeMath } from './copy-media.ts';
import {
  appendBlock,
  childMode,
  closeAutomatic,
  fits,
  inheritDirection,
  inlineParent,
} from './copy-place.ts';
import { placeBreak } from './copy-text.ts';
import type { CopyWalk, Frame, Place } from './copy-types.ts';
import { MATHML_NS, renderedMath } from './math.ts';
import { isLayoutTable } from './tables.ts';
import { BLOCK_TAGS, DROP_TAGS, FORM_TAGS, INLINE_TAGS, RENAME, WRAPPER_BLOCKS } from './tags.ts';
import { safeHref } from './urls.ts';

/**
 * What each page element becomes in the copy: dropped with its subtree, placed whole (an image, a formula, a
 * break), re-created (its children then copied into it), or unwrapped (its children copied in its place).
 * A step that copies children returns the Frame for them.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The copy of `el` at `place`; the frame for its children, or null when they are not walked. */
export function visitElement(walk: CopyWalk, el: Element, place: Place): Frame | null {
  const localName = localNameOf(el).toLowerCase();
  const ns = namespaceOf(el);
  if (ns === SVG_NS) return null;
  if (ns === MATHML_NS) {
    if (localName === 'math') placeMath(walk, el, el, place);
    return null;
  }
  const { isHidden } = walk;
  // The flat tree (dom/flat.ts): a slot stands for what is assigned to it (or its fallback), a frameset
  // for its frames, and a same-origin frame the segment walk read (not hidden) for its body.
  if (localName === 'slot') return isHidden(el) ? null : transparent(el, place);
  if (localName === 'frameset' && !isHidden(el)) return wrapper(walk, el, place);
  if ((localName === 'iframe' || localName === 'frame') && !isHidden(el) && frameBody(el) !== null)
    return wrapper(walk, el, place);
  // A rendered <noscript> (page loaded with scripting off) was walked like any box: its content is the page's.
  if (localName === 'noscript' && !isHidden(el) && firstElementChildOf(el) !== null)
    return wrapper(walk, el, place);
  if (DROP_TAGS.has(localName) && !isPanelLabel(el, localName)) return null;
  if (FORM_TAGS.has(localName) && !holdsArticle(walk.chosen, el)) return null;
  if (hasAttribute(el, 'hidden') || isHidden(el)) return null;
  if (localName === 'span' || localName === 'mjx-container') {
    const rendered = renderedMath(el, localName);
    if (rendered !== null) {
      placeMath(walk, rendered, el, place);
      return null;
    }
  }
  const tag = RENAME.get(localName) ?? localName;
  const inner: Place =
    !place.boiler && isBoiler(walk.chosen, el, localName) ? { ...place, boiler: true } : place;
  const label = walk.labels?.get(el);
  if (label !== undefined && walk.chosen?.holders.has(el) === true) placeLabel(walk, inner, label);

  switch (tag) {
    case 'img':
      placeImage(walk, el, null, inner);
      return null;
    case 'picture':
      placeImage(walk, elementsByTagName(el, 'img')[0] ?? null, el, inner);
      return null;
    case 'br':
      placeBreak(walk, inner);
      return null;
    case 'hr':
      if (inner.mode === 'flow') appendBlock(walk, inner, walk.doc.createElement('hr'));
      return null;
    case 'a':
      return link(walk, el, inner);
    case 'table':
      if (inner.mode !== 'flow' || isLayoutTable(el)) return wrapper(walk, el, inner);
      return block(walk, el, 'table', inner);
    case 'figure':
      return figure(walk, el, inner);
  }
  if (INLINE_TAGS.has(tag)) return inline(walk, el, walk.doc.createElement(tag), inner);
  if (BLOCK_TAGS.has(tag)) return block(walk, el, tag, inner);
  if (WRAPPER_BLOCKS.has(tag)) return wrapper(walk, el, inner);
  return transparent(el, inner);
}

/** A line of ours before an element's copy: a `<p><strong>`, where a block may go. */
function placeLabel(walk: CopyWalk, place: Place, text: string): void {
  if (place.mode !== 'flow') return;
  const p = walk.doc.createElement('p');
  const strong = walk.doc.createElement('strong');
  strong.textContent = text;
  p.appendChild(strong);
  appendBlock(walk, place, p);
}

/**
 * A link with a safe URL, not inside another link: an `<a>` with the absolute href; otherwise unwrapped. A
 * heading's anchor (a self-link in or around a heading) is not kept as a link: its text is the heading's, and
 * a glyph-only one ("¶", "#", an icon) is no text at all, so it goes.
 */
function link(walk: CopyWalk, el: Element, place: Place): Frame | null {
  if (!place.link && isHeadingAnchor(el, place))
    return isGlyphText(textContentOf(el) ?? '') ? null : transparent(el, place);
  const href = place.link ? null : safeHref(attributeOf(el, 'href') ?? '', walk.baseUrl);
  if (href === null) return transparent(el, place);
  const a = walk.doc.createElement('a');
  a.setAttribute('href', href);
  return inline(walk, el, a, { ...place, link: true });
}

const HEADINGS = 'h1, h2, h3, h4, h5, h6';

function isHeadingAnchor(el: Element, place: Place): boolean {
  return (place.heading || querySelectorIn(el, HEADINGS) !== null) && isSelfLink(el);
}

/** An unwrapped inline element (span, font, custom elements): its children continue in the same place. */
function transparent(el: Element, place: Place): Frame {
  return { ...childrenOf(el), place, exit: 'none', at: place.out };
}

/** An unwrapped block (div, section…): its loose inline content becomes paragraphs of their own. */
function wrapper(walk: CopyWalk, el: Element, place: Place): Frame {
  switch (place.mode) {
    case 'flow':
      closeAutomatic(walk, place.out);
      return {
        ...childrenOf(el),
        // In a figure, loose images stay direct children: no paragraph around them.
        place: {
          ...place,
          from: el,
          autoP: place.out.localName !== 'figure',
          inherit: hasAttribute(el, 'dir') || hasAttribute(el, 'lang') ? el : place.inherit,
        },
        exit: 'close-paragraph',
        at: place.out,
      };
    case 'phrasing':
      walk.spaceBefore.add(place.out);
      return { ...childrenOf(el), place, exit: 'space', at: place.out };
    case 'pre':
      return { ...childrenOf(el), place, exit: 'newline', at: place.out };
    default:
      return transparent(el, place);
  }
}

/** Past the depth the HTML parser keeps, elements are unwrapped: their content stays, flattened (limits.ts). */
function tooDeep(walk: CopyWalk): boolean {
  return walk.stack.length >= MAX_OUTPUT_DEPTH;
}

/** An allowed inline element: `out`, with the allowed attributes of `src`, where inline content goes. */
function inline(walk: CopyWalk, src: Element, out: Element, place: Place): Frame | null {
  const parent = inlineParent(walk, place);
  if (parent === null || tooDeep(walk)) return transparent(src, place);
  copyAttributes(src, out, out.localName);
  parent.appendChild(out);
  return {
    ...childrenOf(src),
    place: { ...place, out, mode: place.mode === 'pre' ? 'pre' : 'phrasing', autoP: false },
    exit: 'none',
    at: out,
  };
}

/** An allowed block, where it fits; unwrapped where it doesn't. */
function block(walk: CopyWalk, src: Element, tag: string, place: Place): Frame | null {
  if (!fits(tag, place) || tooDeep(walk)) return wrapper(walk, src, place);
  const out = walk.doc.createElement(tag);
  copyAttributes(src, out, tag);
  inheritDirection(out, place);
  if (tag === 'pre') codeClass(src, out);
  if (!appendBlock(walk, place, out)) return wrapper(walk, src, place);
  walk.sources.set(out, src);
  return {
    ...childrenOf(src),
    place: {
      ...place,
      out,
      ...childMode(tag, place),
      inherit: null,
      heading: place.heading || headingLevel(tag) > 0,
    },
    exit: 'none',
    at: out,
  };
}

/**
 * A `<pre>` that names no language itself takes it from the page element around it, or the one around that
 * (Sphinx: `div.highlight-python > div.highlight > pre`).
 */
function codeClass(src: Element, out: Element): void {
  if (out.hasAttribute('class')) return;
  const parent = parentElementOf(src);
  const language = codeLanguage(parent) ?? codeLanguage(parent && parentElementOf(parent));
  if (language !== null) out.setAttribute('class', `language-${language}`);
}

/** A figure where blocks go, kept or not by its place against the chosen text (mediaVerdict). */
function figure(walk: CopyWalk, src: Element, place: Place): Frame | null {
  if ((place.mode !== 'flow' && place.mode !== 'list' && place.mode !== 'dl') || tooDeep(walk))
    return wrapper(walk, src, place);
  // A figure holding chosen text is always accepted (mediaVerdict), so a rejected one loses nothing chosen.
  const verdict = mediaVerdict(walk.chosen, src, place);
  if (verdict === 'reject') return null;
  const out = walk.doc.createElement('figure');
  copyAttributes(src, out, 'figure');
  inheritDirection(out, place);
  if (!appendBlock(walk, place, out)) return null;
  walk.sources.set(out, src);
  if (verdict === 'tentative') walk.chosen?.tentative.push(out);
  return {
    ...childrenOf(src),
    place: { ...place, out, mode: 'flow', autoP: false, media: true, inherit: null },
    exit: 'none',
    at: out,
  };
}

/** The children of `el` as rendered, for a Frame. */
function childrenOf(el: Element): Pick<Frame, 'next' | 'list' | 'index'> {
  const list = flatChildren(el);
  return { next: list === null ? firstChildOf(el) : null, list, index: 0 };
}
