/** Serving the committed fixture pages at realistic URLs, so relative URLs, origins and host permissions behave. */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import type { BrowserContext, Route } from '@playwright/test';
import { FIXTURE_ORIGIN, FIXTURES } from './paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Answers a route with a file from disk, or a 404 when it can't be read. */
export async function fulfillFile(route: Route, file: string): Promise<void> {
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return route.fulfill({ status: 404, body: '' });
  }
  return route.fulfill({ status: 200, contentType: contentType(file), body });
}

/**
 * Chromium 156 closes the whole browser when a route intercepts the Web Store (a privileged origin): tests that
 * visit it pass `--host-resolver-rules` so it fails to resolve instead of reaching the network.
 */
const NOT_ROUTED: ReadonlySet<string> = new Set(['chromewebstore.google.com']);

/**
 * Routes `https://news.test/<slug>/` to fixtures/pages/<slug>/source.html and `https://news.test/<slug>/<file>`
 * to the files beside it; every other http(s) request gets a 404 at once, so no test waits on (or reaches) the
 * network. chrome-extension:// and data: URLs are left alone: the matcher only takes http(s).
 */
export async function serveFixtures(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => (url.protocol === 'http:' || url.protocol === 'https:') && !NOT_ROUTED.has(url.hostname),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== FIXTURE_ORIGIN) return route.fulfill({ status: 404, body: '' });
      const [slug, ...rest] = url.pathname.split('/').slice(1);
      if (!slug || !/^[\w-]+$/.test(slug)) return route.fulfill({ status: 404, body: '' });
      // Without the slash, relative URLs in the page would resolve against the origin: redirect like a server.
      if (rest.length === 0) return route.fulfill({ status: 301, headers: { location: `/${slug}/` } });
      const folder = path.join(FIXTURES, slug);
      const name = decodeURIComponent(rest.join('/'));
      const file = path.resolve(folder, name === '' ? 'source.html' : name);
      if (!file.startsWith(folder + path.sep)) return route.fulfill({ status: 404, body: '' });
      return fulfillFile(route, file);
    },
  );
}

export interface LoopbackSite {
  /** `http://127.0.0.1:<port>`: a real server, for windows the tests' routing does not reach (private ones). */
  origin: string;
  close(): Promise<void>;
}

/** Serves `pages` (path → HTML) on a port of 127.0.0.1 that the system picks; anything else is a 404. */
export async function serveLoopback(pages: Readonly<Record<string, string>>): Promise<LoopbackSite> {
  const server = createServer((request, response) => {
    const body = pages[new URL(request.url ?? '/', 'http://127.0.0.1').pathname];
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the loopback server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
