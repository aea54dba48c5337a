/**
 * The legible typeface (Atkinson Hyperlegible, designed by the Braille Institute for low-vision readers), shipped
 * with the extension and put in when a person chooses it: its faces come as data (the `typeface` chunk, or the
 * harness's bundle), never from a URL, so nothing is fetched and no web-accessible file tells a page Lectern is
 * installed. A shadow root draws with its document's fonts, so the faces join the page document's
 * `document.fonts` while chosen, under a family name of Lectern's own, and leave with the reader.
 */
import { addFont, deleteFont, fontsOf } from '../../src/dom/access.ts';

/** One face as shipped: a woff2 file as a `data:` URL, and which of the font's styles and characters it holds. */
export interface LegibleFace {
  weight: '400' | '700';
  style: 'normal' | 'italic';
  unicodeRange: string;
  woff2: string;
}

export type LegibleFaces = readonly LegibleFace[];

/** The family reader.css names first in `--l-legible`: Lectern's own, so no installed or page font is taken for it. */
// not shown: a family's name, read by CSS, never by a person
export const LEGIBLE_FAMILY = 'Lectern Atkinson Hyperlegible';

/** The faces Lectern added: page-fonts.ts keeps the page's fonts out of the reader's stacks, never these. */
const own = new WeakSet<FontFace>();

export const isOwnFace = (face: FontFace): boolean => own.has(face);

/** The FontFaces made from each shipped list, made once: decoding the files again would only cost. */
const made = new WeakMap<LegibleFaces, FontFace[]>();

function bytesOf(dataUrl: string): ArrayBuffer {
  const binary = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes.buffer;
}

function fontFacesOf(faces: LegibleFaces): FontFace[] {
  let fonts = made.get(faces);
  if (fonts === undefined) {
    fonts = faces.map(
      ({ weight, style, unicodeRange, woff2 }) =>
        new FontFace(LEGIBLE_FAMILY, bytesOf(woff2), { weight, style, unicodeRange, display: 'swap' }),
    );
    for (const font of fonts) own.add(font);
    made.set(faces, fonts);
  }
  return fonts;
}

/** Adds the legible faces to `doc`'s fonts; the returned function takes them out again. */
export function addLegibleFaces(doc: Document, faces: LegibleFaces): () => void {
  const set = fontsOf(doc);
  const fonts = fontFacesOf(faces);
  for (const font of fonts) addFont(set, font);
  return () => {
    for (const font of fonts) deleteFont(set, font);
  };
}
