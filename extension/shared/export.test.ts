import { describe, expect, it } from 'vitest';
import { type Exporter, type ExportWords, runExport } from './export.ts';
import type { ClipboardData } from './messages.ts';

/** Words that show every part of the outcome, to see which one was said. */
const WORDS: ExportWords = {
  copied: (format, words) => `copied ${words} as ${format}`,
  saved: (name) => `saved ${name}`,
  failed: (action, error) => `${action} failed: ${error instanceof Error ? error.message : String(error)}`,
};

function exporter(over: Partial<Exporter> = {}): Exporter & { written: ClipboardData[] } {
  const written: ClipboardData[] = [];
  return {
    written,
    copy: async () => ({ text: 'Text', html: '<p>Text</p>', words: 1234 }),
    async write(data) {
      written.push(data);
    },
    save: async () => ({ name: 'Title.md' }),
    ...over,
  };
}

describe('runExport', () => {
  it('writes the copy (its text and HTML alone) and says how many words went', async () => {
    const ways = exporter();
    const outcome = await runExport({ action: 'copy', format: 'html' }, ways, WORDS);
    expect(outcome).toEqual({ ok: true, message: 'copied 1234 as html' });
    expect(ways.written).toEqual([{ text: 'Text', html: '<p>Text</p>' }]);
  });

  it('names the file saved', async () => {
    const outcome = await runExport({ action: 'save', format: 'markdown' }, exporter(), WORDS);
    expect(outcome).toEqual({ ok: true, message: 'saved Title.md' });
  });

  it('says why a copy failed, whether making it or writing it', async () => {
    const made = exporter({ copy: () => Promise.reject(new Error('no answer')) });
    expect(await runExport({ action: 'copy', format: 'text' }, made, WORDS)).toEqual({
      ok: false,
      message: 'copy failed: no answer',
    });
    expect(made.written).toEqual([]);
    const refused = exporter({ write: () => Promise.reject(new Error('refused')) });
    expect(await runExport({ action: 'copy', format: 'text' }, refused, WORDS)).toEqual({
      ok: false,
      message: 'copy failed: refused',
    });
  });

  it('says “no article” in the asker’s words, else as the failure “the article is gone”', async () => {
    const none = exporter({ copy: async () => null, save: async () => null });
    expect(await runExport({ action: 'save', format: 'text' }, none, WORDS)).toEqual({
      ok: false,
      message: 'save failed: the article is gone',
    });
    const said = { ...WORDS, none: 'no article here' };
    expect(await runExport({ action: 'copy', format: 'text' }, none, said)).toEqual({
      ok: false,
      message: 'no article here',
    });
    expect(none.written).toEqual([]);
  });
});
