import { describe, expect, it } from 'vitest';
import type { PageOverlap, SnippetCounts } from './metric.ts';
import { markdownReport } from './report.ts';
import {
  type ExtractorRecord,
  groupScore,
  type PageRecord,
  shortfall,
  summarizeByType,
  summarizeCorpus,
} from './summary.ts';

function pageOverlap(precision: number | null, recall: number | null): PageOverlap {
  return { precision, recall, exact: false, predictedTokens: precision === null ? 0 : 10, goldTokens: 10 };
}

function run(precision: number | null, recall: number | null, snippets?: SnippetCounts): ExtractorRecord {
  return {
    ms: 1,
    runsMs: [1, 1, 1],
    warmupMs: 2,
    error: null,
    chars: precision === null ? null : 100,
    tokens: precision === null ? 0 : 10,
    overlap: pageOverlap(precision, recall),
    snippets: snippets ?? null,
  };
}

let next = 0;
function page(
  pageType: string | undefined,
  lectern: [number | null, number | null],
  readability: [number | null, number | null] | null = lectern,
  defuddle: [number | null, number | null] | null = null,
): PageRecord {
  next++;
  return {
    corpus: 'modern-mini',
    id: String(next).padStart(4, '0'),
    url: `http://127.0.0.1/modern-mini/${next}/`,
    ...(pageType === undefined ? {} : { pageType }),
    gold: { tokens: 10 },
    lectern: run(...lectern),
    readability: readability ? run(...readability) : null,
    defuddle: defuddle ? run(...defuddle) : null,
    loadError: null,
    blockedNavigations: [],
    first: 'lectern',
  };
}

/** The run a test report is said to come from. */
const REPORT_INFO = {
  started: new Date('2026-01-01T00:00:00Z'),
  runtimeSeconds: 1,
  command: 'npm run bench',
  git: 'abc1234',
  lecternJs: 'x',
  readability: '0.6.0',
  defuddle: '0.19.4',
  chromium: 'Chromium',
  runs: 3,
  limit: null,
  model: 'the shipped model',
};

describe('shortfall', () => {
  it('is empty without text, else other text below half precision, else cut short below half recall', () => {
    expect(shortfall(pageOverlap(null, 0))).toBe('empty');
    expect(shortfall(pageOverlap(0.2, 0.9))).toBe('other text');
    // Both low: the text is mostly something else, so it counts as other text, once.
    expect(shortfall(pageOverlap(0.3, 0.1))).toBe('other text');
    expect(shortfall(pageOverlap(0.9, 0.3))).toBe('cut short');
    expect(shortfall(pageOverlap(0.5, 0.5))).toBeNull();
    // No gold text: nothing to cut short.
    expect(shortfall(pageOverlap(0.9, null))).toBeNull();
  });
});

describe('groupScore', () => {
  it('scores the pages and counts each shortfall once', () => {
    const score = groupScore([
      pageOverlap(1, 1),
      pageOverlap(null, 0),
      pageOverlap(0.4, 0.2),
      pageOverlap(0.8, 0.4),
      pageOverlap(0.6, 0.45),
    ]);
    expect(score).toMatchObject({ empty: 1, otherText: 1, cutShort: 2 });
    expect(score.precision).toBeCloseTo((1 + 0.4 + 0.8 + 0.6) / 4);
    expect(score.recall).toBeCloseTo((1 + 0 + 0.2 + 0.4 + 0.45) / 5);
  });
});

