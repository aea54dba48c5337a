/** What the tests expect to see of the fixture pages they open. */
import { readFileSync } from 'node:fs';
import { fixtureFile, fixtureUrl, readTruth } from '../support/index.ts';

const source = readFileSync(fixtureFile('news-article', 'source.html'), 'utf8');

/** Fails at load, with the reason, if the fixture no longer has the text a test looks for. */
function inSource(text: string): string {
  if (!source.includes(text))
    throw new Error(`fixtures/pages/news-article/source.html no longer has "${text}"`);
  return text;
}

export const NEWS = {
  url: fixtureUrl('news-article'),
  title: readTruth('news-article').title ?? inSource('Council approves the bridge budget'),
  /** The article's first sentence. */
  body: inSource('The city council approved the bridge budget on Tuesday night.'),
  /** The standfirst under the headline, styled apart: the reader shows it before the first paragraph. */
  lead: inSource('After three years of patched repairs'),
  /** A "Most read" teaser in the sidebar, which the reader must leave out. */
  sidebar: inSource('Celebrity chef opens new bakery downtown'),
  /** The article's first subheading, which the Markdown export must give as "## …". */
  markdown: new RegExp(`^## ${inSource('What the money buys')}$`, 'm'),
};

export const NO_ARTICLE = { url: fixtureUrl('no-article') };

/** A forum thread (fixtures/pages/forum-thread): four posts, so the question and three replies. */
export const THREAD = {
  url: fixtureUrl('forum-thread'),
  title: readTruth('forum-thread').title ?? 'ML7 headstock bearings: adjust or replace?',
  /** The last reply's closing sentence: the reader must reach the end of the thread. */
  lastReply: 'Thank you both, you saved me a lot of money.',
};

/** A shop's product page (fixtures/pages/product-page): it declares a schema.org Product. */
export const PRODUCT = {
  url: fixtureUrl('product-page'),
  title: readTruth('product-page').title ?? 'Fernhill Trail Thermos 750 ml',
  /** Its specifications table's last row: the reader must keep the table. */
  spec: '18/8 stainless steel, polypropylene stopper, silicone seal',
};
