import { describe, expect, it } from 'vitest';
import { DEFAULT_READER_SETTINGS, FONT_SIZES, READER_SETTING_CHECKS, stepFontSize } from './settings.ts';

describe('reader settings', () => {
  it('accepts every default', () => {
    for (const [key, value] of Object.entries(DEFAULT_READER_SETTINGS)) {
      expect(READER_SETTING_CHECKS[key as keyof typeof READER_SETTING_CHECKS](value), key).toBe(true);
    }
  });

  it.each([
    ['theme', 'neon'],
    ['font', 'comic'],
    ['fontSize', 13],
    ['fontSize', '1.25'],
    ['width', 'full'],
    ['lineHeight', 3],
    ['letterSpacing', 'huge'],
    ['wordSpacing', 0.16],
    ['paragraphSpacing', 'toString'],
    ['align', 'center'],
    ['lineFocus', 2],
    ['lineFocus', '3'],
    ['font', 'Atkinson Hyperlegible'],
    ['images', 'yes'],
    ['rate', 9],
    ['rate', Number.NaN],
    ['voice', 42],
  ] as const)('rejects %s = %s', (key, value) => {
    expect(READER_SETTING_CHECKS[key](value)).toBe(false);
  });

  it('steps the font size and stays at the ends', () => {
    expect(stepFontSize(1.25, 1)).toBe(1.375);
    expect(stepFontSize(1.25, -1)).toBe(1.125);
    expect(stepFontSize(FONT_SIZES[0], -1)).toBe(FONT_SIZES[0]);
    expect(stepFontSize(FONT_SIZES[FONT_SIZES.length - 1] ?? 0, 1)).toBe(FONT_SIZES[FONT_SIZES.length - 1]);
    // A size no step has (an older version's) restarts from the default.
    expect(stepFontSize(1.3, 1)).toBe(1.375);
  });
});
