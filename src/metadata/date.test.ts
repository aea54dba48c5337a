import { describe, expect, it } from 'vitest';
import { isoDate } from './index.ts';

describe('isoDate', () => {
  it('keeps an ISO 8601 date as written, so its calendar day stays the publisher’s', () => {
    expect(isoDate('2024-03-05T00:30:00+09:00')).toBe('2024-03-05T00:30:00+09:00');
    expect(isoDate(' 2024-03-05 ')).toBe('2024-03-05');
  });

  it('turns other parseable dates into ISO strings and leaves the rest alone', () => {
    expect(isoDate('Tue, 05 Mar 2024 10:00:00 GMT')).toBe('2024-03-05T10:00:00.000Z');
    expect(isoDate('last Tuesday')).toBe('last Tuesday');
  });
});