describe('summarizeByType', () => {
  const records = [
    page('article', [1, 1], [0.9, 0.9]),
    page('article', [0.9, 0.3], [null, 0]),
    page('blog', [0.8, 0.8]),
    page('listing', [null, 0], [0.2, 0.5]),
    page('collection', [0.6, 0.6]),
    page('collection', [0.7, 0.2]),
    page('recipe', [0.5, 0.5]),
  ];

  it('folds blog into article, scores listing + collection together and apart, then other types, then all', () => {
    const rows = summarizeByType(records) ?? [];
    expect(rows.map((row) => [row.label, row.pages, row.part])).toEqual([
      ['article', 3, false],
      ['listing + collection', 3, false],
      ['listing', 1, true],
      ['collection', 2, true],
      ['recipe', 1, false],
      ['all', 7, false],
    ]);
    const [article, both, listing] = rows;
    expect(Object.entries(article?.types ?? {})).toEqual([
      ['article', 2],
      ['blog', 1],
    ]);
    expect(article?.lectern).toMatchObject({ empty: 0, otherText: 0, cutShort: 1 });
    expect(article?.lectern.precision).toBeCloseTo((1 + 0.9 + 0.8) / 3);
    expect(article?.readability).toMatchObject({ empty: 1, otherText: 0, cutShort: 0 });
    expect(both?.lectern).toMatchObject({ empty: 1, otherText: 0, cutShort: 1 });
    expect(listing?.readability).toMatchObject({ empty: 0, otherText: 1, cutShort: 0 });
    expect(rows.at(-1)?.lectern).toMatchObject({ empty: 1, otherText: 0, cutShort: 2 });
  });

  it('counts a list page answered as a list when it says "no article" or gives the list, not other text', () => {
    const rows = summarizeByType(records) ?? [];
    const summary = summarizeCorpus('modern-mini', 'text', records);
    const [article, both, listing, collection] = rows;
    expect([article?.lists, both?.lists, listing?.lists, collection?.lists]).toEqual([
      false,
      true,
      true,
      true,
    ]);
    const report = markdownReport({
      info: REPORT_INFO,
      corpora: [summary],
      problems: [],
      skipped: [],
      sizes: null,
      overlay: null,
    });
    // Lectern: "no article" on the listing, the list on one collection, cut short on the other; Readability the
    // same but for other text on the listing.
    expect(report).toMatch(/\| listing \+ collection \(3\) \|.* \| 2 \/ 1 \|$/m);
    expect(report).toMatch(/\| · listing \(1\) \|.* \| 1 \/ 0 \|$/m);
    expect(report).toMatch(/\| article \(3\) \|.* \| – \|$/m);
  });

  it('is null when no page has a type, and leaves Readability out when it did not run', () => {
    expect(summarizeByType([page(undefined, [1, 1])])).toBeNull();
    const rows = summarizeByType([page('forum', [1, 1], null), page(undefined, [0.2, 0.2], null)]) ?? [];
    expect(rows.map((row) => row.label)).toEqual(['forum', '(none)', 'all']);
    expect(rows.every((row) => row.readability === null)).toBe(true);
  });
});

