import { describe, expect, it } from 'vitest';
import type { Corpus, CorpusPage } from '../corpora.ts';
import { goldWords, LONG_WORDS, sampleCorpus } from './pages.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

function page(id: string, text: string | null): CorpusPage {
  return {
    id,
    slug: id,
    file: `${id}.html`,
    gold:
      text === null
        ? { kind: 'snippets', with: ['a'], without: [] }
        : { kind: 'text', html: `<article><p>${text}</p></article>` },
  };
}

function corpus(pages: CorpusPage[]): Corpus {
  return { name: 'dev', dir: '/nowhere', kind: 'text', origin: 'server', pages } as Corpus;
}

describe('the pages the screen timing opens', () => {
  it('counts a gold text’s words, markup left out; a snippet gold has no length', () => {
    expect(goldWords(page('a', 'one <b>two</b> three'))).toBe(3);
    expect(goldWords(page('b', null))).toBeNull();
  });

  it('takes every k-th page, and every long page beside them', () => {
    const pages = Array.from({ length: 48 }, (_, i) =>
      page(`p${i}`, i === 5 || i === 16 ? words(LONG_WORDS) : words(10)),
    );
    const timed = sampleCorpus(corpus(pages), 8);
    expect(timed.measured.map((p) => p.id)).toEqual(['p0', 'p5', 'p8', 'p16', 'p24', 'p32', 'p40']);
    // p16 was sampled anyway: only p5 is added.
    expect(timed.longAdded).toBe(1);
  });

  it('measures a small corpus whole, adding nothing', () => {
    const timed = sampleCorpus(corpus([page('a', words(LONG_WORDS)), page('b', words(3))]), 8);
    expect(timed.measured).toHaveLength(2);
    expect(timed.longAdded).toBe(0);
  });
});
