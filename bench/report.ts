/** The Markdown report: accuracy and speed per corpus, the ratios, bundle sizes and the overlay timing. */
import { type MetaScore, type Rate, rateValue } from './meta.ts';
import { ms, type OverlayTiming, overlayTable } from './overlay-timing.ts';
import type { BundleSize } from './sizes.ts';
import {
  type CorpusSummary,
  type ExtractorSummary,
  type GroupScore,
  type PageRecord,
  SHORTFALL,
  type TypeRow,
  WRONG,
} from './summary.ts';

export interface RunInfo {
  started: Date;
  runtimeSeconds: number;
  command: string;
  /** e.g. "32d3685 (src/ has uncommitted changes)". */
  git: string;
  lecternJs: string;
  readability: string | null;
  defuddle: string | null;
  chromium: string;
  runs: number;
  limit: number | null;
  /** Which segment model Lectern ran with. */
  model: string;
}

export interface ReportInput {
  info: RunInfo;
  corpora: CorpusSummary[];
  /** Per corpus, pages with an error or refused navigation, for the notes. */
  problems: PageRecord[];
  skipped: string[];
  sizes: BundleSize[] | null;
  overlay: OverlayTiming | null;
}

const DASH = '–';

function num(value: number | null | undefined, digits = 3): string {
  return value === null || value === undefined || Number.isNaN(value) ? DASH : value.toFixed(digits);
}

