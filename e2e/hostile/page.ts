/**
 * A normal article page around one hostile vector (vectors.ts), served at https://news.test/hostile-<n>/.
 * The page's own script defines the flag every payload sets. `__xss(this)` counts a firing as `before` until
 * the test arms it, and as `after` from then on (hostile.spec.ts explains why), except when `this` is one of
 * the page's own elements (its light DOM): the page running its own handler (the autofocused paragraph
 * getting its focus back when the reader closes) is the page, not markup that reached the reader. A handler
 * inside our shadow root, a script (`this` is the window) or a `javascript:` URL always counts.
 */
import type { BrowserContext } from '@playwright/test';
import { FIXTURE_ORIGIN } from '../support/index.ts';
import type { Vector } from './vectors.ts';

/** What the flag holds, read in the page's main world. */
export interface XssLog {
  armed: boolean;
  before: number;
  after: number;
  /** Firings after arming by the page's own elements (not counted as `after`). */
  page: number;
}

declare global {
  var __xssLog: XssLog;
}

const FLAG = `<script>
  (() => {
    const log = { armed: false, before: 0, after: 0, page: 0 };
    window.__xssLog = log;
    window.__xss = (self) => {
      if (!log.armed) log.before++;
      else if (self instanceof Element && self.getRootNode() === document) log.page++;
      else log.after++;
    };
  })();
</script>`;

/** Words a reader must still see around the vector: the extractor kept the article, not just something. */
export const LEAD =
  'The harbour authority confirmed on Monday that the northern pier will close for repairs.';
export const CLOSING = 'Work is expected to finish before the summer ferry timetable begins in late May.';

export function hostileUrl(index: number): string {
  return `${FIXTURE_ORIGIN}/hostile-${index}/`;
}

export function hostilePage(vector: Vector): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Northern pier to close for repairs | Harbour News</title>
${FLAG}
<style>body { font: 18px/1.5 Georgia, serif; max-width: 42em; margin: 2em auto; color: #222 }
nav, aside { font: 13px sans-serif; color: #666 }</style></head>
<body>
<nav><a href="/">Home</a> · <a href="/local/">Local</a> · <a href="/sport/">Sport</a></nav>
<article>
<h1>Northern pier to close for repairs</h1>
<p class="byline">By Jane Porter</p>
<p>${LEAD} Engineers found corrosion in three of the pier's steel supports during a routine survey in March.</p>
<p>The closure will last about eight weeks. Fishing boats that moor at the pier will use the southern quay,
where the authority is adding temporary berths and a second fuel point for the duration of the work.</p>
<div class="story-body">${vector.html}</div>
<p>Local businesses said they had been told about the plan in a letter last week. The café at the end of the
pier will stay open, reached by the footpath along the sea wall, though the car park beside it will close.</p>
<p>The authority said the repairs would cost a little over two million pounds, paid from its maintenance
reserve, and that no increase in mooring fees was planned for this year or next.</p>
<p>${CLOSING} A public meeting about the work will be held at the harbour office on Thursday evening.</p>
</article>
<aside><h2>Most read</h2><ul><li><a href="/a/">Lifeboat crew rescues two walkers</a></li>
<li><a href="/b/">New bus route to the station</a></li></ul></aside>
</body></html>`;
}

/** Serves every vector's page; registered after the fixtures' route, so it takes precedence for these URLs. */
export async function serveHostilePages(context: BrowserContext, vectors: readonly Vector[]): Promise<void> {
  await context.route(
    (url) => url.origin === FIXTURE_ORIGIN && /^\/hostile-\d+\/$/.test(url.pathname),
    (route) => {
      const index = Number(/\d+/.exec(new URL(route.request().url()).pathname)?.[0]);
      const vector = vectors[index];
      if (vector === undefined) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: hostilePage(vector),
      });
    },
  );
}
