/**
 * Multi-page articles, in the built extension: an article whose page marks its next part offers
 * "Load the next page" at its end; asked, the next part is fetched from the same site and shown after a
 * "Page 2" heading, without the site's menus and footer again, and copied with the rest. A part that links back
 * to one shown ends it, and so does a next page on another site or of another article (never offered). A part
 * that redirects to another site or another article, takes too long or is too large is refused, and the bar says
 * why.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import type { Overlay } from '../support/overlay.ts';
import { openReaderOn, useExtension } from './harness.ts';

const extension = useExtension({ clipboard: true });

const BASE = 'https://news.test/long-read/';
const MENU = 'Home News Sport Weather Subscribe to The Daily';
const FOOTER = 'The Daily, 1 Harbour Street. Letters to the editor are welcome at the front desk.';

/** Words of each part of the article: its own, so that each can be looked for. */
const para = (part: number, n: number) =>
  `<p>Part ${part}, paragraph ${n}: the ${['ferry', 'harbour', 'tram', 'library'][part % 4]} story goes on, ${'with more of what the council said and what the residents answered, '.repeat(2)}until the meeting ended.</p>`;

function partPage(part: number, next: string | null, pagination = true): string {
  const links = [1, 2, 3]
    .map((n) =>
      n === part
        ? `<span aria-current="page" class="current">${n}</span>`
        : `<a href="${BASE}${n === 1 ? '' : `${n}/`}">${n}</a>`,
    )
    .join(' ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The long read | The Daily</title>
${next === null ? '' : `<link rel="next" href="${next}">`}</head><body>
<nav class="menu">${MENU}</nav>
<main><article><h1>The long read</h1>
${[1, 2, 3, 4].map((n) => para(part, n)).join('')}
${pagination ? `<nav class="pagination" aria-label="Pages">${links}</nav>` : ''}
</article></main>
<footer><p>${FOOTER}</p></footer>
</body></html>`;
}

async function serve(url: string, body: string, status = 200): Promise<void> {
  await extension.context.route(url, (route) =>
    route.fulfill({ status, contentType: 'text/html; charset=utf-8', body }),
  );
}

const openReader = (url: string) => openReaderOn(extension, url, 'paragraph 1');

test('loads the next pages of an article one by one, each after its heading, and stops at a page that links back', async () => {
  await serve(BASE, partPage(1, `${BASE}2/`));
  await serve(`${BASE}2/`, partPage(2, `${BASE}3/`));
  // The last part's "next" is the first again: shown already, so it ends there.
  await serve(`${BASE}3/`, partPage(3, BASE));
  const { page, overlay } = await openReader(BASE);
  expect(await overlay.shows('Part 2, paragraph 1')).toBe(false);
  await expect.poll(() => overlay.has('Load the next page')).toBe(true);

  await overlay.click('Load the next page');
  await expect.poll(() => overlay.shows('Part 2, paragraph 4')).toBe(true);
  expect(await overlay.shows('Part 1, paragraph 4')).toBe(true);
  // The heading of the new part has the focus, and the site's menu and footer are not shown a second time.
  expect(await overlay.evaluate((root) => root.activeElement?.textContent)).toBe('Page 2');
  const text = await overlay.text();
  expect(text.split('Page 2').length).toBe(2);
  expect(text).not.toContain('Harbour Street');
  expect(text).not.toContain('Subscribe to The Daily');
  expect(await overlay.shows('2 pages shown.')).toBe(true);

  await overlay.click('Load the next page');
  await expect.poll(() => overlay.shows('Part 3, paragraph 4')).toBe(true);
  await expect.poll(() => overlay.shows('The last page: 3 pages shown.')).toBe(true);
  expect(await overlay.has('Load the next page')).toBe(false);

  // What is copied is what is shown: every part.
  await overlay.click('Copy text');
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()).catch(() => ''))
    .toContain('Part 3, paragraph 4');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Part 1, paragraph 1');
  expect(copied).toContain('Part 2, paragraph 2');
  await page.close();
});

test('says why a next page could not be loaded, and tries again when asked', async () => {
  const url = 'https://news.test/broken-read/';
  await serve(url, partPage(1, `${url}2/`, false));
  await serve(`${url}2/`, 'Not here', 404);
  const { page, overlay } = await openReader(url);
  await expect.poll(() => overlay.has('Load the next page')).toBe(true);
  await overlay.click('Load the next page');
  await expect.poll(() => overlay.shows('Couldn’t load the next page: the site answered 404.')).toBe(true);
  expect(await overlay.has('Try again')).toBe(true);
  await page.close();
});

test('offers no next page on another site or of another article', async () => {
  const elsewhere = 'https://news.test/elsewhere/';
  await serve(elsewhere, partPage(1, 'https://other.test/elsewhere/2/', false));
  const nextStory = 'https://news.test/stories/ferry/';
  await serve(nextStory, partPage(1, 'https://news.test/stories/tram/', false));
  for (const url of [elsewhere, nextStory]) {
    const { page, overlay } = await openReader(url);
    // The tools are loaded (the page marks a next page), and find none to offer.
    await page.waitForTimeout(500);
    expect(await overlay.has('Load the next page')).toBe(false);
    expect(await overlay.shows('This article goes on')).toBe(false);
    await page.close();
  }
});

/** What the bar of the article's pages says in its live region ("Loading page 2…", why it couldn't). */
function barSays(overlay: Overlay): Promise<string> {
  return overlay.evaluate(
    (root) => root.querySelector('[aria-label="Pages of this article"] [role="status"]')?.textContent ?? '',
  );
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };

/** What a site of one's own sent of a body: how much, and whether to its end. */
interface Sent {
  bytes: number;
  finished: boolean;
}

/**
 * A site of its own on 127.0.0.1 (which the test build may read), for what Playwright's routes can't give a
 * fetch: real redirects, and bodies that arrive as they are written. `/<name>/` is the first part of an article
 * whose next part is `/<name>/2/`, answered by `parts[name]`; `sent` tells how much of each body went out.
 */
async function ownSite(parts: Record<string, (response: ServerResponse, sent: Sent) => void>) {
  const sent = new Map<string, Sent>();
  /** What was asked of the site under its other name, `localhost`. */
  const elsewhere: string[] = [];
  const server = createServer((request, response) => {
    if (!request.headers.host?.startsWith('127.0.0.1:')) {
      elsewhere.push(`${request.headers.host}${request.url}`);
      return void response.writeHead(200, HTML).end(partPage(2, null, false));
    }
    const [, name, rest] = /^\/([\w-]+)\/(.*)$/.exec(request.url ?? '') ?? [];
    const part = parts[name ?? ''];
    if (part === undefined || (rest !== '' && rest !== '2/')) return void response.writeHead(404).end();
    if (rest === '') return void response.writeHead(200, HTML).end(partPage(1, `/${name}/2/`, false));
    const record = { bytes: 0, finished: false };
    sent.set(`/${name}/2/`, record);
    response.on('finish', () => {
      record.finished = true;
    });
    part(response, record);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  // The fixtures' route answers every other request with a 404: this site's go to the network.
  await extension.context.route(
    (url) => url.host === `127.0.0.1:${port}`,
    (route) => route.continue(),
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    /** The same server under another name: another origin. */
    other: `http://localhost:${port}`,
    elsewhere,
    sent,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Opens the reader on `url` and asks for the next page. */
async function loadNextOf(url: string): Promise<{ page: Page; overlay: Overlay }> {
  const opened = await openReader(url);
  await expect.poll(() => opened.overlay.has('Load the next page')).toBe(true);
  await opened.overlay.click('Load the next page');
  return opened;
}

test('a next page that redirects to another site is refused before anything is asked of that site', async () => {
  const site = await ownSite({
    'moved-read': (response) => {
      response.writeHead(302, { location: `${site.other}/moved-read/2/` }).end();
    },
  });
  try {
    const { page, overlay } = await loadNextOf(`${site.origin}/moved-read/`);
    await expect.poll(() => barSays(overlay)).toMatch(/^Couldn’t/);
    expect(site.elsewhere).toEqual([]);
    expect(await barSays(overlay)).toBe(
      'Couldn’t load the next page: its address leads to another site, and Lectern reads this one only.',
    );
    expect(await overlay.has('Try again')).toBe(true);
    expect(await overlay.shows('Part 2, paragraph 1')).toBe(false);
    await page.close();
  } finally {
    await site.close();
  }
});

test('a next page that redirects within the site to another article, or to its front page, is refused', async () => {
  const site = await ownSite({
    'turning-read': (response) => {
      response.writeHead(302, { location: '/another-story/' }).end();
    },
    'front-read': (response) => {
      response.writeHead(301, { location: '/' }).end();
    },
    'another-story': (response) => {
      response.writeHead(200, HTML).end(partPage(2, null, false));
    },
  });
  try {
    for (const name of ['turning-read', 'front-read']) {
      const { page, overlay } = await loadNextOf(`${site.origin}/${name}/`);
      await expect
        .poll(() => barSays(overlay))
        .toBe('Couldn’t load the next page: its address leads to another page, not this article’s next.');
      expect(await overlay.has('Try again')).toBe(true);
      expect(await overlay.shows('Part 2, paragraph 1')).toBe(false);
      await page.close();
    }
  } finally {
    await site.close();
  }
});

test('a next page that takes too long is given up, and the bar says so', async () => {
  const url = 'https://news.test/slow-read/';
  await serve(url, partPage(1, `${url}2/`, false));
  // Not answered while the test looks (the test build gives up after 5 s, the shipped one after 15 s).
  let answer = (): void => undefined;
  await extension.context.route(`${url}2/`, (route) => {
    answer = () => void route.fulfill({ status: 200, body: partPage(2, null, false) }).catch(() => undefined);
  });
  const { page, overlay } = await loadNextOf(url);
  await expect.poll(() => barSays(overlay)).toBe('Loading page 2…');
  await expect
    .poll(() => barSays(overlay), { timeout: 15_000 })
    .toBe('Couldn’t load the next page: the site took too long to send it.');
  expect(await overlay.has('Try again')).toBe(true);
  answer();
  await page.close();
});

test('a next page larger than 10 MB is refused as it arrives, or from the size it gives, not read whole', async () => {
  const paragraphs = Buffer.from(
    `<p>${'Filler words that no article holds, said again. '.repeat(1300)}</p>\n`,
  );
  const site = await ownSite({
    // 40 MB of paragraphs, written as fast as they are read, no size given.
    'big-read': (response, sent) => {
      response.writeHead(200, HTML);
      const pump = (): void => {
        while (sent.bytes < 40_000_000 && !response.destroyed) {
          sent.bytes += paragraphs.length;
          if (!response.write(paragraphs)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    },
    // Says 20 MB, sends one block of them, and no more.
    'sized-read': (response, sent) => {
      response.writeHead(200, { ...HTML, 'content-length': '20000000' });
      sent.bytes += paragraphs.length;
      response.write(paragraphs);
    },
  });
  try {
    for (const [name, most] of [
      ['big-read', 40_000_000],
      ['sized-read', 100_000],
    ] as const) {
      const { page, overlay } = await loadNextOf(`${site.origin}/${name}/`);
      await expect.poll(() => barSays(overlay), { timeout: 10_000 }).toMatch(/^Couldn’t/);
      // Given up on the way: the site never got to the end of it.
      const sent = site.sent.get(`/${name}/2/`);
      expect(sent?.finished).toBe(false);
      expect(sent?.bytes).toBeLessThan(most);
      expect(await barSays(overlay)).toBe(
        'Couldn’t load the next page: it is too large to be a page of an article.',
      );
      expect(await overlay.has('Try again')).toBe(true);
      await page.close();
    }
  } finally {
    await site.close();
  }
});
