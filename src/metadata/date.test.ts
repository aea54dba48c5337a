import { describe, expect, it } from 'vitest';
import { parseDateText } from './date.ts';
import { isoDate } from './index.ts';

describe('isoDate', () => {
  it('keeps an ISO 8601 date as written, so its calendar day stays the publisher’s', () => {
    expect(isoDate('2024-03-05T00:30:00+09:00')).toBe('2024-03-05T00:30:00+09:00');
    expect(isoDate(' 2024-03-05 ')).toBe('2024-03-05');
  });

  it('keeps the day a written-out date states, and leaves what is no date alone', () => {
    expect(isoDate('Tue, 05 Mar 2024 10:00:00 GMT')).toBe('2024-03-05');
    expect(isoDate('on Friday December 19, 2025 @08:00PM')).toBe('2025-12-19');
    expect(isoDate('Dec 17th 2025')).toBe('2025-12-17');
    expect(isoDate('2026-02-15 03:05:48')).toBe('2026-02-15 03:05:48');
    expect(isoDate('3/5/2024 10:00 GMT')).toBe('2024-03-05T10:00:00.000Z');
    expect(isoDate('last Tuesday')).toBe('last Tuesday');
  });
});

describe('parseDateText', () => {
  it('reads the written-out forms and refuses impossible days', () => {
    expect(parseDateText('Posted July 2, 2025 by Ann')).toBe('2025-07-02');
    expect(parseDateText('17 December 2025')).toBe('2025-12-17');
    expect(parseDateText('2nd of March, 2024')).toBe('2024-03-02');
    expect(parseDateText('2025-13-01')).toBe(null);
    expect(parseDateText('Chapter 12, 2024 edition')).toBe(null);
    expect(parseDateText('13/11/2025 09:21:40')).toBe('2025-11-13');
    expect(parseDateText('11/13/2025')).toBe('2025-11-13');
    expect(parseDateText('05/03/2024')).toBe(null);
  });
});