describe('summarizeCorpus on a typed corpus', () => {
  it('adds the snippet accuracy and the per-type rows, and the report prints them side by side', () => {
    const snippets = (tp: number, fp: number): SnippetCounts => ({ tp, fp, fn: 2 - tp, tn: 2 - fp });
    const records = [
      page('blog', [1, 1], [1, 1], [0.5, 1]),
      page('article', [0.9, 0.2], [0.9, 0.2], [0.3, 0.4]),
      page('product', [null, 0], [null, 0], [0.2, 0.9]),
    ];
    for (const [index, record] of records.entries()) {
      record.lectern.snippets = snippets(2 - index, 0);
      if (record.readability) record.readability.snippets = snippets(2, 1);
      if (record.defuddle) record.defuddle.snippets = snippets(1, 0);
    }
    // Lectern found no article on the product page; "Show anyway" would have given half of it.
    const forced = { precision: 0.5, recall: 0.5, exact: false, predictedTokens: 10, goldTokens: 10 };
    (records[2] as PageRecord).lectern.forcedOverlap = forced;
    const summary = summarizeCorpus('modern-mini', 'text', records);
    expect(summary.lectern.accuracy).toBeCloseTo((2 + 2 + 1 + 2 + 0 + 2) / 12);
    expect(summary.readability?.accuracy).toBeCloseTo((3 * 3) / 12);
    expect(summary.defuddle?.accuracy).toBeCloseTo((3 * 3) / 12);
    expect(summary.defuddle?.precision).toBeCloseTo((0.5 + 0.3 + 0.2) / 3);
    expect(summary.byType?.map((row) => row.label)).toEqual(['article', 'product', 'all']);

    const report = markdownReport({
      info: REPORT_INFO,
      corpora: [summary],
      problems: [],
      skipped: [],
      sizes: null,
      overlay: null,
    });
    expect(report).toContain('article = 1 article + 1 blog.');
    expect(report).toContain(
      '| modern-mini (3) | Lectern P | Lectern R | Lectern F1 | Lectern F1, Show anyway | Readability P | Readability R | Readability F1 | ' +
        'Defuddle P | Defuddle R | Defuddle F1 | ' +
        'Lectern empty / other text / cut short | Readability empty / other text / cut short |',
    );
    expect(report).toContain(
      '| article (2) | 0.950 | 0.600 | 0.735 | 0.735 | 0.950 | 0.600 | 0.735 | 0.400 | 0.700 | 0.509 | 0 / 0 / 1 | 0 / 0 / 1 |',
    );
    expect(report).toContain(
      '| product (1) | – | 0.000 | – | 0.500 | – | 0.000 | – | 0.200 | 0.900 | 0.327 | 1 / 0 / 0 | 1 / 0 / 0 |',
    );
    expect(report).toContain('| all (3) |');
  });

  it('prints Defuddle in the quality table, the no-article note and the errors, and leaves it out where it did not run', () => {
    const noArticle = (defuddle: ExtractorRecord | null): PageRecord => ({
      ...page(undefined, [null, null], [null, null], null),
      gold: { tokens: 0 },
      defuddle,
    });
    const failed = { ...run(null, 0), error: 'Defuddle timed out after 120 s', ms: null };
    const records = [page(undefined, [1, 1], [1, 1], [0.5, 0.5]), noArticle(run(0, null)), noArticle(failed)];
    const summary = summarizeCorpus('readability-mini', 'text', records);
    expect(summary.defuddle).toMatchObject({ nulls: 1, errors: 1 });
    expect(summary.noArticle).toEqual({ pages: 2, lecternNull: 2, readabilityNull: 2, defuddleNull: 1 });
    const info = REPORT_INFO;
    const report = markdownReport({
      info,
      corpora: [summary],
      problems: records.filter((record) => record.defuddle?.error),
      skipped: [],
      sizes: null,
      overlay: null,
    });
    expect(report).toContain('Readability 0.6.0; Defuddle 0.19.4; Chromium');
    // P over the two pages with text (0.5 and 0), R over the pages with gold recall (0.5 and the failed page's 0).
    expect(report).toContain('|  |  | Defuddle | 0.250 | 0.250 | 0.250 ± 0.250 | 0.000 | – | 1 | 1 | 1.0 |');
    expect(report).toContain('Readability returned null on 2/2, Defuddle returned null on 1/2.');
    expect(report).toContain(': Defuddle: Defuddle timed out after 120 s');

    // JSON lines written before Defuddle was measured, or a run with --no-defuddle: no Defuddle anywhere.
    const without = records.map(({ defuddle: _, ...rest }) => rest);
    const old = summarizeCorpus('readability-mini', 'text', without);
    expect(old.defuddle).toBeNull();
    expect(old.noArticle?.defuddleNull).toBeNull();
    const plain = markdownReport({
      info: { ...info, defuddle: null },
      corpora: [old],
      problems: [],
      skipped: [],
      sizes: null,
      overlay: null,
    });
    expect(plain).toContain('Defuddle not run');
    expect(plain).not.toContain('| Defuddle |');
    expect(plain).not.toContain('Defuddle returned null');
  });

  it('leaves the per-type rows out of a snippet corpus', () => {
    const summary = summarizeCorpus('trafilatura-mini', 'snippets', [page('article', [1, 1])]);
    expect(summary.byType).toBeNull();
  });
});
