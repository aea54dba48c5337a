import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpus, readPageFile } from './corpora.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-corpus-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A modern-dev-shaped corpus: html/<id>.html.gz (or .html) and gold.json. */
function typedCorpus(gold: Record<string, unknown>, pages: Record<string, string | Buffer>): string {
  const root = path.join(dir, 'modern-mini');
  mkdirSync(path.join(root, 'html'), { recursive: true });
  writeFileSync(path.join(root, 'gold.json'), JSON.stringify(gold));
  for (const [name, body] of Object.entries(pages)) writeFileSync(path.join(root, 'html', name), body);
  return root;
}

const PAGE = '<!doctype html><title>Ça</title><p>Größe — 東京 ✓</p>';

describe('a typed corpus (modern-dev)', () => {
  it('reads plain-text gold, the page type and the snippets, in id order', () => {
    const root = typedCorpus(
      {
        '0007': {
          articleBody: 'Second.\nPage.',
          page_type: 'blog',
          url: 'https://b.test/',
          title: 'B',
          author: 'Ann Bee',
          published: '2025-01-02',
        },
        '0002': {
          articleBody: 'First page body.',
          page_type: 'article',
          with: ['First page'],
          without: ['Footer'],
        },
      },
      { '0002.html.gz': gzipSync(PAGE), '0007.html': PAGE },
    );
    const corpus = loadCorpus(root);
    expect(corpus).toMatchObject({ name: 'modern-mini', kind: 'text', origin: 'server', skipped: [] });
    expect(corpus.pages.map((page) => page.id)).toEqual(['0002', '0007']);
    expect(corpus.pages[0]).toEqual({
      id: '0002',
      slug: '0002',
      file: path.join(root, 'html', '0002.html.gz'),
      gold: {
        kind: 'plain',
        text: 'First page body.',
        with: ['First page'],
        without: ['Footer'],
        meta: { title: null, author: null, published: null },
      },
      pageType: 'article',
    });
    // No snippets given: none to count.
    expect(corpus.pages[1]?.gold).toEqual({
      kind: 'plain',
      text: 'Second.\nPage.',
      with: [],
      without: [],
      meta: { title: 'B', author: 'Ann Bee', published: '2025-01-02' },
    });
    expect(corpus.pages[1]?.file).toBe(path.join(root, 'html', '0007.html'));
  });

  it('leaves out a page without its file or without gold text or type, and says why', () => {
    const root = typedCorpus(
      {
        '0001': { articleBody: 'Here.', page_type: 'forum' },
        '0003': { articleBody: 'No file.', page_type: 'forum' },
        '0004': { page_type: 'forum' },
      },
      { '0001.html.gz': gzipSync(PAGE), '0004.html.gz': gzipSync(PAGE) },
    );
    const corpus = loadCorpus(root);
    expect(corpus.pages.map((page) => page.id)).toEqual(['0001']);
    expect(corpus.skipped).toEqual([
      '0003: html/0003.html.gz is missing',
      '0004: no articleBody or page_type in gold.json',
    ]);
  });

  it('still reads a gold.json of file + snippets as a snippet corpus', () => {
    const root = path.join(dir, 'snippets');
    mkdirSync(root);
    writeFileSync(path.join(root, 'a.html'), PAGE);
    writeFileSync(
      path.join(root, 'gold.json'),
      JSON.stringify({ 'https://a.test/': { file: 'a.html', with: ['x'], without: [] } }),
    );
    const corpus = loadCorpus(root);
    expect(corpus.kind).toBe('snippets');
    expect(corpus.pages[0]?.gold).toEqual({ kind: 'snippets', with: ['x'], without: [] });
    expect(corpus.pages[0]?.pageType).toBeUndefined();
  });
});

describe('readPageFile', () => {
  it('inflates a .gz page to the same UTF-8 bytes and passes any other file through', async () => {
    const root = typedCorpus({}, { 'a.html.gz': gzipSync(PAGE), 'b.html': PAGE });
    const inflated = await readPageFile(path.join(root, 'html', 'a.html.gz'));
    expect(inflated.toString('utf8')).toBe(PAGE);
    expect((await readPageFile(path.join(root, 'html', 'b.html'))).equals(Buffer.from(PAGE))).toBe(true);
  });
});
