/**
 * Serving corpus pages to Chromium without the network: a real HTTP server on 127.0.0.1 (an ephemeral port)
 * for the corpora, the fixtures at https://news.test/ as e2e serves them, and every other request answered 404
 * at once, so no page waits on (or reaches) the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  FIXTURE_ORIGIN,
  FIXTURES,
  fulfillFile,
  VIEWPORT,
} from '../e2e/support/index.ts';
import { readPageFile } from './corpora.ts';

export interface PageServer {
  origin: string;
  /** Makes `file` available at `<origin>/<prefix>/<slug>/` and returns that URL. */
  add(prefix: string, slug: string, file: string): string;
  close(): Promise<void>;
}

/**
 * Each page sits under its own path, with the trailing slash, so relative URLs and <base> resolve as they would
 * on a site. Only the page itself is served: its relative images and styles get a 404 like everything else
 * (the corpora keep no assets). The pages are UTF-8 (the trafilatura and modern-dev READMEs: serve with
 * charset=utf-8); a gzipped one (modern-dev's html/NNNN.html.gz) is sent inflated, as plain HTML.
 */
export async function startServer(): Promise<PageServer> {
  const files = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = files.get(pathname);
    if (!file) {
      // A page asked for without its slash: redirect as a web server does, so relative URLs keep working.
      if (files.has(`${pathname}/`)) {
        response.writeHead(301, { location: `${pathname}/` }).end();
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    readPageFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    add(prefix, slug, file) {
      const pathname = `/${encodeURIComponent(prefix)}/${slug}/`;
      files.set(pathname, file);
      return origin + pathname;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The file https://news.test/<slug>/<name> stands for: fixtures/pages/<slug>/<name>, source.html for the page
 * itself; null off that origin, for a slug that is not a plain name, or a name that leaves the slug's folder.
 * (bench/screen/session.ts answers the same URLs; e2e/support/serve.ts has its own copy for the tests.)
 */
export function fixtureFile(url: URL): string | null {
  if (url.origin !== FIXTURE_ORIGIN) return null;
  const [slug, ...rest] = url.pathname.split('/').slice(1);
  if (!slug || !/^[\w-]+$/.test(slug)) return null;
  const folder = path.join(FIXTURES, slug);
  const name = decodeURIComponent(rest.join('/'));
  const file = path.resolve(folder, name === '' ? 'source.html' : name);
  return file.startsWith(folder + path.sep) ? file : null;
}

export interface Routing {
  /** The page about to be loaded: the one main-frame navigation allowed until the next call. */
  expect(url: string): void;
  /** Main-frame navigations refused since the last expect() (e.g. a <meta http-equiv=refresh>). */
  blocked(): string[];
}

/**
 * Routes every http(s) request of the context: our server's requests go through, https://news.test/<slug>/
 * is answered from fixtures/pages as in e2e/support/serve.ts, the rest get a 404 at once. A main-frame
 * navigation away from the page being measured is aborted, so the document stays: with JavaScript off,
 * <noscript><meta http-equiv="refresh" content="0; url=…"></noscript> (one trafilatura page) would otherwise
 * replace the article with a 404 page before the extractors run.
 */
export async function routeContext(context: BrowserContext, serverOrigin: string): Promise<Routing> {
  let expected = '';
  let blocked: string[] = [];
  await context.route(
    (url) => url.protocol === 'http:' || url.protocol === 'https:',
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.isNavigationRequest() && request.frame().parentFrame() === null && url.href !== expected) {
        blocked.push(url.href);
        return route.abort('aborted');
      }
      if (url.origin === serverOrigin) return route.continue();
      const file = fixtureFile(url);
      return file ? fulfillFile(route, file) : route.fulfill({ status: 404, body: '' });
    },
  );
  return {
    expect(url) {
      expected = url;
      blocked = [];
    },
    blocked: () => blocked,
  };
}

/**
 * The browser context both `npm run bench` and `npm run bench:ab` time in, so they measure the same thing.
 * Page JavaScript off, as the CLI runs the extractor: the corpora's scripts would fetch the network (which is
 * not there) and rewrite the pages differently from run to run. Service workers off for the same reason.
 * A second tab stays open beside the page tabs (the bench parses gold texts in it): without one, every page
 * got a fresh renderer and the small pages took about twice as long as with it (docs/extraction.md).
 */
export async function benchContext(
  browser: Browser,
  serverOrigin: string,
): Promise<{ context: BrowserContext; routing: Routing; spare: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: VIEWPORT,
    serviceWorkers: 'block',
  });
  const routing = await routeContext(context, serverOrigin);
  return { context, routing, spare: await context.newPage() };
}

/** The headless Chromium the corpus tools (run.ts, ab.ts, fit/collect.ts) read pages in. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
