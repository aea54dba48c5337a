/**
 * Atkinson Hyperlegible's faces as data (@fontsource/atkinson-hyperlegible, SIL Open Font License): regular,
 * bold and their italics, each in the package's latin and latin-ext subsets, so the browser decodes only the
 * subsets an article's characters need. Bundled by the `typeface` chunk (and the test harness), never the
 * content script: the files weigh 110 kB (147 kB as base64) and load only when the typeface is chosen (legible-font.ts).
 */
import latin400Italic from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-italic.woff2?inline';
import latin400 from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff2?inline';
import latin700Italic from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-italic.woff2?inline';
import latin700 from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff2?inline';
import latinExt400Italic from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-400-italic.woff2?inline';
import latinExt400 from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-400-normal.woff2?inline';
import latinExt700Italic from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-700-italic.woff2?inline';
import latinExt700 from '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-700-normal.woff2?inline';
import type { LegibleFaces } from './legible-font.ts';

/** The subsets' characters, as the package's unicode.json gives them. */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

export const LEGIBLE_FACES: LegibleFaces = [
  { weight: '400', style: 'normal', unicodeRange: LATIN, woff2: latin400 },
  { weight: '700', style: 'normal', unicodeRange: LATIN, woff2: latin700 },
  { weight: '400', style: 'italic', unicodeRange: LATIN, woff2: latin400Italic },
  { weight: '700', style: 'italic', unicodeRange: LATIN, woff2: latin700Italic },
  { weight: '400', style: 'normal', unicodeRange: LATIN_EXT, woff2: latinExt400 },
  { weight: '700', style: 'normal', unicodeRange: LATIN_EXT, woff2: latinExt700 },
  { weight: '400', style: 'italic', unicodeRange: LATIN_EXT, woff2: latinExt400Italic },
  { weight: '700', style: 'italic', unicodeRange: LATIN_EXT, woff2: latinExt700Italic },
];
