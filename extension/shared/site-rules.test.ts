import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bytesOf, MAX_FIX_BYTES } from './quota.ts';
import { loadSite } from './site.ts';
import {
  exportFixes,
  listRules,
  MAX_SITES,
  markUsed,
  parseImport,
  putBackFix,
  saveRule,
  storeFixes,
  takeFix,
} from './site-rules.ts';
import { fakeApi } from './storage.fake.ts';

const loadRule = async (origin: string) => (await loadSite(origin, `${origin}/page`)).rule;

const rule = (n: number) => ({ root: null, remove: [`div.box-${n}`] });

const data = fakeApi();

describe('site fixes in storage.local', () => {
  beforeEach(() => {
    for (const key of Object.keys(data)) delete data[key];
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('keeps one fix per origin, selectors only, and gives it back for that origin alone', async () => {
    await saveRule('https://news.example', rule(1), 1000);
    expect(Object.keys(data)).toEqual(['rule:https://news.example']);
    expect(await loadRule('https://news.example')).toEqual(rule(1));
    expect(await loadRule('https://other.example')).toBeNull();
    await saveRule('https://news.example', null);
    expect(await loadRule('https://news.example')).toBeNull();
  });

  it('puts a deleted fix back as it was stored, dates too, but never over a newer one', async () => {
    await saveRule('https://news.example', rule(1), 1000);
    const stored = structuredClone(data['rule:https://news.example']);
    const taken = await takeFix('https://news.example');
    expect(await loadRule('https://news.example')).toBeNull();
    expect(await putBackFix(taken)).toBeNull();
    expect(data['rule:https://news.example']).toEqual(stored);

    const again = await takeFix('https://news.example');
    await saveRule('https://news.example', rule(2), 2000);
    expect(await putBackFix(again)).toMatch(/newer fix for https:\/\/news\.example/);
    expect(await loadRule('https://news.example')).toEqual(rule(2));
  });

  it('puts no deleted fix back past MAX_SITES', async () => {
    await saveRule('https://news.example', rule(0), 1000);
    const taken = await takeFix('https://news.example');
    for (let i = 1; i <= MAX_SITES; i++) await saveRule(`https://site${i}.example`, rule(i), 1000 + i);
    expect(await putBackFix(taken)).toMatch(/at most 200 fixes/);
    expect(await loadRule('https://news.example')).toBeNull();
  });

  it('refuses what is no fix, with a reason, and keeps what was stored', async () => {
    await saveRule('https://news.example', rule(1), 1000);
    const bad = { root: null, remove: ['div.ok', 42] } as never;
    await expect(saveRule('https://news.example', bad, 2000)).rejects.toThrow(/not one Lectern/);
    const list = { root: null, remove: ['x,p:not(.q),*.promo'] };
    await expect(saveRule('https://news.example', list, 2000)).rejects.toThrow(/not one Lectern/);
    await expect(saveRule('https://news.example', { root: 'body', remove: [] }, 2000)).rejects.toThrow();
    await expect(saveRule('file:///home/me/page.html', rule(2), 2000)).rejects.toThrow(/web pages/);
    expect(await loadRule('https://news.example')).toEqual(rule(1));
  });

  it('keeps the fixes within MAX_FIX_BYTES together, dropping the least recently used first', async () => {
    // Large fixes: 50 removals of 280 characters each, about 15 KB a site.
    const large = (n: number) => ({
      root: null,
      remove: Array.from({ length: 50 }, (_, i) => `div.box-${n}-${i}-${'x'.repeat(260)}`),
    });
    for (let i = 0; i < 150; i++) await saveRule(`https://site${i}.example`, large(i), 1000 + i);
    const kept = await listRules();
    const bytes = Object.entries(data).reduce((sum, [key, value]) => sum + bytesOf(key, value), 0);
    expect(bytes).toBeLessThanOrEqual(MAX_FIX_BYTES);
    expect(kept.length).toBeLessThan(150);
    expect(kept[0]?.origin).toBe('https://site149.example');
    expect(kept.map((fix) => fix.origin)).not.toContain('https://site0.example');
    // More than the bound at once (an import) is refused whole, and nothing stored changes.
    const before = structuredClone(data);
    const many = Array.from({ length: 150 }, (_, i) => ({
      origin: `https://big${i}.example`,
      rule: large(i),
    }));
    await expect(storeFixes(many, 9000)).rejects.toThrow(/Lectern keeps at most 2.0 MB/);
    expect(data).toEqual(before);
  });

  it(`holds at most ${MAX_SITES} sites, dropping the least recently used first`, async () => {
    for (let i = 0; i < MAX_SITES; i++) await saveRule(`https://site${i}.example`, rule(i), 1000 + i);
    // Site 0 is the oldest saved, but used since: site 1 is now the least recently used.
    await markUsed('https://site0.example', 1000 + MAX_SITES + 3_600_000);
    const dropped = await saveRule('https://new.example', rule(999), 5_000_000);
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

  it('reads no fix whose selectors are outside the grammar, however it came to be stored', async () => {
    const planted = (rule: object) => ({ rule, saved: 1000, used: 1000 });
    data['rule:https://news.example'] = planted({ root: null, remove: ['x,p:not(.q),*.promo'] });
    data['rule:https://docs.example'] = planted({ root: 'body', remove: [] });
    data['rule:https://shop.example'] = planted({ root: null, remove: ['div.ok'], add: ['p:has(img)'] });
    data['rule:https://blog.example'] = planted({ root: null, remove: ['div.ok'] });
    for (const origin of ['https://news.example', 'https://docs.example', 'https://shop.example'])
      expect(await loadRule(origin), origin).toBeNull();
    expect(await loadRule('https://blog.example')).toEqual({ root: null, remove: ['div.ok'] });
    expect((await listRules()).map((fix) => fix.origin)).toEqual(['https://blog.example']);
  });
});

describe('exported fixes', () => {
  const file = (fixes: unknown[], extra = {}) =>
    JSON.stringify({ format: 'lectern-site-fixes', version: 1, fixes, ...extra });

  it('import again as they were exported, into an empty store', async () => {
    for (const key of Object.keys(data)) delete data[key];
    await saveRule('https://news.example', rule(1), 1000);
    await saveRule('https://docs.example', { root: 'main', remove: [], add: ['aside.notes'] }, 2000);
    const text = exportFixes(await listRules());
    const imported = parseImport(text);
    expect(imported).toEqual({
      ok: true,
      fixes: [
        { origin: 'https://docs.example', rule: { root: 'main', remove: [], add: ['aside.notes'] } },
        { origin: 'https://news.example', rule: rule(1) },
      ],
    });
    for (const key of Object.keys(data)) delete data[key];
    if (imported.ok) await storeFixes(imported.fixes, 3000);
    expect(await loadRule('https://news.example')).toEqual(rule(1));
    expect(await loadRule('https://docs.example')).toEqual({
      root: 'main',
      remove: [],
      add: ['aside.notes'],
    });
  });

  it('are refused whole, each for a reason a person can act on', () => {
    const refused = (text: string) => {
      const result = parseImport(text);
      return result.ok ? 'accepted' : result.error;
    };
    expect(refused('[1, 2')).toMatch(/^This file is not JSON \(/);
    expect(refused(JSON.stringify({ fixes: [] }))).toMatch(/not a file of fixes exported by Lectern/);
    expect(refused(file([], { version: 2 }))).toBe('This file is of a version Lectern does not know (2).');
    const tooMany = Array.from({ length: MAX_SITES + 1 }, (_, i) => ({
      origin: `https://s${i}.example`,
      remove: ['p'],
    }));
    expect(refused(file(tooMany))).toBe(
      `This file holds ${MAX_SITES + 1} fixes; Lectern keeps at most ${MAX_SITES}.`,
    );
    expect(
      refused(
        file([
          { origin: 'https://a.example/x', remove: ['p'] },
          { origin: 'https://a.example', remove: ['q'] },
        ]),
      ),
    ).toBe('Fix 2: https://a.example has a fix earlier in the file already.');
    expect(refused(file([{ origin: 'https://a.example', remove: [], add: ['aside.more', 'div['] }]))).toBe(
      'Fix 1 (https://a.example): added box 2 ("div["): attribute selectors ([…]) are not allowed.',
    );
    expect(refused(file([{ origin: 'https://a.example', remove: [], add: ['aside.more'] }]))).toBe(
      'accepted',
    );
    expect(refused(file([{ origin: 'https://a.example', remove: [] }]))).toBe(
      'Fix 1 (https://a.example): it neither picks the article, leaves anything out nor adds anything.',
    );
    expect(refused(file([{ origin: 'https://a.example', root: 'main', remove: ['p', 'div['] }]))).toBe(
      'Fix 1 (https://a.example): block 2 ("div["): attribute selectors ([…]) are not allowed.',
    );
    expect(refused(file([{ origin: 'https://a.example', remove: ['p', 42] }]))).toBe(
      'Fix 1 (https://a.example): block 2 (42): it is not text.',
    );
    expect(refused(file([{ origin: 'https://a.example', remove: 'p' }]))).toBe(
      'Fix 1 (https://a.example): it lists no blocks to leave out ("remove" should be a list of CSS selectors).',
    );
  });

  it('are refused for any selector outside the grammar, naming the fix, the selector and why', () => {
    const only = 'only tag, #id, .class and :nth-of-type(n)';
    const deep = Array.from({ length: 21 }, () => 'p').join(' ');
    const long = `div.${'a'.repeat(297)}`;
    const forms: [Record<string, unknown>, string][] = [
      [
        { remove: ['x,p:not(.q),*.promo'] },
        'block 1 ("x,p:not(.q),*.promo"): a list of selectors (",") is not allowed.',
      ],
      [{ remove: ['p:has(img)'] }, `block 1 ("p:has(img)"): ":has(…)" is not allowed: ${only}.`],
      [{ remove: ['main :is(p, li)'] }, `block 1 ("main :is(p, li)"): ":is(…)" is not allowed: ${only}.`],
      [{ remove: ['p', 'p:not(.q)'] }, `block 2 ("p:not(.q)"): ":not(…)" is not allowed: ${only}.`],
      [
        { remove: [], add: [':where(aside)'] },
        `added box 1 (":where(aside)"): ":where(…)" is not allowed: ${only}.`,
      ],
      [
        { remove: ['a[href^="http"]'] },
        'block 1 ("a[href^="http"]"): attribute selectors ([…]) are not allowed.',
      ],
      [
        { remove: ['h2 + p'] },
        'block 1 ("h2 + p"): "+" (boxes beside each other) is not allowed: only a space (inside) and ">" (directly inside) join boxes.',
      ],
      [
        { remove: ['h2 ~ p'] },
        'block 1 ("h2 ~ p"): "~" (boxes beside each other) is not allowed: only a space (inside) and ">" (directly inside) join boxes.',
      ],
      [{ remove: [long] }, `block 1 ("${long.slice(0, 79)}…"): too long (301 characters; at most 300).`],
      [{ remove: [deep] }, `block 1 ("${deep}"): too deep (21 boxes; at most 20).`],
      [
        { root: 'body', remove: [] },
        'the article\'s root ("body"): "body" is the whole page: the article must be a box in it.',
      ],
      [
        { root: 'html', remove: [] },
        'the article\'s root ("html"): "html" is the whole page: the article must be a box in it.',
      ],
      [
        { remove: [], add: ['div > body'] },
        'added box 1 ("div > body"): "body" is the whole page: a box added must be a box in it.',
      ],
    ];
    for (const [fix, reason] of forms) {
      const text = file([
        { origin: 'https://ok.example', remove: ['div.ok'] },
        { origin: 'https://a.example', ...fix },
      ]);
      expect(parseImport(text)).toEqual({ ok: false, error: `Fix 2 (https://a.example): ${reason}` });
    }
  });
});
