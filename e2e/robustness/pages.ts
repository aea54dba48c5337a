/**
 * Odd and huge documents for the robustness specs, generated here and served at https://news.test/odd/<name>
 * (and a second origin, https://other.test/, for a cross-origin frame). Each page carries a known article: its
 * first and last sentences, which a reader view must show, and a sidebar sentence it must leave out.
 */
import type { BrowserContext } from '@playwright/test';
import { serveFixtures } from '../support/index.ts';

export const ODD_ORIGIN = 'https://news.test/odd/';
export const OTHER_ORIGIN = 'https://other.test/';

/** Sentences of the article every page below carries (somewhere odd). */
export const STORY = {
  title: 'Night ferry returns to the island route',
  first:
    'The night ferry to the island will run again from the first of May, the harbour board said on Monday.',
  last: 'The first crossing leaves the mainland pier at eleven in the evening, weather permitting.',
  sidebar: 'Most read: celebrity chef opens a second bakery downtown',
};

const MIDDLE = [
  'The service was cut three winters ago when the old boat failed its inspection and no replacement could be found at a price the board could pay.',
  'Since then islanders who work late shifts on the mainland have slept in their cars or paid for rooms in town, and several families have moved away for good.',
  'A petition signed by more than four thousand residents asked the board to reconsider, and the regional government agreed to cover half the cost of a leased vessel.',
  'The leased boat carries two hundred passengers and thirty cars, and the crossing takes fifty minutes in calm weather, ten minutes longer than the old ferry.',
  'Tickets cost the same as on the day service, and season passes bought for the day boat are valid at night without a surcharge, the board confirmed.',
];

/** The article's paragraphs as HTML (first sentence, five middle ones, last sentence). */
export function storyParagraphs(): string {
  return [STORY.first, ...MIDDLE, STORY.last].map((p) => `<p>${p}</p>`).join('\n');
}

const SIDEBAR = `<aside class="sidebar"><h2>Most read</h2><ul><li><a href="/a">${STORY.sidebar}</a></li><li><a href="/b">Council delays the bridge vote again</a></li></ul></aside>`;
const NAV = '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>';

