import { describe, expect, it } from 'vitest';
import {
  authorAgrees,
  dateAgrees,
  dayOf,
  daysIn,
  goldOnPage,
  headingRecall,
  judgeMeta,
  scoreGoldOnPage,
  scoreMeta,
  titleClose,
  titleExact,
  wordF1,
} from './meta.ts';

describe('title', () => {
  it('is exact when only white space differs', () => {
    expect(titleExact('What  is\nCloud Computing?', 'What is Cloud Computing?')).toBe(true);
    expect(titleExact('What is cloud computing?', 'What is Cloud Computing?')).toBe(false);
    expect(titleExact(null, 'A')).toBe(false);
  });

  it('is close when one is the other with the site name set off', () => {
    const gold = '8 Recent Trends in Photography - Flatworld Solutions';
    expect(titleClose('8 Recent Trends in Photography', gold)).toBe(true);
    expect(titleClose('Array.prototype.map() - JavaScript | MDN', 'Array.prototype.map()')).toBe(true);
    expect(titleClose('MDN: Array.prototype.map()', 'Array.prototype.map()')).toBe(true);
    // A hyphen inside a word is not a separator.
    expect(titleClose('Wi-Fi', 'Wi')).toBe(false);
  });

  it('is close at a word F1 of 0.8, not below', () => {
    expect(wordF1('one two three four five', 'one two three four six')).toBeCloseTo(0.8);
    expect(titleClose('one two three four five', 'one two three four six')).toBe(true);
    expect(titleClose('one two three four', 'one two five six')).toBe(false);
    expect(titleClose('', 'one')).toBe(false);
  });
});

describe('author', () => {
  it('needs every gold word, in a byline at most twice as long', () => {
    expect(authorAgrees('By Andrew King', 'Andrew King')).toBe(true);
    expect(authorAgrees('Andrew King and Jo Bloggs', 'Andrew King')).toBe(false);
    expect(authorAgrees('Andrew', 'Andrew King')).toBe(false);
    expect(authorAgrees('September 4, 2025', 'Andrew King')).toBe(false);
    expect(authorAgrees(null, 'Andrew King')).toBe(false);
  });
});

describe('date', () => {
  it('compares the day the text states', () => {
    expect(dayOf('2025-09-04T23:30:00-04:00')).toBe('2025-09-04');
    expect(dayOf('September 4, 2025')).toBe('2025-09-04');
    expect(dayOf('yesterday')).toBe(null);
    expect(dateAgrees('Thu, 04 Sep 2025', '2025-09-04')).toBe(true);
    expect(dateAgrees('2025-09-05', '2025-09-04')).toBe(false);
    expect(dateAgrees(null, '2025-09-04')).toBe(false);
  });
});

describe('headings', () => {
  const gold = 'Intro text.\nInstallation\nRun it.\nUsage\nMore.';
  it("counts the page's headings that are gold lines, glyphs and case aside", () => {
    const page = ['Site menu', 'Installation¶', '# Usage', 'Usage'];
    expect(headingRecall(page, gold, { title: null, headings: ['installation'] })).toEqual({
      found: 2,
      kept: 1,
    });
    expect(headingRecall(page, gold, { title: 'Usage', headings: ['Installation'] })).toEqual({
      found: 2,
      kept: 2,
    });
  });
});

describe('judging and adding up', () => {
  it('leaves out what the gold does not state, and pools headings', () => {
    const gold = { title: 'A title', author: null, published: '2025-01-02' };
    const good = judgeMeta(
      { title: 'A title', byline: 'Someone', published: '2025-01-02', headings: ['Part'] },
      gold,
      'Part\ntext',
      ['Part'],
    );
    const none = judgeMeta(null, gold, 'Part\nOther\ntext', ['Part', 'Other']);
    expect(good).toEqual({
      titleExact: true,
      titleClose: true,
      author: null,
      date: true,
      headings: { found: 1, kept: 1 },
    });
    const score = scoreMeta([good, none]);
    expect(score.titleExact).toEqual({ hits: 1, of: 2 });
    expect(score.author).toEqual({ hits: 0, of: 0 });
    expect(score.headings).toEqual({ hits: 1, of: 3 });
  });
});

describe('the gold stated on the page', () => {
  it('reads days in the forms pages write, day and month either way round when numeric', () => {
    expect(daysIn('Published 2025-09-04T12:50:36+00:00')).toEqual(['2025-09-04']);
    expect(daysIn('Updated Dec 17th, 2025 by Luke')).toEqual(['2025-12-17']);
    expect(daysIn('17 December 2025')).toEqual(['2025-12-17']);
    expect(daysIn('4 of March, 2024')).toEqual(['2024-03-04']);
    expect(daysIn('13/11/2025')).toEqual(['2025-11-13']);
    expect(daysIn('03/04/2025').sort()).toEqual(['2025-03-04', '2025-04-03']);
    // A month's letters inside a word are no month.
    expect(daysIn('Smart 5, 2025')).toEqual([]);
    expect(daysIn('no date here')).toEqual([]);
  });

  it('finds the gold where the page states it, by the rules the extractors are held to', () => {
    const statements = {
      headings: [],
      titles: ['How Tides Work | Sea News', 'Sea News'],
      texts: ['By Ana Ruiz', 'March 3, 2025', 'Ana Ruiz, Tom Lee and the whole Sea News desk of reporters'],
    };
    expect(
      goldOnPage(statements, { title: 'How Tides Work', author: 'Ana Ruiz', published: '2025-03-03' }),
    ).toEqual({ title: true, author: true, date: true });
    expect(
      goldOnPage(statements, { title: 'Why the Moon Pulls', author: 'Tom Lee', published: '2025-03-04' }),
    ).toEqual({ title: false, author: false, date: false });
    expect(goldOnPage(statements, { title: null, author: null, published: null })).toEqual({
      title: null,
      author: null,
      date: null,
    });
  });

  it('is a share of the pages whose gold states each', () => {
    expect(
      scoreGoldOnPage([
        { title: true, author: null, date: false },
        { title: false, author: true, date: null },
      ]),
    ).toEqual({ title: { hits: 1, of: 2 }, author: { hits: 1, of: 1 }, date: { hits: 0, of: 1 } });
  });
});
