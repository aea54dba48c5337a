import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { frontMatter, type NoteSource } from './front-matter.ts';

function article(overrides: Partial<NoteSource> = {}): NoteSource {
  return {
    title: 'Bridges: the "budget" vote',
    byline: 'Ana Pereira and Tomás Ríos',
    siteName: 'The Courier',
    published: '2025-03-12T07:30:00+00:00',
    url: 'https://news.test/a?x=1&y=2#top',
    ...overrides,
  };
}

/** The YAML between the `---` lines, as a note app's YAML reader sees it. */
function properties(block: string): Record<string, unknown> {
  const m = /^---\n([\s\S]*?)\n---\n$/.exec(block);
  if (m === null) throw new Error(`not a front matter block: ${block}`);
  return parse(m[1] ?? '') as Record<string, unknown>;
}

describe('frontMatter', () => {
  const saved = new Date(2026, 11, 2, 23, 30);

  it('gives the note its title, author, published day, url, site and the day it was saved', () => {
    const block = frontMatter(article(), saved);
    expect(block).toBe(
      '---\n' +
        'title: "Bridges: the \\"budget\\" vote"\n' +
        'author: "Ana Pereira and Tomás Ríos"\n' +
        'published: 2025-03-12\n' +
        'url: "https://news.test/a?x=1&y=2#top"\n' +
        'site: "The Courier"\n' +
        'saved: 2026-12-02\n' +
        '---\n',
    );
    expect(properties(block)).toEqual({
      title: 'Bridges: the "budget" vote',
      author: 'Ana Pereira and Tomás Ríos',
      published: '2025-03-12',
      url: 'https://news.test/a?x=1&y=2#top',
      site: 'The Courier',
      saved: '2026-12-02',
    });
  });

  it('leaves out what the page does not say, and keeps a date it could not read as the page wrote it', () => {
    const block = frontMatter(
      article({ byline: null, siteName: '  ', published: 'Spring 2025', url: 'about:blank' }),
      saved,
    );
    expect(properties(block)).toEqual({
      title: 'Bridges: the "budget" vote',
      published: 'Spring 2025',
      saved: '2026-12-02',
    });
  });

  it('keeps a title that YAML would read as syntax, or that breaks lines, one plain string', () => {
    const hostile = [
      '---\nsaved: 1999-01-01',
      'key: value # not a comment',
      '- [a, b]',
      "'single' & *alias !tag",
      `line\u2028separated\u0085next`,
      'yes',
      '2025-03-12',
    ];
    for (const title of hostile) {
      const block = frontMatter(article({ title }), saved);
      expect(block.split('\n')).toHaveLength(9);
      expect(block).not.toMatch(/[\u0085\u2028\u2029]/);
      expect(properties(block).title).toBe(title.replace(/\s+/g, ' ').trim());
      expect(properties(block).saved).toBe('2026-12-02');
    }
  });
});
