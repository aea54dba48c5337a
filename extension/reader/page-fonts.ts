/**
 * The page's fonts never draw the reader's words. A page's `@font-face` (or a FontFace it adds) applies inside
 * our shadow root too, and it can be named like a family of the reader's stacks ("Charter", "Georgia",
 * "Roboto"): the page would choose the glyphs of every word we show, the article's and our own labels', and a
 * font's glyphs can spell other words than the text's. So each family the page declares is taken out of the
 * reader's stacks while a view is mounted, checked again as the page's fonts change. A generic family
 * (`serif`, `system-ui`…) is a keyword no `@font-face` can take, so a stack always ends on one.
 */
import { fontCountOf, fontsOf, forEachFont } from '../../src/dom/access.ts';
import { isOwnFace } from './legible-font.ts';
import { type Adopted, adoptStyles } from './styles.ts';

/** The page's faces read at most: past this, the reader keeps to its generic families. */
const MAX_PAGE_FACES = 1000;

/** The custom properties that hold the reader's stacks (reader.css). */
const STACKS = ['--l-serif', '--l-sans', '--l-mono', '--l-legible'] as const;

/** Rules of the reader's own sheet read for its stacks (it has about 300). */
const MAX_RULES = 2000;

/** Unquoted, these name the browser's own choice of font, never a page's. */
const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'math',
  'emoji',
  'fangsong',
]);

/** The page's fonts are read again every this many frames even when their number holds (one out, one in). */
const RECHECK_FRAMES = 30;

/** A family name as a font stack or a FontFace writes it, compared without quotes or case. */
export function familyKey(name: string): string {
  return name
    .trim()
    .replace(/^["']|["']$/g, '')
    .toLowerCase();
}

/**
 * The families the page declares fonts of (`@font-face`, FontFace), or null when it declares more than we read.
 * Read through the prototype's getter and bounded: the set is the page's. The legible typeface's faces are in
 * it too while chosen, but they are Lectern's (legible-font.ts): a face the page declares in their family is not.
 */
export function declaredFamilies(doc: Document): Set<string> | null {
  const fonts = fontsOf(doc);
  if (fontCountOf(fonts) > MAX_PAGE_FACES) return null;
  const declared = new Set<string>();
  forEachFont(fonts, (font) => {
    if (declared.size < MAX_PAGE_FACES && !isOwnFace(font)) declared.add(familyKey(font.family));
  });
  return declared;
}

/**
 * `stack` without the families in `declared` (null: without every named family). Generic families stay, as
 * does the stack when nothing is taken out of it; the reader's stacks all end on one (else `serif`).
 */
export function withoutDeclared(stack: string, declared: ReadonlySet<string> | null): string {
  const families = stack.split(',').map((family) => family.trim());
  const kept = families.filter((family) => {
    const unquoted = !/^["']/.test(family);
    if (unquoted && GENERIC_FAMILIES.has(family.toLowerCase())) return true;
    return declared !== null && !declared.has(familyKey(family));
  });
  return kept.length === families.length ? stack : kept.join(', ') || 'serif';
}

/** A rule of the reader's sheet that sets one of its stacks. */
export interface StackRule {
  selector: string;
  property: (typeof STACKS)[number];
  stack: string;
}

/** The rules of `sheet` that set a stack, read from the browser's parse of it. */
function stackRules(sheet: CSSStyleSheet): StackRule[] {
  const found: StackRule[] = [];
  const rules = sheet.cssRules;
  for (let index = 0; index < rules.length && index < MAX_RULES; index++) {
    // A style rule by its shape: in Firefox's content scripts an `instanceof` of the page's classes can miss.
    const rule = rules[index] as Partial<CSSStyleRule> | undefined;
    const selector = rule?.selectorText;
    if (rule?.style === undefined || typeof selector !== 'string') continue;
    for (const property of STACKS) {
      const stack = rule.style.getPropertyValue(property).trim();
      if (stack !== '') found.push({ selector, property, stack });
    }
  }
  return found;
}

/** The CSS that sets each stack of `rules` without the page's families, where that changes it. */
export function stacksWithout(rules: readonly StackRule[], declared: ReadonlySet<string> | null): string {
  return rules
    .map(({ selector, property, stack }) => ({ selector, property, stack: withoutDeclared(stack, declared) }))
    .filter((rule, index) => rule.stack !== rules[index]?.stack)
    .map(({ selector, property, stack }) => `${selector} { ${property}: ${stack}; }`)
    .join('\n');
}

/**
 * Keeps the page's fonts out of the stacks `readerSheet` sets in `root`, from now until the returned function
 * is called: a sheet adopted after it sets each stack the page could answer without that family. The page's
 * fonts are read now and again each frame their number changes (and every RECHECK_FRAMES frames), before the
 * frame is laid out, so a font the page adds later is out of the stacks before it can load.
 */
export function keepPageFontsOut(root: ShadowRoot, readerSheet: CSSStyleSheet, doc: Document): () => void {
  let rules: StackRule[] | null = null;
  let override: Adopted | null = null;
  let shown = '';
  const check = (): void => {
    const declared = declaredFamilies(doc);
    if (declared !== null && declared.size === 0 && override === null) return;
    rules ??= stackRules(readerSheet);
    const css = stacksWithout(rules, declared);
    if (css === shown) return;
    shown = css;
    override ??= adoptStyles(root, '');
    override.sheet.replaceSync(css);
  };
  let count = fontCountOf(fontsOf(doc));
  let frames = 0;
  let frame = 0;
  const tick = (): void => {
    frame = requestAnimationFrame(tick);
    const now = fontCountOf(fontsOf(doc));
    if (now !== count || ++frames >= RECHECK_FRAMES) {
      count = now;
      frames = 0;
      check();
    }
  };
  check();
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    override?.remove();
  };
}
