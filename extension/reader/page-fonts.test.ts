import { describe, expect, it } from 'vitest';
import { familyKey, stacksWithout, withoutDeclared } from './page-fonts.ts';

const SERIF = 'Charter, "Bitstream Charter", "Sitka Text", Cambria, Georgia, serif';

describe('withoutDeclared', () => {
  it('takes the families the page declares out of a stack, quoted or not, whatever their case', () => {
    expect(withoutDeclared(SERIF, new Set(['charter', 'georgia']))).toBe(
      '"Bitstream Charter", "Sitka Text", Cambria, serif',
    );
    expect(withoutDeclared(SERIF, new Set(['bitstream charter']))).toBe(
      'Charter, "Sitka Text", Cambria, Georgia, serif',
    );
  });

  it('keeps a stack none of whose families the page declares as it is', () => {
    expect(withoutDeclared(SERIF, new Set(['inter', 'merriweather']))).toBe(SERIF);
  });

  it('keeps generic families, which no @font-face can take; a quoted "serif" is a family like any other', () => {
    expect(
      withoutDeclared('system-ui, Roboto, sans-serif', new Set(['system-ui', 'sans-serif', 'roboto'])),
    ).toBe('system-ui, sans-serif');
    expect(withoutDeclared('"serif", serif', new Set(['serif']))).toBe('serif');
  });

  it('keeps only the generic families when the page declares more fonts than are read', () => {
    expect(withoutDeclared(SERIF, null)).toBe('serif');
    expect(withoutDeclared('ui-monospace, Menlo, "DejaVu Sans Mono", monospace', null)).toBe(
      'ui-monospace, monospace',
    );
  });
});

describe('stacksWithout', () => {
  const rules = [
    { selector: '.l-root', property: '--l-serif', stack: SERIF },
    { selector: '.l-root', property: '--l-sans', stack: 'system-ui, Roboto, sans-serif' },
    { selector: '.l-article:lang(ja)', property: '--l-serif', stack: '"Yu Mincho", serif' },
  ] as const;

  it('sets again, under the same selector, only the stacks the page touches', () => {
    expect(stacksWithout(rules, new Set(['roboto', 'yu mincho']))).toBe(
      '.l-root { --l-sans: system-ui, sans-serif; }\n.l-article:lang(ja) { --l-serif: serif; }',
    );
  });

  it('is empty when the page declares none of the families', () => {
    expect(stacksWithout(rules, new Set(['inter']))).toBe('');
  });
});

describe('familyKey', () => {
  it('compares family names without their quotes, spaces around or case', () => {
    expect(familyKey(' "Bitstream Charter" ')).toBe('bitstream charter');
    expect(familyKey("'Georgia'")).toBe('georgia');
  });
});
