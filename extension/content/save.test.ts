import { describe, expect, it } from 'vitest';
import { fileName } from './save.ts';

describe('fileName', () => {
  it('keeps letters and digits of any script, dashes between', () => {
    expect(fileName('Council approves the bridge budget', 'markdown')).toBe(
      'Council-approves-the-bridge-budget.md',
    );
    expect(fileName('«Les ponts» : 3 questions / réponses', 'text')).toBe(
      'Les-ponts-3-questions-réponses.txt',
    );
    expect(fileName('東京の橋、再建へ', 'html')).toBe('東京の橋-再建へ.html');
  });

  it('never gives a name a file system would refuse or an empty one', () => {
    expect(fileName('../../etc/passwd', 'text')).toBe('etc-passwd.txt');
    expect(fileName('???', 'markdown')).toBe('article.md');
    expect(fileName('a'.repeat(200), 'html')).toBe(`${'a'.repeat(80)}.html`);
  });
});
