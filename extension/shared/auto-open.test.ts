import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { disableAutoOpen, enableAutoOpen, listAutoOpen } from './auto-open.ts';

/**
 * The browser's side of "Always open reader view", answering as it does when the person allows or refuses
 * the site (the real prompt can't be answered from the test harness: e2e/extension/auto-open.spec.ts drives
 * the allowed path in Chromium with the test build's access to its test site). One fake for the file: the
 * extension API is found once (shared/api.ts).
 */
const browser = {
  answer: true,
  asked: [] as string[][],
  removed: [] as string[][],
  scripts: [] as { id: string; matches?: string[]; js?: string[] }[],
};
vi.stubGlobal('chrome', {
  runtime: { id: 'lectern', getURL: (path: string) => `chrome-extension://lectern/${path}` },
  permissions: {
    async request({ origins }: { origins: string[] }) {
      browser.asked.push(origins);
      return browser.answer;
    },
    async remove({ origins }: { origins: string[] }) {
      browser.removed.push(origins);
      return true;
    },
  },
  scripting: {
    async getRegisteredContentScripts() {
      return structuredClone(browser.scripts);
    },
    async registerContentScripts(scripts: { id: string; matches?: string[]; js?: string[] }[]) {
      browser.scripts.push(...structuredClone(scripts));
    },
    async unregisterContentScripts({ ids }: { ids: string[] }) {
      browser.scripts = browser.scripts.filter((script) => !ids.includes(script.id));
    },
  },
});

describe('always open reader view on a site', () => {
  beforeEach(() => {
    browser.answer = true;
    browser.asked = [];
    browser.removed = [];
    browser.scripts = [{ id: 'someone-else', matches: ['https://x.example/*'] }];
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('asks for that one site when turned on, and registers nothing when the person refuses', async () => {
    browser.answer = false;
    expect(await enableAutoOpen('https://news.example/world/story?id=1')).toBe(false);
    expect(browser.asked).toEqual([['https://news.example/*']]);
    expect(await listAutoOpen()).toEqual([]);
    expect(browser.scripts.map((script) => script.id)).toEqual(['someone-else']);
  });

  it('allowed, registers the script for that site alone; turned off, unregisters it and gives the access back', async () => {
    expect(await enableAutoOpen('https://news.example')).toBe(true);
    expect(browser.scripts.at(-1)).toMatchObject({
      id: 'auto-open:https://news.example',
      matches: ['https://news.example/*'],
      js: ['extension/content/auto.js'],
    });
    expect(await listAutoOpen()).toEqual(['https://news.example']);
    // Turned on again: one script still.
    expect(await enableAutoOpen('https://news.example')).toBe(true);
    expect(await listAutoOpen()).toEqual(['https://news.example']);
    await disableAutoOpen('https://news.example');
    expect(await listAutoOpen()).toEqual([]);
    expect(browser.removed).toEqual([['https://news.example/*']]);
  });

  it('refuses a site whose address is not plain before asking for anything: its pattern would reach other sites', async () => {
    for (const address of [
      'https://*.example.com',
      'https://*.example.com/page',
      'https://*/',
      'http://news.example*',
      'https://%2A.example.com/',
      'https://ex%61mple.com/',
      'https://news.example\\*.other.example/',
    ]) {
      await expect(enableAutoOpen(address), address).rejects.toThrow(/plain address/);
    }
    expect(browser.asked).toEqual([]);
    expect(browser.scripts.map((script) => script.id)).toEqual(['someone-else']);
    // Turned off, nothing is given back for it either: no access was asked for such a site.
    await disableAutoOpen('https://*.example.com');
    expect(browser.removed).toEqual([]);
  });

  it('takes a plain name, an IP address or an IPv6 one, each with a port or not', async () => {
    for (const address of [
      'https://news.example',
      'https://News.Example:8443/a',
      'http://127.0.0.1:8080/',
      'http://[::1]:3000/',
      'https://xn--bcher-kva.example/',
      'https://my_host.example/',
    ]) {
      expect(await enableAutoOpen(address), address).toBe(true);
    }
    expect(browser.asked).toEqual([
      ['https://news.example/*'],
      ['https://news.example:8443/*'],
      ['http://127.0.0.1:8080/*'],
      ['http://[::1]:3000/*'],
      ['https://xn--bcher-kva.example/*'],
      ['https://my_host.example/*'],
    ]);
  });

  it('is for web pages only', async () => {
    await expect(enableAutoOpen('file:///home/me/page.html')).rejects.toThrow(/web pages/);
    expect(browser.asked).toEqual([]);
  });
});