function page(body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${STORY.title} | Harbour News</title>${head}</head><body>${body}</body></html>`;
}

/** The article inside an open shadow root (declarative: no page script), its lead slotted from light DOM. */
export function shadowPage(): string {
  return page(`${NAV}<main>
<story-card>
  <template shadowrootmode="open">
    <style>:host { display: block; font: 18px/1.5 Georgia, serif; } h1 { font-size: 32px; }</style>
    <h1>${STORY.title}</h1>
    <div class="lead"><slot name="lead">Fallback lead nobody sees</slot></div>
    <div class="body">${MIDDLE.map((p) => `<p>${p}</p>`).join('')}<slot></slot></div>
  </template>
  <p slot="lead">${STORY.first}</p>
  <p>${STORY.last}</p>
</story-card>
</main>${SIDEBAR}`);
}

/** A same-origin ad slot's text (a srcdoc frame with a line of text): too little to be read in place. */
export const SAME_ORIGIN_AD = 'Advertisement: season tickets for the night ferry, now half price.';

/**
 * The article in a same-origin iframe (srcdoc), a same-origin ad frame above it and a cross-origin frame
 * beside it, which must both be left out.
 */
export function iframePage(): string {
  const srcdoc = (body: string) => page(body).replace(/"/g, '&quot;');
  const story = srcdoc(`<article><h1>${STORY.title}</h1>${storyParagraphs()}</article>`);
  return page(
    `${NAV}<main><iframe title="promo" style="width:728px;height:90px;border:0" srcdoc="${srcdoc(`<p>${SAME_ORIGIN_AD}</p>`)}"></iframe>
<iframe title="story" style="width:900px;height:1600px;border:0" srcdoc="${story}"></iframe>
<iframe title="ad" style="width:300px;height:250px" src="${OTHER_ORIGIN}ad"></iframe></main>${SIDEBAR}`,
  );
}

/** The cross-origin frame's page: it has prose of its own, which must not appear in the article. */
export const CROSS_ORIGIN_TEXT = 'Advertisement text from another origin that the reader must never read.';
function crossOriginPage(): string {
  return page(
    `<p>${CROSS_ORIGIN_TEXT} ${'Buy now and save on everything you never needed. '.repeat(12)}</p>`,
  );
}

/**
 * 100,000 elements: the article, then 20,000 replies of five elements each, built in markup (no script) and
 * named neutrally (a box named `comments` would be skipped whole), so the walk's element cap bounds the work.
 */
export function hugePage(comments = 20_000): string {
  const thread: string[] = [];
  for (let i = 0; i < comments; i++) {
    thread.push(
      `<div class="r"><a href="/u/${i}"><b>reader${i}</b></a> <a href="/c/${i}">Comment number ${i} on the ferry.</a><span>reply</span></div>`,
    );
  }
  return page(
    `${NAV}<article><h1>${STORY.title}</h1>${storyParagraphs()}</article>${SIDEBAR}<section><h2>Replies</h2>${thread.join('')}</section>`,
  );
}

/**
 * Deep nesting. The HTML parser stops nesting at 512 levels, so the page builds it with DOM calls: the article
 * sits at the bottom of `depth` nested `<div>`s, and ends with a quotation chain `depth` `<blockquote>`s deep
 * (an e-mail thread quoted to death), with a sentence every 100 levels. Chromium 156's renderer crashes laying
 * out ~3,000 nested boxes (measured: 2,000 nested divs render, 3,000 crash the tab), so a rendered page goes to
 * 2 × 1,000; 5,000 is tested on a detached document (DEEP_SCRIPT), which has no layout.
 */
export const DEEP = 5_000;
export const RENDERED_DEEP = 1_000;
export const DEEP_QUOTE = 'Quoted reply at depth';

/** In-page script: nests the element #story at the bottom of `depth` divs under #deep, and a quote chain. */
export function deepScript(depth: number, doc = 'document'): string {
  return `
const depth = ${depth};
const document_ = ${doc};
let at = document_.getElementById('deep');
for (let i = 0; i < depth; i++) { const d = document_.createElement('div'); at.appendChild(d); at = d; }
const article = document_.getElementById('story');
at.appendChild(article);
let q = article;
for (let i = 0; i < depth; i++) {
  const b = document_.createElement('blockquote');
  if (i % 100 === 0) { const p = document_.createElement('p'); p.textContent = '${DEEP_QUOTE} ' + i + ' says the ferry is late again and nobody answers the phone.'; b.appendChild(p); }
  q.appendChild(b); q = b;
}`;
}

export function deepPage(depth = RENDERED_DEEP): string {
  const script = `${deepScript(depth)}
document.documentElement.dataset.built = 'deep';`;
  return page(
    `${NAV}<div id="deep"></div><article id="story"><h1>${STORY.title}</h1>${storyParagraphs()}</article>${SIDEBAR}<script>${script}</script>`,
  );
}

/** The body of deepPage without its script, for a detached document built in the page. */
export function deepBody(): string {
  return `${NAV}<div id="deep"></div><article id="story"><h1>${STORY.title}</h1>${storyParagraphs()}</article>${SIDEBAR}`;
}

/** One text node of `megabytes` MB of words inside the article's middle paragraph. */
export function bigTextPage(megabytes = 10): string {
  const sentence = 'The ferry crossing was calm and the passengers slept on the benches. ';
  const words = sentence.repeat(Math.ceil((megabytes * 1_000_000) / sentence.length));
  return page(
    `${NAV}<article><h1>${STORY.title}</h1><p>${STORY.first}</p><p>${words}</p><p>${STORY.last}</p></article>${SIDEBAR}`,
  );
}

/** A frameset whose frames are same-origin pages: the article is in one of them, inside a nested frameset. */
export function framesetPage(): string {
  return frameset(`<frame src="${ODD_ORIGIN}frame-nav"><frame src="${ODD_ORIGIN}frame-inner">`);
}

function frameset(frames: string): string {
  return `<!doctype html><html><head><title>${STORY.title}</title></head><frameset cols="25%,75%">${frames}</frameset></html>`;
}

/** A page whose script removes `<body>`: the article hangs directly under `<html>`. */
export function noBodyPage(): string {
  return page(
    `<article id="story"><h1>${STORY.title}</h1>${storyParagraphs()}</article><script>
const story = document.getElementById('story');
document.documentElement.appendChild(story);
document.body.remove();
document.documentElement.dataset.built = 'no-body';</script>`,
  );
}

/** An XML document (no HTML body at all) holding a long text. */
export function xmlPage(): string {
  return `<?xml version="1.0"?><report><title>${STORY.title}</title><para>${STORY.first}</para><para>${MIDDLE.join(' ')}</para><para>${STORY.last}</para></report>`;
}

/**
 * The page's main world sabotages the built-ins a script might use: if the content script shared this world,
 * every array helper, DOM insertion, box read and JSON call below would break it.
 */
export const SABOTAGE = `
(() => {
  const broken = {
    'Array.prototype': [Array.prototype, ['map', 'forEach', 'filter', 'some', 'every', 'reduce', 'find', 'includes', 'indexOf', 'push', 'join', 'slice']],
    Array: [Array, ['from']],
    'Node.prototype': [Node.prototype, ['appendChild', 'insertBefore', 'contains', 'cloneNode']],
    'Element.prototype': [Element.prototype, ['getBoundingClientRect', 'attachShadow', 'querySelectorAll']],
    'Document.prototype': [Document.prototype, ['querySelectorAll', 'createElement']],
    window: [window, ['getComputedStyle']],
    JSON: [JSON, ['stringify', 'parse']],
    'String.prototype': [String.prototype, ['replace', 'trim']],
    'RegExp.prototype': [RegExp.prototype, ['test', 'exec']],
    'Map.prototype': [Map.prototype, ['get']],
    'Set.prototype': [Set.prototype, ['has']],
  };
  // Each replacement, as [owner, name, the page's function], for a test to find in place afterwards
  // (assigned by index: Array.prototype.push is among the broken).
  const replaced = [];
  for (const owner in broken) {
    const [target, names] = broken[owner];
    for (let i = 0; i < names.length; i++) {
      const name = owner + '.' + names[i];
      const fn = function () { throw new Error('sabotaged ' + name); };
      target[names[i]] = fn;
      replaced[replaced.length] = [target, names[i], fn];
    }
  }
  window.sabotage = replaced;
  // Proof that the sabotage holds in this world (read back through the DOM, not through page.evaluate,
  // whose own plumbing uses these built-ins).
  try { [1].map((x) => x); } catch { document.documentElement.dataset.sabotaged = 'yes'; }
})();`;

export function sabotagedPage(): string {
  return page(
    `${NAV}<article><h1>${STORY.title}</h1>${storyParagraphs()}</article>${SIDEBAR}<script>${SABOTAGE}</script>`,
  );
}

/** The article page served with a CSP that forbids every stylesheet and inline style. */
export const NO_STYLE_CSP = "default-src 'none'; style-src 'none'; script-src 'none'; img-src 'none'";
export function cspPage(): string {
  return page(`${NAV}<article><h1>${STORY.title}</h1>${storyParagraphs()}</article>${SIDEBAR}`);
}

interface Served {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

const HTML = 'text/html; charset=utf-8';

/** Every page above, by the name it is served under (https://news.test/odd/<name>). */
export function oddPages(): Record<string, () => Served> {
  const html = (body: string) => ({ body, contentType: HTML });
  return {
    shadow: () => html(shadowPage()),
    iframe: () => html(iframePage()),
    huge: () => html(hugePage()),
    deep: () => html(deepPage()),
    'big-text': () => html(bigTextPage()),
    frameset: () => html(framesetPage()),
    'frame-nav': () => html(page(NAV + SIDEBAR)),
    'frame-inner': () =>
      html(frameset(`<frame src="${ODD_ORIGIN}frame-nav"><frame src="${ODD_ORIGIN}frame-story">`)),
    'frame-story': () => html(page(`<article><h1>${STORY.title}</h1>${storyParagraphs()}</article>`)),
    'no-body': () => html(noBodyPage()),
    xml: () => ({ body: xmlPage(), contentType: 'application/xml; charset=utf-8' }),
    sabotaged: () => html(sabotagedPage()),
    csp: () => ({ ...html(cspPage()), headers: { 'content-security-policy': NO_STYLE_CSP } }),
  };
}

/**
 * Serves the fixtures (serveFixtures) and the pages above; these routes are added last, so they take precedence
 * for their URLs (Playwright tries the most recently added route first). Pages are generated once, on demand.
 */
export async function serveOddPages(context: BrowserContext, fixtures = true): Promise<void> {
  if (fixtures) await serveFixtures(context);
  const pages = oddPages();
  const cache = new Map<string, Served>();
  await context.route(`${ODD_ORIGIN}**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace(/^\/odd\//, '');
    const make = pages[name];
    if (make === undefined) return route.fulfill({ status: 404, body: '' });
    let served = cache.get(name);
    if (served === undefined) {
      served = make();
      cache.set(name, served);
    }
    return route.fulfill({ status: 200, ...served });
  });
  await context.route(`${OTHER_ORIGIN}**`, (route) =>
    route.fulfill({ status: 200, contentType: HTML, body: crossOriginPage() }),
  );
}

export const oddUrl = (name: string): string => `${ODD_ORIGIN}${name}`;