function ratio(a: number | null | undefined, b: number | null | undefined, digits = 2): string {
  if (a === null || a === undefined || b === null || b === undefined || b === 0) return DASH;
  return `${(a / b).toFixed(digits)}×`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function row(corpus: CorpusSummary, label: string, s: ExtractorSummary, first: boolean): string {
  const f1 = s.f1 === null ? DASH : `${num(s.f1)} ± ${num(s.f1HalfWidth)}`;
  return `| ${first ? `${corpus.name}` : ''} | ${first ? corpus.pages : ''} | ${label} | ${num(s.precision)} | ${num(
    s.recall,
  )} | ${f1} | ${num(s.exact)} | ${num(s.accuracy)} | ${s.nulls} | ${s.errors} | ${ms(s.medianMs)} | ${ms(
    s.p95Ms,
  )} | ${ms(s.warmupMedianMs)} |`;
}

function shortfalls(score: GroupScore): string {
  return `${score.empty} / ${score.otherText} / ${score.cutShort}`;
}

/** What the rows holding more than one type hold (the blog page is counted with the articles). */
function folded(rows: readonly TypeRow[]): string[] {
  return rows
    .filter((row) => row.label !== 'all' && Object.keys(row.types).length > 1)
    .map(
      (row) =>
        `${row.label} = ${Object.entries(row.types)
          .map(([type, pages]) => `${pages} ${type}`)
          .join(' + ')}`,
    );
}

/** "L / R / D" headers for the extractors that ran. */
function peerNames(readability: boolean, defuddle: boolean): string {
  return ['L', ...(readability ? ['R'] : []), ...(defuddle ? ['D'] : [])].join(' / ');
}

/** One figure of each extractor that ran, as "L / R / D". */
function sides(row: TypeRow, figure: (score: GroupScore) => string): string {
  return [row.lectern, row.readability, row.defuddle]
    .flatMap((score) => (score ? [figure(score)] : []))
    .join(' / ');
}

const META_COLUMNS: readonly { label: string; pick: (score: MetaScore) => Rate }[] = [
  { label: 'title exact', pick: (score) => score.titleExact },
  { label: 'title close', pick: (score) => score.titleClose },
  { label: 'author', pick: (score) => score.author },
  { label: 'date', pick: (score) => score.date },
  { label: 'headings kept', pick: (score) => score.headings },
];

/** Title, author, date and heading agreement per group of page types, each extractor side by side. */
function metaTable(corpus: CorpusSummary, rows: readonly TypeRow[]): string[] {
  const withMeta = rows.filter((row) => row.meta !== null);
  if (withMeta.length === 0) return [];
  const first = withMeta[0]?.meta;
  const names = peerNames(Boolean(first?.readability), Boolean(first?.defuddle));
  const header = [
    `${corpus.name}`,
    ...META_COLUMNS.map((column) => `${column.label}, ${names} (of)`),
    'stated on the page: title / author / date',
  ];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---:|')
      .join('')}`,
  ];
  for (const row of withMeta) {
    const meta = row.meta;
    if (!meta) continue;
    const cells = META_COLUMNS.map((column) => {
      const rates = [meta.lectern, meta.readability, meta.defuddle].flatMap((score) =>
        score ? [column.pick(score)] : [],
      );
      return `${rates.map((rate) => num(rateValue(rate))).join(' / ')} (${rates[0]?.of ?? 0})`;
    });
    const { title, author, date } = meta.onPage;
    cells.push([title, author, date].map((rate) => num(rateValue(rate))).join(' / '));
    lines.push(`| ${row.part ? '· ' : ''}${row.label} (${row.pages}) | ${cells.join(' | ')} |`);
  }
  return [
    `${corpus.name}, what a person sees first, on the pages whose gold states it (of): title exact (same text) ` +
      'and close (word F1 ≥ 0.8, or one is the other less a part set off by | - – — : ·); author (every word of ' +
      "the gold's in the byline, at most twice as long); date (same day); headings kept (the page's own h1–h6 " +
      'whose text is a line of the gold text, kept as a heading or as the title; pooled over the pages). ' +
      'Stated on the page: the share of pages where the gold title (close), author or date is stated at all, ' +
      'in a title the page declares or shows (<title>, title metas, JSON-LD headline or name, h1, h2) or in ' +
      'a short text (an element of up to 300 characters, a meta, a datetime, a JSON-LD string): the most any ' +
      'extractor can agree on.',
    '',
    ...lines,
    '',
  ];
}

/** Lectern, Readability and Defuddle side by side for each group of page types. */
function typeTable(corpus: CorpusSummary, rows: readonly TypeRow[]): string[] {
  const readability = rows.every((row) => row.readability !== null);
  const defuddle = rows.every((row) => row.defuddle !== null);
  const side = (name: string) => [`${name} P`, `${name} R`, `${name} F1`];
  const header = [
    `${corpus.name} (${corpus.pages})`,
    ...side('Lectern'),
    'Lectern F1, Show anyway',
    ...(readability ? side('Readability') : []),
    ...(defuddle ? side('Defuddle') : []),
    'Lectern empty / other text / cut short',
    ...(readability ? ['Readability empty / other text / cut short'] : []),
    `wrong (F1 < ${WRONG}) or empty, ${peerNames(readability, defuddle)}`,
    `no article, ${peerNames(readability, defuddle)}`,
    `answered as a list, ${peerNames(readability, defuddle)}`,
  ];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---:|')
      .join('')}`,
  ];
  for (const row of rows) {
    const scores = (score: GroupScore) => [num(score.precision), num(score.recall), num(score.f1)];
    const cells = [
      `${row.part ? '· ' : ''}${row.label} (${row.pages})`,
      ...scores(row.lectern),
      num(row.showAnyway.f1),
      ...(row.readability ? scores(row.readability) : []),
      ...(row.defuddle ? scores(row.defuddle) : []),
      shortfalls(row.lectern),
      ...(row.readability ? [shortfalls(row.readability)] : []),
      sides(row, (score) => String(score.wrong)),
      sides(row, (score) => String(score.none)),
      row.lists ? sides(row, (score) => String(row.pages - score.otherText - score.cutShort)) : '–',
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const notes = folded(rows);
  return [
    `${corpus.name} by page type: P, R, F1 as above over each row's pages; pages that came out empty (no ` +
      `text), else mostly other text (page P < ${SHORTFALL}), else cut short (page R < ${SHORTFALL}). ` +
      '"Show anyway": Lectern\'s F1 with the forced extraction (the notice\'s button) on the pages where it found no article. ' +
      '"Answered as a list", on pages that are lists of things: "no article", or the list (neither other text nor cut short)' +
      (notes.length > 0 ? `. ${notes.join('; ')}.` : '.'),
    '',
    ...lines,
    '',
  ];
}

export function markdownReport(input: ReportInput): string {
  const { info } = input;
  const lines: string[] = [];
  lines.push(`# Lectern benchmark, ${info.started.toISOString().replace(/\.\d+Z$/, 'Z')}`, '');
  lines.push(
    `- \`${info.command}\`, ${info.runtimeSeconds.toFixed(0)} s${info.limit !== null ? `, first ${info.limit} pages per corpus` : ''}`,
    `- git ${info.git}; lectern.js ${info.lecternJs}; Readability ${info.readability ?? 'not run'}; Defuddle ${info.defuddle ?? 'not run'}; ${info.chromium}`,
    `- Lectern's segment model: ${info.model}.`,
    `- Times: in the page, performance.now() around each call; median of ${info.runs} calls after one warm-up ` +
      "(cold = the warm-up call); median and p95 over pages; which extractor goes first rotates by page. Readability's time includes `document.cloneNode(true)` " +
      '(it changes what it parses); Defuddle is given the live document, as the Web Clipper calls it, and copies it itself. ' +
      "Defuddle's text: the text of its content HTML, parsed in the page (untimed); content with no words counts as null.",
    '- Full-text corpora: lower-cased Unicode word tokens, 4-token shingle multisets; P averaged over pages with ' +
      'output, R over pages with gold, F1 of the two means; exact = same token sequence. trafilatura-dev: ' +
      'snippet matching, micro-averaged, and accuracy; modern-dev: accuracy of its with/without snippets the same way. ' +
      '± = half-width of the 95% bootstrap interval (1000 page resamples).',
    '',
  );
  lines.push(
    '| corpus | pages | extractor | P | R | F1 ± 95% | exact | accuracy | null | errors | median ms | p95 ms | cold ms |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const corpus of input.corpora) {
    lines.push(row(corpus, 'Lectern', corpus.lectern, true));
    if (corpus.readability) lines.push(row(corpus, 'Readability', corpus.readability, false));
    if (corpus.defuddle) lines.push(row(corpus, 'Defuddle', corpus.defuddle, false));
  }
  lines.push('');
  if (input.corpora.some((corpus) => corpus.readability)) {
    lines.push(
      '| corpus | F1 Lectern / Readability | median time Lectern / Readability | p95 time Lectern / Readability |',
      '|---|---:|---:|---:|',
    );
    for (const corpus of input.corpora) {
      const r = corpus.readability;
      if (!r) continue;
      const l = corpus.lectern;
      lines.push(
        `| ${corpus.name} | ${ratio(l.f1, r.f1)} | ${ratio(l.medianMs, r.medianMs)} | ${ratio(l.p95Ms, r.p95Ms)} |`,
      );
    }
    lines.push('');
  }
  for (const corpus of input.corpora) {
    if (corpus.byType) lines.push(...typeTable(corpus, corpus.byType), ...metaTable(corpus, corpus.byType));
  }
  for (const corpus of input.corpora) {
    const none = corpus.noArticle;
    if (!none) continue;
    const readability =
      none.readabilityNull === null
        ? ''
        : `, Readability returned null on ${none.readabilityNull}/${none.pages}`;
    const defuddle =
      none.defuddleNull === null ? '' : `, Defuddle returned null on ${none.defuddleNull}/${none.pages}`;
    lines.push(
      `- ${corpus.name}: ${none.pages} page(s) without an article (empty gold; null is right): Lectern returned ` +
        `null on ${none.lecternNull}/${none.pages}${readability}${defuddle}. They count in "exact" and, if an extractor ` +
        'returned text, as precision 0.',
    );
  }
  const errors = input.problems.filter(
    (p) =>
      p.loadError ||
      p.lectern.error ||
      p.readability?.error ||
      p.defuddle?.error ||
      p.blockedNavigations.length > 0,
  );
  if (errors.length > 0) {
    lines.push('', `Pages with errors or refused navigations (${errors.length}):`, '');
    for (const page of errors.slice(0, 30)) {
      const what = [
        page.loadError && `load: ${page.loadError}`,
        page.lectern.error && `Lectern: ${page.lectern.error}`,
        page.readability?.error && `Readability: ${page.readability.error}`,
        page.defuddle?.error && `Defuddle: ${page.defuddle.error}`,
        page.blockedNavigations.length > 0 && `refused navigation to ${page.blockedNavigations.join(', ')}`,
      ].filter(Boolean);
      lines.push(`- ${page.corpus} \`${page.id}\`: ${what.join('; ')}`);
    }
    if (errors.length > 30) lines.push(`- … ${errors.length - 30} more in the JSON lines`);
  }
  if (input.skipped.length > 0) {
    lines.push('', `Left out: ${input.skipped.join('; ')}`);
  }
  if (input.sizes) {
    // Node's zlib at level 9; the gzip command at -9 packs these scripts about 0.4 % smaller.
    lines.push('', '| bundle | file | size | zlib level 9 |', '|---|---|---:|---:|');
    for (const size of input.sizes) {
      // Bytes too: "KB" in a target may mean 1,000 or 1,024 of them.
      lines.push(
        `| ${size.label} | ${size.file} | ${kb(size.bytes)} | ${kb(size.gzipBytes)} (${size.gzipBytes.toLocaleString('en')} B) |`,
      );
    }
  }
  if (input.overlay) lines.push('', overlayTable(input.overlay));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}
