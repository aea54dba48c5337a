import { describe, expect, it } from 'vitest';
import { cleanByline } from './index.ts';

describe('bylines', () => {
  it('keep the name and drop a date beside it', () => {
    expect(cleanByline('By Dr. Vahid Osman - Mar 27, 2024')).toBe('Dr. Vahid Osman');
    expect(cleanByline('Luke KimDecember 17, 2025')).toBe('Luke Kim');
    expect(cleanByline('By Reyan PerumalPublished on July 18, 2025')).toBe('Reyan Perumal');
    expect(cleanByline('FlowGuard EMEA on 04-08-2021 5:11:10')).toBe('FlowGuard EMEA');
    expect(cleanByline('Dec. 19, 2025 · Niko Matsakis')).toBe('Niko Matsakis');
    expect(cleanByline('Post by galitsyn » 11. Sep 2024, 16:36')).toBe('galitsyn');
    expect(cleanByline('Jon Anderson, Simon May')).toBe('Jon Anderson, Simon May');
  });
  it('keep a thread starter’s name from the "Started by" line', () => {
    expect(cleanByline('Started by Biology Forums, June 04, 2024, 11:23:55 AM')).toBe('Biology Forums');
    expect(cleanByline('Started by slow-poke, Dec 16, 2025')).toBe('slow-poke');
  });
  it('leave out the separator a line sets after the name', () => {
    expect(cleanByline('by galitsyn »')).toBe('galitsyn');
  });
  it('are no byline when they are a sentence that starts with "By"', () => {
    expect(cleanByline('By continuing, you agree to our')).toBe(null);
    expect(cleanByline('by signing up you accept the terms')).toBe(null);
    expect(cleanByline('山田 太郎 と 花子')).toBe('山田 太郎 と 花子');
  });
  it('are no byline when they are only a date', () => {
    expect(cleanByline('Sat, 20 Dec, 2025 - 06:36')).toBe(null);
    expect(cleanByline('2025-12-20')).toBe(null);
  });
});

describe('a forum name', () => {
  it('is a byline, digits and all', () => {
    expect(cleanByline('user3080392')).toBe('user3080392');
    expect(cleanByline('Ejp55230')).toBe('Ejp55230');
  });
});
