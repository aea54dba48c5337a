/**
 * MathML copied as it is (formulas are article content), minus every attribute that
 * isn't presentation: no href (MathML Core links), no style, no class, no event handler. The page's formula is
 * read through dom/access.ts, the copy written directly.
 */
import {
  attributeOf,
  attributesOf,
  dataOf,
  elementsByTagNameNS,
  firstChildOf,
  localNameOf,
  namespaceOf,
  nextSiblingOf,
  nodeTypeOf,
} from '../dom/access.ts';
import { MAX_SIBLINGS } from '../dom/limits.ts';
import { wordSet } from '../dom/words.ts';

export const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** MathML Core presentation attributes, plus the MathML 3 ones browsers still honour. */
export const MATH_ATTRIBUTES: ReadonlySet<string> = wordSet(
  'display displaystyle scriptlevel mathvariant mathsize dir fence form separator stretchy ' +
    'symmetric largeop movablelimits accent accentunder lspace rspace minsize maxsize linethickness ' +
    'width height depth voffset notation open close separators columnalign rowalign columnspan ' +
    'rowspan columnlines rowlines frame align encoding',
);

/** Annotations that can carry HTML or SVG (annotation-xml) are not presentation; TeX source annotations are kept. */
const DROP = new Set(['annotation-xml', 'maction', 'semantics-xml']);

/**
 * The formula's presentation MathML, copied into `doc`. The copy walk hands a formula over whole, outside its
 * node budget, so this walk has its own: MAX_SIBLINGS nodes in all, read through dom/access.ts.
 */
export function copyMath(math: Element, doc: Document): Element {
  const root = doc.createElementNS(MATHML_NS, 'math');
  copyMathAttributes(math, root);
  const stack: { src: Element; out: Element }[] = [{ src: math, out: root }];
  let read = 0;
  while (stack.length > 0) {
    const { src, out } = stack.pop() as { src: Element; out: Element };
    let c = firstChildOf(src);
    for (; c !== null && read < MAX_SIBLINGS; read++, c = nextSiblingOf(c)) {
      const type = nodeTypeOf(c);
      if (type === 3 || type === 4) {
        out.appendChild(doc.createTextNode(dataOf(c as Text)));
        continue;
      }
      if (type !== 1) continue;
      const el = c as Element;
      if (namespaceOf(el) !== MATHML_NS) continue;
      const tag = localNameOf(el);
      if (DROP.has(tag)) continue;
      const copy = doc.createElementNS(MATHML_NS, tag);
      copyMathAttributes(el, copy);
      out.appendChild(copy);
      stack.push({ src: el, out: copy });
    }
  }
  return root;
}

function copyMathAttributes(src: Element, out: Element): void {
  // Attr nodes have no named properties: only the element's own `attributes` needs the accessor.
  for (const attr of Array.from(attributesOf(src))) {
    const name = attr.localName.toLowerCase();
    if (attr.namespaceURI === null && MATH_ATTRIBUTES.has(name)) out.setAttribute(name, attr.value);
  }
}

/**
 * The MathML source behind a rendered formula: KaTeX keeps it in `.katex-mathml`, MathJax 3 in
 * `mjx-assistive-mml`, both visually hidden (clipped) beside the visible glyph boxes, whose characters come
 * from CSS and so are not text at all. Copying the MathML keeps the formula readable.
 */
export function renderedMath(el: Element, tag: string): Element | null {
  if (tag !== 'mjx-container' && !/(^|\s)katex(\s|$)/.test(attributeOf(el, 'class') ?? '')) return null;
  const math = elementsByTagNameNS(el, MATHML_NS, 'math')[0];
  return math ?? null;
}
