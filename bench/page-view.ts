/**
 * `--page <id>`: one page's two texts, a word diff between them, and how each fares against the gold, for
 * digging into a number in the table.
 */
import { type ChangeObject, diffLines, diffWords } from 'diff';
import type { CorpusPage } from './corpora.ts';
import { normalizeSpace } from './metric.ts';
import type { PageOutcome } from './page-run.ts';
import type { ExtractorRecord } from './summary.ts';

/** Unchanged stretches longer than this many words are cut to their ends, so the diff shows the changes. */
const CONTEXT_WORDS = 12;

function paint(tty: boolean) {
  return {
    removed: (text: string) => (tty ? `\x1b[31;7m${text}\x1b[0m` : `[-${text}-]`),
    added: (text: string) => (tty ? `\x1b[32;7m${text}\x1b[0m` : `{+${text}+}`),
    dim: (text: string) => (tty ? `\x1b[2m${text}\x1b[0m` : text),
  };
}

function elide(text: string, dim: (s: string) => string): string {
  const words = text.split(/(\s+)/);
  // split with a capture group alternates word, space, word…: 2 entries per word.
  if (words.length <= CONTEXT_WORDS * 4 + 2) return text;
  const head = words.slice(0, CONTEXT_WORDS * 2).join('');
  const tail = words.slice(-CONTEXT_WORDS * 2).join('');
  const cut = Math.round((words.length - CONTEXT_WORDS * 4) / 2);
  return `${head}${dim(` … ${cut} words … `)}${tail}`;
}

/** Readability's text as the old side, Lectern's as the new: {+…+} is only in Lectern, [-…-] only in Readability. */
export function wordDiff(readability: string, lectern: string, tty: boolean): string {
  const colour = paint(tty);
  // Word diffs are quadratic in the worst case; past a few seconds, a line diff says enough.
  const changes: ChangeObject<string>[] =
    diffWords(readability, lectern, { timeout: 5000 }) ?? diffLines(readability, lectern);
  return changes
    .map((change) => {
      if (change.added) return colour.added(change.value);
      if (change.removed) return colour.removed(change.value);
      return elide(change.value, colour.dim);
    })
    .join('');
}

/** For reading only (the metrics ignore whitespace): runs of spaces and of blank lines become one. */
function tidy(text: string | null): string {
  if (text === null) return '(null)';
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function verdict(name: string, run: ExtractorRecord | null): string {
  if (!run) return `${name}: not run`;
  const parts = [
    run.error
      ? `error: ${run.error}`
      : run.chars === null
        ? 'no article (null)'
        : `${run.chars} chars, ${run.tokens} words`,
    run.ms === null ? null : `${run.ms.toFixed(1)} ms (cold ${run.warmupMs?.toFixed(1)} ms)`,
  ];
  if (run.overlap) {
    const o = run.overlap;
    parts.push(
      `P ${o.precision?.toFixed(3) ?? '–'}, R ${o.recall?.toFixed(3) ?? '–'}, exact ${o.exact ? 'yes' : 'no'}`,
    );
  }
  if (run.snippets) {
    const s = run.snippets;
    parts.push(`tp ${s.tp}, fn ${s.fn}, fp ${s.fp}, tn ${s.tn}`);
  }
  if (run.diagnostics) {
    const d = run.diagnostics;
    parts.push(
      `method ${d.method}, ${d.segmentCount} segments, run ${JSON.stringify(d.run)}, dropped ${d.dropped}`,
    );
  }
  return `${name}: ${parts.filter(Boolean).join('; ')}`;
}

export function pageView(target: CorpusPage, outcome: PageOutcome, tty: boolean): string {
  const { record, texts } = outcome;
  const out: string[] = [];
  const rule = (title: string) => out.push('', `──── ${title} ${'─'.repeat(Math.max(0, 70 - title.length))}`);
  out.push(`${record.corpus} ${record.id}`, record.url);
  if (record.loadError) out.push(`load error: ${record.loadError}`);
  if (record.blockedNavigations.length)
    out.push(`refused navigation to ${record.blockedNavigations.join(', ')}`);
  rule('Lectern text (whitespace tidied)');
  out.push(tidy(texts.lectern));
  if (record.readability) {
    rule('Readability text (whitespace tidied)');
    out.push(tidy(texts.readability));
    rule('diff: [-only Readability-] {+only Lectern+}');
    out.push(
      wordDiff(
        texts.readability === null ? '' : tidy(texts.readability),
        texts.lectern === null ? '' : tidy(texts.lectern),
        tty,
      ),
    );
  }
  if (record.defuddle) {
    rule('Defuddle text (whitespace tidied)');
    out.push(tidy(texts.defuddle));
  }
  rule('against the gold');
  const goldWords = 'tokens' in record.gold ? record.gold.tokens : 0;
  if (target.gold.kind === 'text') {
    out.push(
      target.gold.html === null
        ? 'gold: no article (returning null is right)'
        : `gold: text of expected.html, ${goldWords} words`,
    );
  } else {
    if (target.gold.kind === 'plain') {
      out.push(`gold: articleBody, ${goldWords} words; page type ${target.pageType ?? 'not given'}`);
    }
    const lectern = texts.lectern ? normalizeSpace(texts.lectern) : null;
    const readability = texts.readability ? normalizeSpace(texts.readability) : null;
    const defuddle = texts.defuddle ? normalizeSpace(texts.defuddle) : null;
    const mark = (text: string | null, snippet: string) =>
      text?.includes(normalizeSpace(snippet)) ? '✓' : '·';
    out.push('L R D  snippet (✓ found; "with" should be found, "without" should not)');
    for (const [kind, snippets] of [
      ['with', target.gold.with],
      ['without', target.gold.without],
    ] as const) {
      for (const snippet of snippets) {
        const shown = snippet.length > 100 ? `${snippet.slice(0, 97)}…` : snippet;
        out.push(
          `${mark(lectern, snippet)} ${record.readability ? mark(readability, snippet) : ' '} ${record.defuddle ? mark(defuddle, snippet) : ' '}  ${kind}: ${shown}`,
        );
      }
    }
  }
  out.push(
    verdict('Lectern', record.lectern),
    verdict('Readability', record.readability),
    verdict('Defuddle', record.defuddle ?? null),
  );
  return `${out.join('\n')}\n`;
}
