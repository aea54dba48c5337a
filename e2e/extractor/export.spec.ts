/**
 * What a user gets when copying an article: the clean HTML of the copy (src/clean) and the text and
 * Markdown exporters (src/export), in real Chromium, through dist-extractor/lectern.js.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Article } from '../../src/types.ts';
import { fixtureUrl, loadExtractor, serveFixtures, VIEWPORT } from '../support/index.ts';

test.use({ viewport: VIEWPORT });

test.beforeEach(async ({ context }) => {
  await serveFixtures(context);
});

interface Copied {
  article: Article | null;
  text: string;
  bodyText: string;
  markdown: string;
}

async function copyAll(page: Page): Promise<Copied> {
  await loadExtractor(page);
  return page.evaluate(() => {
    const article = Lectern.extract(document);
    if (article === null) return { article, text: '', bodyText: '', markdown: '' };
    return {
      article,
      text: Lectern.toText(article),
      bodyText: Lectern.toText(article, { header: false }),
      markdown: Lectern.toMarkdown(article),
    };
  });
}

test('Markdown of an article with code, a table, lists and figures', async ({ page }) => {
  await page.goto(fixtureUrl('code-table-figures'));
  const { article, markdown } = await copyAll(page);
  expect(article).not.toBeNull();

  expect(
    markdown.startsWith(
      "# Where the first request's 900 milliseconds went\n" +
        '_Imogen Clarke · The Build Log · 2024-11-02_\n' +
        '<https://news.test/code-table-figures/>\n\n',
    ),
  ).toBe(true);
  // Nested lists: `-` bullets, numbered sub-list, two-space indentation.
  expect(markdown).toContain('- Hardware\n  - a virtual machine with 2 vCPUs and 4 GB of memory\n');
  expect(markdown).toContain('- Software\n  1. Node.js 20 with the service bundled into a single file\n');
  // Code stays verbatim in a fence.
  expect(markdown).toMatch(/```\n\$ for i in \$\(seq 20\); do\n> {3}systemctl restart ledger-api\n/);
  expect(markdown).toContain(
    'export function mark(phase: string): void {\n  const ms = Math.round(performance.now());',
  );
  // A GFM table, caption above it.
  expect(markdown).toContain(
    '_Table 1. Where start-up time went, in milliseconds_\n\n| Phase | Before | After |\n| --- | --- | --- |\n| Loading modules | 412 | 138 |',
  );
  // A figure: the image, then its caption in italics on the next line.
  expect(markdown).toMatch(
    /!\[Line chart of time to first response[^\]]*\]\(<data:image\/svg\+xml,[^\n]+>\)\n_Figure 1\. /,
  );
  expect(markdown).toContain('> We had been treating start-up as something that happens once.');
  expect(markdown).toContain('by setting `min: 1` instead of `min: 10`');
  for (const boilerplate of ['Quarantining flaky tests', 'Comments are closed', 'Filed under']) {
    expect(markdown).not.toContain(boilerplate);
  }
});

test('plain text: header, paragraphs one blank line apart, list items and table rows on their own lines', async ({
  page,
}) => {
  await page.goto(fixtureUrl('code-table-figures'));
  const { article, text, bodyText } = await copyAll(page);
  expect(article).not.toBeNull();
  expect(text.split('\n').slice(0, 4)).toEqual([
    "Where the first request's 900 milliseconds went",
    'Imogen Clarke · The Build Log · 2024-11-02',
    'https://news.test/code-table-figures/',
    '',
  ]);
  expect(bodyText).toBe(article?.text);
  expect(text.endsWith(bodyText)).toBe(true);
  expect(bodyText).toContain(
    '- Hardware\n  - a virtual machine with 2 vCPUs and 4 GB of memory\n  - a local SSD',
  );
  expect(bodyText).toContain('Phase\tBefore\tAfter\nLoading modules\t412\t138\n');
  expect(bodyText).toContain('\n\nFigure 1. Time to first response');
  expect(bodyText).not.toMatch(/\n\n\n/);
  expect(bodyText).not.toMatch(/[ \t]$/m);
  expect(bodyText).not.toContain('<');
});

const HOSTILE = `<!doctype html><html lang="en"><head><title>The quiet harbour | Hostile Times</title>
<meta property="og:site_name" content="Hostile Times"></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article class="story" style="color: #222">
<h1 onclick="alert(1)">The quiet harbour</h1>
<p class="lead" style="font-weight:bold" onmouseover="steal()">The harbour was quiet on Sunday morning. The fishing boats had
gone out before dawn and the only sound on the quay was the creak of the ropes against the bollards.</p>
<p>Nobody in the town could remember a quieter start to the summer, and the harbour office said the calm
had lasted for most of the week. Read the <a href="javascript:alert(1)">council notice</a>, the <a href=" JaVaScRiPt:alert(2)">tide table</a>,
the <a href="data:text/html,<script>alert(3)</script>">map</a> or <a href="/report?id=7#p2" target="_blank" rel="opener">the full report</a>,
or write to <a href="mailto:desk@news.test">the desk</a>.</p>
<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/harbour-small.jpg"
  data-srcset="/harbour-640.jpg 640w, /harbour-1600.jpg 1600w, /harbour-1024.jpg 1024w" alt="Boats at the quay" onerror="alert(4)">
<figcaption>Boats at the quay, <em>early morning</em>.</figcaption></figure>
<p>The harbour master, who has worked on the quay for thirty years, said the season had been the best in a decade.
Catches were up, fuel was cheaper, and the new ice plant meant boats no longer had to queue in the afternoon heat.
<img src="/pixel.gif" width="1" height="1" alt=""></p>
<script>window.scriptRan = true</script><style>p { color: red }</style>
<iframe src="https://ads.example/frame"></iframe><svg><a href="javascript:alert(5)"><text>svg text</text></a></svg>
<form action="/subscribe"><input name="email" value="you@example.com"><button>Subscribe now</button></form>
<p>By the afternoon the boats were back, and the quay filled with buyers, gulls and the smell of diesel and salt.
Nobody, the harbour master said, would have guessed how close the town had come to losing all of it.</p>
</article></body></html>`;

test('clean HTML keeps structure and drops scripts, handlers, styles and unsafe links', async ({ page }) => {
  const url = 'https://news.test/export-hostile/';
  await page.route(url, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: HOSTILE }),
  );
  await page.goto(url);
  const before = await page.evaluate(() => document.documentElement.outerHTML);
  const { article } = await copyAll(page);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
  expect(article).not.toBeNull();
  const content = article?.content ?? '';

  expect(content).not.toMatch(/\son\w+=/i);
  expect(content).not.toMatch(/\s(style|class|id|target|rel)=/i);
  expect(content).not.toMatch(/javascript:|data:text/i);
  expect(content).not.toMatch(/<(script|style|iframe|svg|form|input|button|nav)\b/i);
  expect(content).not.toContain('Subscribe now');
  expect(content).not.toContain('svg text');

  // Unsafe links lose the link but keep the words; safe ones become absolute.
  expect(content).toContain('Read the council notice, the tide table, the map or');
  expect(content).toContain('<a href="https://news.test/report?id=7#p2">the full report</a>');
  expect(content).toContain('<a href="mailto:desk@news.test">the desk</a>');
  // The lazy image: the widest srcset candidate, absolute; the tracking pixel is gone.
  expect(content).toContain(
    '<figure><img src="https://news.test/harbour-1600.jpg" alt="Boats at the quay"><figcaption>Boats at the quay, <em>early morning</em>.</figcaption></figure>',
  );
  expect(content).not.toContain('pixel.gif');
  // The heading that repeats the title is left to the reader's own title.
  expect(article?.title).toBe('The quiet harbour');
  expect(content).not.toContain('<h1');
  expect(
    article?.text.startsWith('The harbour was quiet on Sunday morning. The fishing boats had gone out'),
  ).toBe(true);
});

test('the exporters on a hand-made article, character for character', async ({ page }) => {
  await page.goto('about:blank');
  await loadExtractor(page);
  const article = handMadeArticle({
    title: 'Notes on *fast* start-up',
    byline: 'Ada Lovelace',
    published: '2024-03-05T00:30:00+09:00',
    url: 'https://example.test/notes',
    content:
      '<p>First line<br>second line.</p>' +
      '<ol start="3"><li>three</li><li>four<ul><li>nested</li></ul></li></ol>' +
      '<pre class="language-ts"><code>const a = `b`;\n```\nend</code></pre>' +
      '<table><tr><td>a</td><td>b | c</td></tr><tr><td colspan="2">wide</td></tr></table>' +
      '<p><s>old</s> <a href="https://example.test/a_(b)">link</a></p>',
  });
  const out = await page.evaluate((a) => ({ md: Lectern.toMarkdown(a), text: Lectern.toText(a) }), article);
  expect(out.md).toBe(
    [
      '# Notes on \\*fast\\* start-up',
      '_Ada Lovelace · 2024-03-05_',
      '<https://example.test/notes>',
      '',
      'First line  ',
      'second line.',
      '',
      '3. three',
      '4. four',
      '   - nested',
      '',
      '````ts',
      'const a = `b`;',
      '```',
      'end',
      '````',
      '',
      '| a | b \\| c |',
      '| --- | --- |',
      '| wide |  |',
      '',
      '~old~ [link](https://example.test/a_\\(b\\))',
    ].join('\n'),
  );
  expect(out.text).toBe(
    [
      'Notes on *fast* start-up',
      'Ada Lovelace · 2024-03-05',
      'https://example.test/notes',
      '',
      'First line',
      'second line.',
      '',
      '3. three',
      '4. four',
      '  - nested',
      '',
      'const a = `b`;',
      '```',
      'end',
      '',
      'a\tb | c',
      'wide',
      '',
      'old link',
    ].join('\n'),
  );
});

test('plain text leaves out list items with no text (a strip of logos), not their list', async ({ page }) => {
  await page.goto('about:blank');
  await loadExtractor(page);
  const article = handMadeArticle({
    title: 'Customers',
    byline: null,
    published: null,
    url: 'https://example.test/customers',
    content:
      '<p>Trusted by:</p><ul><li><svg role="img" aria-label="Harbour"></svg></li><li> </li><li>and 400 more</li></ul>',
  });
  const text = await page.evaluate((a) => Lectern.toText(a, { header: false }), article);
  expect(text).toBe('Trusted by:\n\n- and 400 more');
});

test('Markdown headings keep a numbered title as it reads, and escape only what would change it', async ({
  page,
}) => {
  await page.goto('about:blank');
  await loadExtractor(page);
  const article = handMadeArticle({
    title: '5. Data Structures',
    byline: null,
    published: null,
    url: 'https://example.test/data',
    content: '<h2>5.1. More on Lists</h2><h3>2) Stacks</h3><h3>- a dash, *stars*</h3><p>1. Not a list.</p>',
  });
  const md = await page.evaluate((a) => Lectern.toMarkdown(a), article);
  expect(md).toBe(
    [
      '# 5. Data Structures',
      '<https://example.test/data>',
      '',
      '## 5.1. More on Lists',
      '',
      '### 2) Stacks',
      '',
      '### - a dash, \\*stars\\*',
      '',
      '1\\. Not a list.',
    ].join('\n'),
  );
});

/** An article written by hand for the exporters: what they print, the rest empty. */
function handMadeArticle(
  fields: Pick<Article, 'title' | 'byline' | 'published' | 'url' | 'content'>,
): Article {
  return {
    siteName: null,
    lang: 'en',
    dir: 'ltr',
    kind: 'article',
    records: 0,
    leadImage: null,
    excerpt: '',
    text: '',
    wordCount: 0,
    readingMinutes: 0,
    diagnostics: {
      method: 'forced',
      styled: true,
      segmentCount: 0,
      run: null,
      dropped: 0,
      truncated: false,
      capped: [],
      pageChoice: null,
      listing: null,
      timings: {},
      rule: null,
      fingerprints: [],
      template: 0,
      attempts: [],
    },
    ...fields,
  };
}

