/**
 * The reader's typefaces, looked up before the key press that shows them. A tab resolves a font family the first
 * time it lays text out in it at a size, weight and style (Chromium asks the browser process for each, one
 * synchronous request per family of the stack that is not installed): about half of the reader's first layout,
 * 10–20 ms. The instant reader reads the article ahead at idle; with the faces the reader showed last, it has
 * them looked up then too (`warmTypefaces`), by measuring a word on a canvas in each, which resolves the face
 * through the same font cache the tab's layout uses.
 */
import { declaredFamilies, familyKey } from './page-fonts.ts';

/** At most this many faces are kept and warmed: the reader shows about a dozen (toolbar, header, body). */
export const MAX_TYPEFACES = 32;

/** A face is a CSS `font` shorthand of the reader's own stacks: a few hundred characters at most. */
const MAX_FACE_CHARS = 400;

/** The reader's elements read for their faces: an article's first blocks hold every face its whole text has. */
const MAX_ELEMENTS = 3000;

/** Whether `value` is a list of faces as `typefacesShown` makes them (a stored or sent value is checked). */
export function isTypefaces(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_TYPEFACES &&
    value.every((face) => typeof face === 'string' && face.length > 0 && face.length <= MAX_FACE_CHARS)
  );
}

/** The `font` shorthand a canvas takes for the face `style` lays text out in (its size in px, as computed). */
function faceOf(style: CSSStyleDeclaration): string {
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/** Whether `element` holds text of its own (not only in its children). */
function holdsText(element: Element): boolean {
  for (const child of element.childNodes) {
    if (child.nodeType === Node.TEXT_NODE && (child.nodeValue ?? '').trim() !== '') return true;
  }
  return false;
}

/**
 * The faces of the text the reader shows in `root` (its own shadow root: its nodes are ours, and the page's
 * styles don't reach in), in the order they first occur, at most MAX_TYPEFACES. Read once the reader is on
 * the screen, its style clean.
 */
export function typefacesShown(root: ShadowRoot): string[] {
  const faces = new Set<string>();
  const elements = root.querySelectorAll('*');
  const count = Math.min(elements.length, MAX_ELEMENTS);
  for (let index = 0; index < count && faces.size < MAX_TYPEFACES; index++) {
    const element = elements[index] as Element;
    // A closed panel or menu shows nothing; text skipped as off-screen (content-visibility) is still shown.
    if (!holdsText(element) || !element.checkVisibility()) continue;
    const face = faceOf(getComputedStyle(element));
    if (face.length <= MAX_FACE_CHARS) faces.add(face);
  }
  return [...faces];
}

/** The families of a face made by `typefacesShown`: its stack, after the size. */
export function familiesOf(face: string): string[] {
  const at = face.indexOf('px ');
  return at < 0
    ? []
    : face
        .slice(at + 3)
        .split(',')
        .map(familyKey);
}

/** Of `faces`, those none of whose families the page declares (a generic family is never declared). */
export function facesToWarm(faces: readonly string[], declared: ReadonlySet<string>): string[] {
  return faces.filter((face) => !familiesOf(face).some((family) => declared.has(family)));
}

/** Idle moments asked for at most: a page never idle long enough doesn't keep us asking. */
const MAX_STEPS = 20;

/** The word measured in each face: it has the tab resolve the face's first family that is installed. */
const SAMPLE = 'Reader';

/**
 * Has the tab look up each of `faces` in `doc`'s font cache now, a few per idle moment, so that the reader's
 * first layout finds them there. Nothing is drawn, fetched or put in the page: the canvas is never attached,
 * and a face in a family the page declares is left for the reader's own layout.
 */
export function warmTypefaces(faces: readonly string[], doc: Document): void {
  if (faces.length === 0 || typeof OffscreenCanvas !== 'function') return;
  const context = new OffscreenCanvas(1, 1).getContext('2d');
  if (context === null) return;
  let left = [...faces];
  let steps = 0;
  const step = (deadline: IdleDeadline): void => {
    // Read again at each step: the page may have added a font since.
    const declared = declaredFamilies(doc);
    if (declared === null) return;
    left = facesToWarm(left, declared);
    // Each look-up can wait on the browser process for a millisecond or two: stop well before the deadline.
    while (left.length > 0 && deadline.timeRemaining() > 4) {
      context.font = left.shift() as string;
      context.measureText(SAMPLE);
    }
    if (left.length > 0 && ++steps < MAX_STEPS) requestIdleCallback(step);
  };
  requestIdleCallback(step);
}
