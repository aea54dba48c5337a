import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listRules, loadRule, MAX_SITES, markUsed, saveRule } from './site-rules.ts';

/**
 * storage.local as the browser keeps it, in memory, behind the extension API's shape (shared/api.ts, which
 * finds the API once: one fake for the file, emptied before each test).
 */
function fakeApi(): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const local = {
    async get(keys: string | null) {
      if (keys === null) return structuredClone(data);
      return keys in data ? { [keys]: structuredClone(data[keys]) } : {};
    },
    async set(items: Record<string, unknown>) {
      Object.assign(data, structuredClone(items));
    },
    async remove(keys: string | string[]) {
      for (const key of Array.isArray(keys) ? keys : [keys]) delete data[key];
    },
  };
  vi.stubGlobal('chrome', {
    runtime: { id: 'lectern', getURL: (path: string) => `chrome-extension://lectern/${path}` },
    storage: { local },
  });
  return data;
}

const rule = (n: number) => ({ root: null, remove: [`div.box-${n}`] });
const anySelector = () => true;

const data = fakeApi();

describe('site fixes in storage.local', () => {
  beforeEach(() => {
    for (const key of Object.keys(data)) delete data[key];
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('keeps one fix per origin, selectors only, and gives it back for that origin alone', async () => {
    await saveRule('https://news.example', rule(1), 1000, anySelector);
    expect(Object.keys(data)).toEqual(['rule:https://news.example']);
    expect(await loadRule('https://news.example')).toEqual(rule(1));
    expect(await loadRule('https://other.example')).toBeNull();
    await saveRule('https://news.example', null);
    expect(await loadRule('https://news.example')).toBeNull();
  });

  it('refuses what is no fix, with a reason, and keeps what was stored', async () => {
    await saveRule('https://news.example', rule(1), 1000, anySelector);
    const bad = { root: null, remove: ['div.ok', 42] } as never;
    await expect(saveRule('https://news.example', bad, 2000, anySelector)).rejects.toThrow(/not one Lectern/);
    await expect(saveRule('https://news.example', rule(2), 2000, () => false)).rejects.toThrow();
    await expect(saveRule('file:///home/me/page.html', rule(2), 2000, anySelector)).rejects.toThrow(
      /web pages/,
    );
    expect(await loadRule('https://news.example')).toEqual(rule(1));
  });

  it(`holds at most ${MAX_SITES} sites, dropping the least recently used first`, async () => {
    for (let i = 0; i < MAX_SITES; i++)
      await saveRule(`https://site${i}.example`, rule(i), 1000 + i, anySelector);
    // Site 0 is the oldest saved, but used since: site 1 is now the least recently used.
    await markUsed('https://site0.example', 1000 + MAX_SITES + 3_600_000);
    const dropped = await saveRule('https://new.example', rule(999), 5_000_000, anySelector);
    expect(dropped).toEqual(['https://site1.example']);
    const origins = (await listRules()).map((fix) => fix.origin);
    expect(origins).toHaveLength(MAX_SITES);
    expect(origins[0]).toBe('https://new.example');
    expect(origins).toContain('https://site0.example');
    expect(origins).not.toContain('https://site1.example');
  });

  it('reads nothing from a stored value of the wrong shape', async () => {
    data['rule:https://news.example'] = 'not a fix';
    expect(await listRules()).toEqual([]);
  });
});