test('copied text has the words a person reads: no soft hyphens, no ruby readings between the words', async ({
  page,
}) => {
  const paragraph = (n: number) =>
    `<p>Schon im Mit&shy;tel&shy;al&shy;ter war der Wein das Aus&shy;hän&shy;ge&shy;schild der Gegend, Absatz ${n}. ` +
    'Weithin wurde das Loblied auf den Wein von den sonnigen Hängen gesungen, in Chroniken und in Briefen.</p>';
  await page.setContent(
    `<!doctype html><html lang="de"><head><title>Wein im Mittelalter</title></head><body><article><h1>Wein im Mittelalter</h1>${[1, 2, 3].map(paragraph).join('')}` +
      '<p lang="ja"><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>虐待<rt>ぎゃくたい</rt></ruby>をなくすための<ruby>法律<rt>ほうりつ</rt></ruby>ができました。</p>' +
      '</article></body></html>',
  );
  const { article, text, markdown } = await copyAll(page);
  expect(article).not.toBeNull();
  for (const copied of [article?.text ?? '', text, markdown]) {
    expect(copied).toContain('Schon im Mittelalter war der Wein das Aushängeschild der Gegend, Absatz 2.');
    expect(copied).toContain('子どもへの虐待をなくすための法律ができました。');
    expect(copied).not.toContain('\u00AD');
  }
  // The reader still hyphenates at the page's soft hyphens and shows the readings above the words.
  expect(article?.content).toContain('Mit\u00ADtel\u00ADal\u00ADter');
  expect(article?.content).toMatch(/<ruby>子(<rp>\(<\/rp>)?<rt>こ<\/rt>/);
});

test('code blocks keep the language the page names, in each highlighter’s way, as the Markdown fence’s', async ({
  page,
}) => {
  const prose = (n: number) =>
    `<p>Step ${n} of the guide walks through one more part of the service's start-up, what it reads first, what it ` +
    'leaves for later, and why the order matters when the machine is cold and the disk is slow to answer.</p>';
  const blocks = [
    // Sphinx: the language two boxes up.
    '<div class="highlight-python notranslate"><div class="highlight"><pre>print("sphinx")</pre></div></div>',
    // Hugo and Shiki: an attribute.
    '<pre><code data-lang="go">fmt.Println("hugo")</code></pre>',
    // Pandoc.
    '<div class="sourceCode"><pre class="sourceCode haskell"><code>main = putStrLn "pandoc"</code></pre></div>',
    // Sphinx's default lexer names no language.
    '<div class="highlight-default notranslate"><div class="highlight"><pre>plain "default"</pre></div></div>',
  ];
  await page.setContent(
    `<!DOCTYPE html><html lang="en"><head><title>Starting the service</title></head><body><main><article>` +
      `<h1>Starting the service</h1>${blocks.map((block, i) => prose(i + 1) + block).join('')}${prose(5)}` +
      '</article></main></body></html>',
  );
  await loadExtractor(page);
  const markdown = await page.evaluate(() => {
    const article = Lectern.extract(document);
    return article === null ? null : Lectern.toMarkdown(article, { header: false });
  });
  expect(markdown).not.toBeNull();
  expect(markdown).toContain('```python\nprint("sphinx")\n```');
  expect(markdown).toContain('```go\nfmt.Println("hugo")\n```');
  expect(markdown).toContain('```haskell\nmain = putStrLn "pandoc"\n```');
  expect(markdown).toContain('```\nplain "default"\n```');
});
