/**
 * The selectors of a fix are matched by Lectern's own bounded walk (src/rules/match.ts), not querySelectorAll:
 * on random documents and random selectors of the fix's grammar (src/rules/grammar.ts), it finds exactly what
 * Chromium's querySelectorAll finds, in the same order. fast-check makes both in Node; the page writes each
 * selector with CSS.escape (as the builder does), so every escape the builder can write is read back, and Node
 * checks that each one parses in the grammar.
 *
 * The seed is fixed (SELECTOR_SEED overrides it, SELECTOR_RUNS the run count) and printed, to replay a failure.
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { parseSelector } from '../../src/rules/grammar.ts';
import { loadExtractor } from '../support/index.ts';

const SEED = Number(process.env.SELECTOR_SEED ?? 20_261_207);
const RUNS = Number(process.env.SELECTOR_RUNS ?? 300);

/** Tags of the documents: plain, custom, a name the parser takes whole though it reads as a selector list. */
const TAGS = ['div', 'p', 'section', 'span', 'my-widget', 'x,p:not(.q),*'];
/** Ids and class words, some that need escapes: a digit first, punctuation, non-ASCII, a lone `-`. */
const NAMES = ['a', 'b', 'promo', '2col', 'x,p', 'a:b', 'a.b', '-', '--x', 'café', '50%', 'q"r'];
/** What separates class words in an attribute: CSS's whitespace. */
const GAPS = [' ', '  ', '\t', '\n'];

/** `value` one time in five, else `otherwise`. */
const sometimes = <T>(value: fc.Arbitrary<T>, otherwise: T): fc.Arbitrary<T> =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(otherwise) }, { weight: 1, arbitrary: value });

interface RandomElement {
  tag: string;
  svg: boolean;
  id: string | null;
  classes: string[];
  gap: string;
  children: RandomElement[];
}

const element = (children: fc.Arbitrary<RandomElement[]>): fc.Arbitrary<RandomElement> =>
  fc.record({
    tag: fc.constantFrom(...TAGS),
    svg: fc.integer({ min: 0, max: 11 }).map((n) => n === 0),
    id: sometimes(fc.constantFrom(...NAMES), null),
    classes: fc.array(fc.constantFrom(...NAMES), { maxLength: 4 }),
    gap: fc.constantFrom(...GAPS),
    children,
  });

const trees = fc.letrec<{ node: RandomElement; nodes: RandomElement[] }>((tie) => ({
  node: fc.oneof({ maxDepth: 5, depthIdentifier: 'tree' }, element(fc.constant([])), element(tie('nodes'))),
  nodes: fc.array(tie('node'), { maxLength: 5, depthIdentifier: 'tree' }),
}));
/** A body of 2 to 6 trees, each up to 5 levels deep. */
const tree: fc.Arbitrary<RandomElement[]> = fc.array(trees.node, { minLength: 2, maxLength: 6 });

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function toHtml(nodes: readonly RandomElement[]): string {
  return nodes
    .map((n) => {
      const id = n.id === null ? '' : ` id="${attribute(n.id)}"`;
      const cls = n.classes.length === 0 ? '' : ` class="${attribute(n.classes.join(n.gap))}"`;
      // An SVG island: its elements are matched by tag case-sensitively (linearGradient), HTML ones without case.
      if (n.svg)
        return `<svg><linearGradient${id}${cls}></linearGradient><g${cls}>${toHtml(n.children)}</g></svg>`;
      return `<${n.tag}${id}${cls}>${toHtml(n.children)}</${n.tag}>`;
    })
    .join('');
}

/** One box of a random selector, written out in the page (CSS.escape there). */
interface RandomCompound {
  tag: string | null;
  ids: string[];
  classes: string[];
  position: number | null;
  within: ' ' | ' > ' | '>';
}

