/**
 * The reader's own settings: what they can be, their defaults, and how a stored value is read back. Pure (no
 * extension API), so the overlay can be mounted without the extension; extension/shared/settings.ts stores them.
 */
import type { MessageName } from '../shared/i18n.ts';

export const THEMES = ['auto', 'light', 'sepia', 'dark', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];

/** `legible` is Atkinson Hyperlegible, shipped with the extension and loaded when chosen (legible-font.ts). */
export const FONTS = ['serif', 'sans', 'mono', 'legible'] as const;
export type Font = (typeof FONTS)[number];

/**
 * Article text sizes in em of the browser's default (medium) size: 1.25 is 20 px at the usual 16 px. Steps grow
 * by about an eighth, the smallest change a reader notices in one press (Firefox Reader View uses the same idea).
 */
export const FONT_SIZES = [0.875, 1, 1.125, 1.25, 1.375, 1.5, 1.75, 2, 2.5] as const;

/**
 * Column widths in em of the article's own size, so a line holds the same number of characters at every font
 * size: 35em of a serif is about 70 characters (Bringhurst's 45–75 range; Firefox Reader View's default is 30em).
 */
export const WIDTHS = { narrow: 30, medium: 35, wide: 42 } as const;
export type Width = keyof typeof WIDTHS;

export const LINE_HEIGHTS = [1.4, 1.6, 1.8, 2] as const;

/**
 * Letter, word and paragraph spacing, in em of the text's size. Wider is WCAG 1.4.12's text spacing (letters
 * 0.12em, words 0.16em, 2em after a paragraph), Wide about half the way there; Normal's paragraph is the
 * reader's own 1.15em.
 */
export const SPACINGS = {
  normal: { label: 'spacingNormal', letter: 0, word: 0, paragraph: 1.15 },
  wide: { label: 'spacingWide', letter: 0.06, word: 0.08, paragraph: 1.5 },
  wider: { label: 'spacingWider', letter: 0.12, word: 0.16, paragraph: 2 },
} as const satisfies Record<string, { label: MessageName; letter: number; word: number; paragraph: number }>;
export type Spacing = keyof typeof SPACINGS;

/** The three spacing settings: their label, and which measure of SPACINGS each sets (reader.css `--l-<measure>`). */
export const TEXT_SPACINGS = {
  letterSpacing: { label: 'spacingLetters', measure: 'letter' },
  wordSpacing: { label: 'spacingWords', measure: 'word' },
  paragraphSpacing: { label: 'spacingParagraphs', measure: 'paragraph' },
} as const satisfies Record<string, { label: MessageName; measure: string }>;
export type TextSpacing = keyof typeof TEXT_SPACINGS;

/** The article's text alignment: `justify` also hyphenates, in the article's language (reader.css). */
export const ALIGNMENTS = { start: 'alignStart', justify: 'alignJustify' } as const satisfies Record<
  string,
  MessageName
>;
export type Alignment = keyof typeof ALIGNMENTS;

/** Line focus: how many lines stay clear around the one read, the rest dimmed (line-focus.ts); 0 is off. */
export const LINE_FOCUS = [0, 1, 3, 5] as const;

export interface ReaderSettings {
  theme: Theme;
  font: Font;
  /** One of FONT_SIZES. */
  fontSize: number;
  width: Width;
  /** One of LINE_HEIGHTS. */
  lineHeight: number;
  letterSpacing: Spacing;
  wordSpacing: Spacing;
  paragraphSpacing: Spacing;
  align: Alignment;
  /** One of LINE_FOCUS. */
  lineFocus: number;
  /** Show the article's images (off leaves their captions and alt text out too). */
  images: boolean;
  /** Copies and saved files start with title, byline · site · date and the source URL. */
  copyHeader: boolean;
  /** The speechSynthesis voice's `voiceURI`, or '' for the browser's default voice for the article language. */
  voice: string;
  /** Speech rate, 0.5–2 (1 is normal). */
  rate: number;
}

export const DEFAULT_READER_SETTINGS: Readonly<ReaderSettings> = {
  theme: 'auto',
  font: 'serif',
  fontSize: 1.25,
  width: 'medium',
  lineHeight: 1.6,
  letterSpacing: 'normal',
  wordSpacing: 'normal',
  paragraphSpacing: 'normal',
  align: 'start',
  lineFocus: 0,
  images: true,
  copyHeader: true,
  voice: '',
  rate: 1,
};

type Check = (value: unknown) => boolean;

const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);

/** What a stored value must be to be used; anything else (an older version's, a hand edit) falls back. */
export const READER_SETTING_CHECKS: { readonly [K in keyof ReaderSettings]: Check } = {
  theme: oneOf(THEMES),
  font: oneOf(FONTS),
  fontSize: oneOf(FONT_SIZES),
  width: oneOf(Object.keys(WIDTHS)),
  lineHeight: oneOf(LINE_HEIGHTS),
  letterSpacing: oneOf(Object.keys(SPACINGS)),
  wordSpacing: oneOf(Object.keys(SPACINGS)),
  paragraphSpacing: oneOf(Object.keys(SPACINGS)),
  align: oneOf(Object.keys(ALIGNMENTS)),
  lineFocus: oneOf(LINE_FOCUS),
  images: (value) => typeof value === 'boolean',
  copyHeader: (value) => typeof value === 'boolean',
  voice: (value) => typeof value === 'string' && value.length <= 500,
  rate: (value) => typeof value === 'number' && value >= 0.5 && value <= 2,
};

/** The next font size up (+1) or down (−1), staying at the ends. */
export function stepFontSize(current: number, direction: 1 | -1): number {
  const index = FONT_SIZES.indexOf(current as (typeof FONT_SIZES)[number]);
  const from = index === -1 ? FONT_SIZES.indexOf(1.25) : index;
  const next = Math.min(FONT_SIZES.length - 1, Math.max(0, from + direction));
  return FONT_SIZES[next] ?? current;
}
