import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fingerprintOf } from '../../src/template/index.ts';
import { forgetSite, listMemories, MAX_MEMORY_SITES, memoryOn, rememberPage, setMemoryOn } from './memory.ts';
import { bytesOf, MAX_MEMORY_BYTES } from './quota.ts';
import { loadSite } from './site.ts';
import { fakeApi } from './storage.fake.ts';

const data = fakeApi();
const FOOTER = fingerprintOf('© 2026 The Daily. All rights reserved.');
const own = (n: number) => fingerprintOf(`The story of ${'another '.repeat(n)}page, in words of its own.`);

describe('the boilerplate memory in storage.local', () => {
  beforeEach(() => {
    for (const key of Object.keys(data)) delete data[key];
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('learns a site from the pages read, and gives the content script its template for the next page', async () => {
    await rememberPage('https://news.example/a', [FOOTER, own(1)], 1);
    await rememberPage('https://news.example/b', [FOOTER, own(2)], 2);
    await rememberPage('https://other.example/c', [FOOTER, own(3)], 3);
    expect(await loadSite('https://news.example', 'https://news.example/c')).toEqual({
      rule: null,
      template: [FOOTER],
    });
    expect(await loadSite('https://other.example', 'https://other.example/d')).toEqual({
      rule: null,
      template: [],
    });
    expect(await listMemories()).toEqual([
      { origin: 'https://other.example', pages: 1, used: 3 },
      { origin: 'https://news.example', pages: 2, used: 2 },
    ]);
  });

  it('keeps pages of web sites only', async () => {
    await rememberPage('file:///home/me/page.html', [FOOTER], 1);
    await rememberPage('not a url', [FOOTER], 1);
    expect(data).toEqual({});
  });

  it('keeps at most MAX_MEMORY_SITES sites, the least recently read dropped first', async () => {
    for (let n = 0; n <= MAX_MEMORY_SITES; n++) await rememberPage(`https://site${n}.example/`, [FOOTER], n);
    const sites = await listMemories();
    expect(sites).toHaveLength(MAX_MEMORY_SITES);
    expect(sites.some((site) => site.origin === 'https://site0.example')).toBe(false);
    expect(data['memory:https://site0.example']).toBeUndefined();
    expect(data['memory:https://site1.example']).toBeDefined();
  });

  it('keeps the memories within MAX_MEMORY_BYTES together, the least recently read dropped first', async () => {
    // Sites with full memories: a thousand blocks each, seen on three pages.
    const blocks = Array.from({ length: 1000 }, (_, i) => own(i + 1));
    for (let n = 0; n < MAX_MEMORY_SITES; n++)
      for (const page of ['a', 'b', 'c']) await rememberPage(`https://site${n}.example/${page}`, blocks, n);
    const kept = await listMemories();
    const bytes = Object.entries(data)
      .filter(([key]) => key.startsWith('memory:'))
      .reduce((sum, [key, value]) => sum + bytesOf(key, value), 0);
    expect(kept.length).toBeLessThan(MAX_MEMORY_SITES);
    expect(bytes).toBeLessThanOrEqual(MAX_MEMORY_BYTES);
    expect(kept[0]?.origin).toBe('https://site99.example');
    expect(data['memory:https://site0.example']).toBeUndefined();
    expect(kept.map((site) => site.origin)).toEqual(
      Array.from({ length: kept.length }, (_, i) => `https://site${99 - i}.example`),
    );
  });

  it('forgets one site, or every site when turned off, and learns nothing while off', async () => {
    await rememberPage('https://news.example/a', [FOOTER], 1);
    await rememberPage('https://docs.example/a', [FOOTER], 1);
    await forgetSite('https://news.example');
    expect((await listMemories()).map((site) => site.origin)).toEqual(['https://docs.example']);
    expect(data['memory:https://news.example']).toBeUndefined();
    await setMemoryOn(false);
    expect(await memoryOn()).toBe(false);
    expect(data).toEqual({ 'memory-off': true });
    await rememberPage('https://news.example/b', [FOOTER], 2);
    expect(data).toEqual({ 'memory-off': true });
    await setMemoryOn(true);
    await rememberPage('https://news.example/b', [FOOTER], 2);
    expect(await listMemories()).toEqual([{ origin: 'https://news.example', pages: 1, used: 2 }]);
  });
});