const compound: fc.Arbitrary<RandomCompound> = fc.record({
  tag: fc.option(
    fc.constantFrom(
      'div',
      'DIV',
      'p',
      'section',
      'span',
      'my-widget',
      'html',
      'body',
      'g',
      'linearGradient',
      'lineargradient',
      '*',
    ),
    { freq: 2, nil: null },
  ),
  ids: sometimes(
    fc.constantFrom(...NAMES).map((id) => [id]),
    [],
  ),
  classes: fc.oneof(
    { weight: 3, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(...NAMES).map((name) => [name]) },
  ),
  position: sometimes(fc.integer({ min: 1, max: 3 }), null),
  within: fc.constantFrom(' ' as const, ' > ' as const, '>' as const),
});

const selectors = fc.array(fc.array(compound, { minLength: 1, maxLength: 3 }), {
  minLength: 1,
  maxLength: 12,
});

test('the fix’s own matcher finds what querySelectorAll finds, on random documents and selectors', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Selectors</title></head><body></body></html>',
  );
  await loadExtractor(page);
  console.log(`selector match: seed ${SEED}, ${RUNS} runs (replay with SELECTOR_SEED=${SEED})`);
  let matched = 0;
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(tree, selectors, async (nodes, boxes) => {
      const results = await page.evaluate(
        ({ html, boxes }) => {
          document.body.setHTMLUnsafe(html);
          const all = Array.from(document.querySelectorAll('*'));
          const write = (list: RandomCompound[]) =>
            list
              .map((c, i) => {
                const parts = [
                  c.tag ?? (c.ids.length + c.classes.length + (c.position ?? 0) === 0 ? '*' : ''),
                  ...c.ids.map((id) => `#${CSS.escape(id)}`),
                  ...c.classes.map((name) => `.${CSS.escape(name)}`),
                  c.position === null ? '' : `:nth-of-type(${c.position})`,
                ];
                return (i === 0 ? '' : c.within) + parts.join('');
              })
              .join('');
          return boxes.map((list) => {
            const selector = write(list);
            const expected = Array.from(document.querySelectorAll(selector)).map((el) => all.indexOf(el));
            const got = Lectern.matches(document, selector, 100_000).map((el) => all.indexOf(el));
            return { selector, expected, got };
          });
        },
        { html: toHtml(nodes), boxes },
      );
      // Checked together: one expect per selector costs Playwright more than the page does.
      const wrong = results.filter(
        ({ selector, expected, got }) =>
          !parseSelector(selector).ok || JSON.stringify(got) !== JSON.stringify(expected),
      );
      expect(wrong).toEqual([]);
      tried += results.length;
      matched += results.filter(({ expected }) => expected.length > 0).length;
    }),
    { seed: SEED, numRuns: RUNS },
  );
  console.log(`${matched} of ${tried} selectors matched something`);
  // The property is no test if the selectors seldom match anything.
  expect(matched).toBeGreaterThan(tried / 4);
});

test('the walk reads a bounded number of elements, and any depth', async ({ page }) => {
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>Many</title></head><body></body></html>',
  );
  await loadExtractor(page);
  const found = await page.evaluate(() => {
    // 100,000 elements before the one asked for: past the walk's bound (src/rules/match.ts MAX_MATCH_VISITS).
    const wide = document.createElement('div');
    wide.append(...Array.from({ length: 100_000 }, () => document.createElement('i')));
    const far = document.createElement('b');
    far.className = 'far';
    document.body.append(wide, far);
    const wideResult = {
      native: document.querySelectorAll('b.far').length,
      far: Lectern.matches(document, 'b.far').length,
      italics: Lectern.matches(document, 'i', 200_000).length,
    };
    wide.remove();
    // 5,000 levels, as script can build (the parser stops at 512): a box at the bottom is found under the top.
    let at: Element = document.createElement('section');
    document.body.append(at);
    for (let i = 0; i < 5_000; i++) at = at.appendChild(document.createElement('div'));
    at.className = 'leaf';
    return { ...wideResult, deep: Lectern.matches(document, 'section div.leaf').length };
  });
  expect(found.native).toBe(1);
  expect(found.far).toBe(0);
  expect(found.italics).toBeLessThan(100_000);
  expect(found.italics).toBeGreaterThan(99_990);
  expect(found.deep).toBe(1);
});
