/**
 * The next part of an article split over pages (src/pages/ nextPageOf), on the markup sites use: `rel="next"`,
 * a pagination's "Next" or the number after the current page's; and what is never a next part: another site,
 * another article (a blog's "next post"), a part read already.
 */
import { expect, type Page, test } from '@playwright/test';
import { loadExtractor, VIEWPORT } from '../support/index.ts';

test.use({ viewport: VIEWPORT });

async function nextOf(page: Page, head: string, body: string, url: string, seen: string[] = []) {
  await page.setContent(`<!doctype html><html><head><title>t</title>${head}</head><body>
<article><h1>A long read</h1><p>Its text.</p>${body}</article></body></html>`);
  await loadExtractor(page);
  return page.evaluate(
    ([address, read]) =>
      (
        globalThis as unknown as {
          Lectern: { nextPageOf(doc: Document, url: string, seen: Set<string>): string | null };
        }
      ).Lectern.nextPageOf(document, address, new Set(read)),
    [url, seen] as const,
  );
}

test('finds the next part marked rel="next", in a pagination by "Next" or by number, and in a thread', async ({
  page,
}) => {
  const story = 'https://news.example/2026/long-read';
  expect(await nextOf(page, `<link rel="next" href="${story}/2">`, '', story)).toBe(`${story}/2`);
  expect(
    await nextOf(
      page,
      '',
      '<div class="pagination"><a href="?page=1">Previous</a> <a href="?page=3">Next</a></div>',
      `${story}?page=2`,
    ),
  ).toBe(`${story}?page=3`);
  expect(
    await nextOf(
      page,
      '',
      '<nav class="post-page-numbers-wrap page-links"><span class="current">2</span> <a href="/2026/long-read/1/">1</a> <a href="/2026/long-read/3/">3</a></nav>',
      `${story}/2/`,
    ),
  ).toBe(`${story}/3/`);
  const thread = 'https://forum.example/threads/tram-timetable.4411/page-2';
  expect(
    await nextOf(
      page,
      '',
      '<div class="pageNav"><a rel="next" href="/threads/tram-timetable.4411/page-3">Next</a></div>',
      thread,
    ),
  ).toBe('https://forum.example/threads/tram-timetable.4411/page-3');
});

test('never takes another site, another article or a part read already for the next part', async ({
  page,
}) => {
  const story = 'https://news.example/2026/long-read';
  expect(
    await nextOf(page, '<link rel="next" href="https://elsewhere.example/2026/long-read/2">', '', story),
  ).toBeNull();
  // A blog's "next post" is marked rel="next" too: another article.
  expect(
    await nextOf(page, '<link rel="next" href="https://news.example/2026/short-read">', '', story),
  ).toBeNull();
  expect(await nextOf(page, `<link rel="next" href="${story}/2">`, '', story, [`${story}/2`])).toBeNull();
  expect(await nextOf(page, '<link rel="next" href="javascript:alert(1)">', '', story)).toBeNull();
  // A number that is not the next one, and links outside any pagination, are not.
  expect(
    await nextOf(
      page,
      '',
      `<div class="pagination"><a href="${story}/5">5</a></div><a href="${story}/2">Next</a>`,
      story,
    ),
  ).toBeNull();
});
