/**
 * Generated templated sites for `npm run bench:memory` (bench/memory.ts): a dozen made-up sites of six pages
 * each, every site with a template of its own whose prose blocks look like the article (same font, size and
 * colour, in the article's column, neutral class names such as `box-3` or `c-block`, no <aside>, <footer> or
 * <nav> around them), so that one page alone can't tell them from it: an author panel, a pitch for the site's
 * letter, a "more from us" list of linked headlines, a paragraph about the site, sometimes a standfirst-like
 * paragraph before the article. Which of them a site has, and where, varies from site to site; an ordinary
 * header, nav and footer come with every page. The articles are paragraphs of modern-dev's gold texts (pages of
 * type "article"), a different article on every page.
 *
 * Deterministic: everything follows from the seed and the articles given (bench/templated.test.ts).
 */
import { seededRandom } from './metric.ts';

/** The seed the benchmark generates its sites from. */
export const TEMPLATED_SEED = 21_03;

/** An article the pages are made of: its title and its gold text's lines, in order. */
export interface SourceArticle {
  id: string;
  title: string;
  lines: string[];
}

export interface TemplatedPage {
  /** `<site slug>-<n>`: unique, safe in a URL path. */
  id: string;
  /** 1-based place in the site's sequence. */
  position: number;
  /** The address the page stands for (what a memory of the site is told): https://<host>/<yyyy>/<mm>/<slug>. */
  url: string;
  title: string;
  html: string;
  /**
   * The article's text as the benchmark scores it: its paragraphs and headings, a blank line between them,
   * without the title (Lectern leaves out a leading heading that repeats the title, and modern-dev's gold has
   * none either).
   */
  gold: string;
  /** The modern-dev page whose gold text the article comes from. */
  sourceId: string;
  /** The text of every template prose block on this page (one entry per paragraph, heading or link line). */
  template: string[];
}

export interface TemplatedSite {
  slug: string;
  name: string;
  host: string;
  /** Which prose blocks the site's template has, in page order, e.g. ['standfirst', 'article', 'author', …]. */
  layout: string[];
  pages: TemplatedPage[];
}

export interface GenerateOptions {
  seed?: number;
  sites?: number;
  pagesPerSite?: number;
}

/** Gold lines that read as paragraphs: long enough, ending as a sentence ends. */
const PROSE = /[.!?…"”’')\]]$/;
const isProse = (line: string): boolean => line.length >= 80 && PROSE.test(line);
/** Gold lines that read as section headings: short, a few words, no sentence punctuation at the end. */
const isHeading = (line: string): boolean => {
  const words = line.split(/\s+/).length;
  return (
    line.length >= 12 &&
    line.length <= 80 &&
    words >= 2 &&
    words <= 12 &&
    /^[\p{Lu}\p{N}]/u.test(line) &&
    !/[.,;:!?]$/.test(line)
  );
};

/** The articles of modern-dev's gold.json (page_type "article") with at least four paragraphs, in key order. */
export function articlesFrom(gold: Record<string, unknown>): SourceArticle[] {
  const out: SourceArticle[] = [];
  for (const [id, value] of Object.entries(gold)) {
    const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (entry.page_type !== 'article' || typeof entry.articleBody !== 'string') continue;
    if (typeof entry.title !== 'string' || entry.title.trim() === '') continue;
    const lines = entry.articleBody
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '');
    if (lines.filter(isProse).length < 4) continue;
    out.push({ id, title: entry.title.replace(/\s+/g, ' ').trim(), lines });
  }
  return out;
}

type Random = () => number;

const int = (random: Random, low: number, high: number): number =>
  low + Math.floor(random() * (high - low + 1));
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (random: Random, p: number): boolean => random() < p;
function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
/** `count` distinct items, in a random order. */
const sample = <T>(random: Random, items: readonly T[], count: number): T[] =>
  shuffle(random, items).slice(0, count);

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const slugOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'story';

interface Identity {
  name: string;
  host: string;
  /** What the site is about, after "a magazine about". */
  topic: string;
  /** The same, in two or three words. */
  short: string;
  sections: string[];
}

const IDENTITIES: readonly Identity[] = [
  {
    name: 'The Harbour Ledger',
    host: 'harbourledger.example',
    topic: 'the working waterfront, its ports, its boats and the towns that live off them',
    short: 'working harbours',
    sections: ['Ports', 'Fishing', 'Towns', 'Weather', 'Letters'],
  },
  {
    name: 'Northfield Review',
    host: 'northfieldreview.example',
    topic: 'books, ideas and the long argument about both',
    short: 'books and ideas',
    sections: ['Reviews', 'Essays', 'Interviews', 'Poetry', 'Archive'],
  },
  {
    name: 'Copper Lantern',
    host: 'copperlantern.example',
    topic: 'food, kitchens and the people who cook for a living',
    short: 'kitchens and cooks',
    sections: ['Recipes', 'Restaurants', 'Producers', 'Drink', 'Guides'],
  },
  {
    name: 'Quiet Signal',
    host: 'quietsignal.example',
    topic: 'technology that works, the tools that do not, and the people stuck between them',
    short: 'everyday technology',
    sections: ['Software', 'Devices', 'Security', 'Work', 'Opinion'],
  },
  {
    name: 'Field and Furrow',
    host: 'fieldandfurrow.example',
    topic: 'farming, land and the changing shape of rural life',
    short: 'land and farming',
    sections: ['Crops', 'Livestock', 'Markets', 'Machinery', 'Places'],
  },
  {
    name: 'The Weekly Almanac',
    host: 'weeklyalmanac.example',
    topic: 'science as it is actually done, explained without the hype',
    short: 'working science',
    sections: ['Physics', 'Biology', 'Climate', 'Space', 'Explainers'],
  },
  {
    name: 'Saltmarsh Post',
    host: 'saltmarshpost.example',
    topic: 'the coast, its weather, its wildlife and the people who walk it',
    short: 'the coast',
    sections: ['Wildlife', 'Walks', 'Tides', 'Conservation', 'Photos'],
  },
  {
    name: 'Brick and Ledger',
    host: 'brickandledger.example',
    topic: 'small business and the economics of the high street',
    short: 'small business',
    sections: ['Shops', 'Money', 'Property', 'People', 'Data'],
  },
  {
    name: 'The Lamplighter',
    host: 'lamplighter.example',
    topic: 'cities after dark and the people who keep them running at night',
    short: 'cities at night',
    sections: ['Transport', 'Work', 'Streets', 'Culture', 'Maps'],
  },
  {
    name: 'Open Gate Journal',
    host: 'opengate.example',
    topic: 'schools, teaching and the many ways people learn',
    short: 'learning',
    sections: ['Schools', 'Teachers', 'Research', 'Parents', 'Policy'],
  },
  {
    name: 'Tidewater Dispatch',
    host: 'tidewaterdispatch.example',
    topic: 'travel done slowly, by train, on foot and by boat',
    short: 'slow travel',
    sections: ['Journeys', 'Trains', 'Routes', 'Stays', 'Notes'],
  },
  {
    name: 'Common Ground',
    host: 'commonground.example',
    topic: 'health, movement and the habits of an ordinary good life',
    short: 'everyday health',
    sections: ['Fitness', 'Food', 'Sleep', 'Mind', 'Ask us'],
  },
  {
    name: 'The Steady Hand',
    host: 'steadyhand.example',
    topic: 'craft, making and repair, from joinery to bicycles',
    short: 'craft and repair',
    sections: ['Workshop', 'Tools', 'Materials', 'Makers', 'How-to'],
  },
  {
    name: 'Pinecrest Weekly',
    host: 'pinecrestweekly.example',
    topic: 'money, work and careers for people who would rather be doing something else',
    short: 'money and work',
    sections: ['Careers', 'Saving', 'Tax', 'Housing', 'Advice'],
  },
];

interface Person {
  name: string;
  they: string;
  their: string;
}

const PEOPLE: readonly Person[] = [
  { name: 'Maya Okafor', they: 'she', their: 'her' },
  { name: 'Tomas Lindqvist', they: 'he', their: 'his' },
  { name: 'Priya Raman', they: 'she', their: 'her' },
  { name: 'Daniel Achterberg', they: 'he', their: 'his' },
  { name: 'Ines Carvalho', they: 'she', their: 'her' },
  { name: 'Owen Marsh', they: 'he', their: 'his' },
  { name: 'Hana Sato', they: 'she', their: 'her' },
  { name: 'Felix Adeyemi', they: 'he', their: 'his' },
  { name: 'Rosa Bellweather', they: 'she', their: 'her' },
  { name: 'Sam Kowalczyk', they: 'they', their: 'their' },
  { name: 'Lucia Ferrante', they: 'she', their: 'her' },
  { name: 'Aidan Brennock', they: 'he', their: 'his' },
  { name: 'Noor Haddad', they: 'she', their: 'her' },
  { name: 'Kit Alvarez', they: 'they', their: 'their' },
  { name: 'Greta Holm', they: 'she', their: 'her' },
  { name: 'Jonah Whitlock', they: 'he', their: 'his' },
];

const PLACES = [
  'Leeds',
  'a village outside Utrecht',
  'Porto',
  'Duluth',
  'a flat above a bakery in Glasgow',
  'Hobart',
  'the hills above Ljubljana',
  'Valparaíso',
  'a narrowboat on the Kennet',
  'Montreal',
];
const PAST_JOBS = [
  'as a ship’s cook on North Sea supply vessels',
  'teaching chemistry at a comprehensive school',
  'running a bicycle shop that never quite made money',
  'as a night editor on a regional daily',
  'surveying hedgerows for the county council',
  'writing manuals for industrial printers',
  'as a paramedic in a busy city ambulance service',
  'selling maps, of all things, in a shop that no longer exists',
];
const LESSONS = [
  'that most stories are about money or weather, and usually both',
  'to ask the second question, the one people expect you to skip',
  'that nothing explains a place better than its bus timetable',
  'to distrust any sentence that sounds too good to check',
  'that patience is a method and not just a virtue',
];
const HOUSEHOLDS = [
  'two cats and far too many bicycles',
  'a partner, a toddler and a sourdough starter older than both',
  'a retired greyhound who supervises every draft',
  'a garden that is mostly nettles and good intentions',
  'a piano nobody in the house can play',
];
const HOBBIES = [
  'swimming in water most people would call too cold',
  'repairing old radios at the kitchen table',
  'walking long-distance paths one weekend at a time',
  'losing at chess to a neighbour who is eighty-one',
  'at the allotment, arguing with slugs',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function authorPanel(random: Random, person: Person, site: Identity): string[] {
  const They = person.they.charAt(0).toUpperCase() + person.they.slice(1);
  const first = pick(random, [
    `${person.name} writes about ${site.short} for ${site.name}, and has done so since the first issue.`,
    `${person.name} is ${site.name}’s senior writer, covering ${site.short} and whatever turns up beside it.`,
    `${person.name} has edited the ${pick(random, site.sections).toLowerCase()} pages of ${site.name} for the last few years.`,
  ]);
  const second = pick(random, [
    `Before that ${person.they} spent a decade ${pick(random, PAST_JOBS)}, which is where ${person.they} learned ${pick(random, LESSONS)}.`,
    `${They} came to writing late, after years ${pick(random, PAST_JOBS)}, and still thinks of every piece as a repair job.`,
  ]);
  const third = pick(random, [
    `${They} lives in ${pick(random, PLACES)} with ${pick(random, HOUSEHOLDS)}.`,
    `When not writing, ${person.they} can usually be found ${pick(random, HOBBIES)}.`,
  ]);
  return [chance(random, 0.6) ? `${first} ${second} ${third}` : `${first} ${second}`];
}

function letterPitch(random: Random, site: Identity): string[] {
  const day = pick(random, WEEKDAYS);
  const opener = pick(random, [
    `Every ${day} morning we send one short letter with the week’s best reading on ${site.short}, a couple of things worth your time from elsewhere, and nothing else.`,
    `If you made it this far, you will probably like our ${day} letter: three pieces like this one, picked by the editors of ${site.name} and written for people who read to the end.`,
    `Our editors write to readers once a week about ${site.short}, what we learned, what we got wrong and what is coming next on ${site.name}.`,
  ]);
  const closer = pick(random, [
    'It is free, it takes about five minutes to read, and you can leave it whenever you like with a single click.',
    'Thousands of readers already get it before anything is published here; leave your address below and you will too.',
    'We never sell the list and we never send more than one message a week, which is more than most can say.',
  ]);
  return [`${opener} ${closer}`];
}

const HEADLINE_SUBJECTS = [
  'the last ferry',
  'a village bakery',
  'the night shift',
  'our oldest reader',
  'a forgotten railway',
  'the town council',
  'a family workshop',
  'the harbour master',
  'one small school',
  'a second-hand bookshop',
];
const HEADLINE_PATTERNS: readonly ((subject: string, site: Identity) => string)[] = [
  (subject) => `What ${subject} taught us about patience`,
  (subject) => `Why ${subject} still matters more than the numbers say`,
  (subject, site) => `A year with ${subject}: notes on ${site.short}`,
  (subject) => `How ${subject} kept going when everything else stopped`,
  (subject) => `Inside the quiet campaign to save ${subject}`,
  (subject) => `The long road back for ${subject}`,
  (subject) => `Letters: you wrote to us about ${subject}`,
];

function headlines(random: Random, site: Identity, count: number): string[] {
  const subjects = sample(random, HEADLINE_SUBJECTS, count);
  const patterns = sample(random, HEADLINE_PATTERNS, count);
  return subjects.map((subject, i) => {
    const text = (patterns[i] as (typeof HEADLINE_PATTERNS)[number])(subject, site);
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
}

function aboutSite(random: Random, site: Identity): (readers: number) => string {
  const year = int(random, 2004, 2019);
  const first = pick(random, [
    `${site.name} is an independent magazine about ${site.topic}.`,
    `${site.name} has written about ${site.topic} since ${year}.`,
  ]);
  const second = pick(random, [
    `It was started in ${year} by a handful of former reporters and is paid for by its readers rather than by advertisers.`,
    'We are a small team, we answer our own post, and we would rather publish one careful piece than five quick ones.',
  ]);
  // Some sites count their readers: a number that changes from page to page (the fingerprint ignores digits).
  const counted = chance(random, 0.5);
  return (readers) =>
    counted
      ? `${first} ${second} This month ${readers} readers helped keep it free to read for everyone.`
      : `${first} ${second}`;
}

function standfirst(random: Random, site: Identity): string[] {
  const day = pick(random, WEEKDAYS);
  return [
    pick(random, [
      `This piece is part of our long-running series on ${site.short}, in which one writer takes a single question each ${day} and follows it for as long as it takes to answer properly.`,
      `${site.name} publishes one long read every ${day}. This week’s was chosen by the editors from the suggestions readers sent us, and checked line by line before it went out.`,
    ]),
  ];
}

/** The prose blocks a template can have. */
type BlockKind = 'standfirst' | 'author' | 'letter' | 'more' | 'about';

/** Neutral class names: nothing a name list could read as boilerplate. */
const CLASS_STEMS = ['box', 'c-block', 'mod', 'unit', 'pane', 'cell', 'blk', 'seg', 'part', 'tile'];

interface Design {
  font: string;
  size: number;
  colour: string;
  width: number;
  /** The article's container: <article> or a <div> with a neutral class. */
  container: 'article' | 'div';
  containerClass: string;
  classes: Record<BlockKind | 'heading' | 'line', string>;
  headings: boolean;
}

function design(random: Random): Design {
  const stems = sample(random, CLASS_STEMS, 3);
  const numbers = sample(random, [1, 2, 3, 4, 5, 6, 7, 8, 9], 7);
  const cls = (i: number) => `${stems[i % stems.length]}-${numbers[i]}`;
  return {
    font: pick(random, [
      'Georgia, serif',
      '"Times New Roman", serif',
      'system-ui, sans-serif',
      'Verdana, sans-serif',
    ]),
    size: pick(random, [17, 18, 19]),
    colour: pick(random, ['#222', '#1a1a1a', '#2b2b2b', '#333']),
    width: pick(random, [640, 680, 720]),
    container: chance(random, 0.5) ? 'article' : 'div',
    containerClass: pick(random, ['c-body', 'wrap-2', 'col-main', 'entry', 'text-1']),
    classes: {
      standfirst: cls(0),
      author: cls(1),
      letter: cls(2),
      more: cls(3),
      about: cls(4),
      heading: cls(5),
      line: cls(6),
    },
    headings: chance(random, 0.7),
  };
}

interface SiteTemplate {
  identity: Identity;
  slug: string;
  design: Design;
  /** In page order; 'article' is where the article goes, 'article:3' after its third paragraph. */
  layout: string[];
  authors: Person[];
  standfirst: string[];
  letter: string[];
  moreHeading: string | null;
  more: string[];
  about: ((readers: number) => string) | null;
  panels: Map<string, string[]>;
}

function siteTemplate(random: Random, identity: Identity, index: number): SiteTemplate {
  // Which blocks: at least three of the five, each site its own mix.
  let kinds: BlockKind[] = [];
  while (kinds.length < 3) {
    kinds = (['standfirst', 'author', 'letter', 'more', 'about'] as const).filter((kind) =>
      chance(random, kind === 'standfirst' ? 0.4 : 0.75),
    );
  }
  const has = (kind: BlockKind) => kinds.includes(kind);
  const before: string[] = [];
  const after: string[] = [];
  if (has('standfirst')) before.push('standfirst');
  // Where: by the site's number, so that every placement turns up among a dozen sites. The author panel under
  // the title on every fourth site, after the article elsewhere; the letter's pitch inside the article (after
  // its third paragraph) on every third.
  if (has('author')) (index % 4 === 1 ? before : after).push('author');
  let inside: string | null = null;
  if (has('letter')) {
    if (index % 3 === 2) inside = 'letter';
    else after.push('letter');
  }
  if (has('more')) after.push('more');
  const tail = shuffle(random, after);
  const layout = [...before, inside ? 'article:3' : 'article', ...tail];
  if (has('about')) layout.push('about');
  const authors = sample(random, PEOPLE, chance(random, 0.3) ? 2 : 1);
  const panels = new Map(authors.map((person) => [person.name, authorPanel(random, person, identity)]));
  return {
    identity,
    slug: `s${String(index + 1).padStart(2, '0')}-${slugOf(identity.name)}`,
    design: design(random),
    layout: inside
      ? layout.flatMap((item) => (item === 'article:3' ? ['article:3', inside] : [item]))
      : layout,
    authors,
    standfirst: has('standfirst') ? standfirst(random, identity) : [],
    letter: has('letter') ? letterPitch(random, identity) : [],
    moreHeading: chance(random, 0.5)
      ? pick(random, [`More from ${identity.name}`, 'Elsewhere in this issue', 'Keep reading'])
      : null,
    more: has('more') ? headlines(random, identity, int(random, 3, 5)) : [],
    about: has('about') ? aboutSite(random, identity) : null,
    panels,
  };
}

/** "A heading sometimes": at most this many section headings in a generated article. */
const MAX_HEADINGS = 3;

/** The article's blocks: up to `paragraphs` prose lines in order, and the headings between them if allowed. */
function articleBlocks(
  article: SourceArticle,
  paragraphs: number,
  headings: boolean,
): { tag: 'p' | 'h2'; text: string }[] {
  const out: { tag: 'p' | 'h2'; text: string }[] = [];
  let count = 0;
  let heading: string | null = null;
  let titles = 0;
  for (const line of article.lines) {
    if (count >= paragraphs) break;
    if (isProse(line)) {
      if (heading !== null) out.push({ tag: 'h2', text: heading });
      heading = null;
      out.push({ tag: 'p', text: line });
      count++;
    } else if (headings && count > 0 && isHeading(line) && out.at(-1)?.tag === 'p' && titles < MAX_HEADINGS) {
      titles++;
      heading = line;
    }
  }
  return out;
}

function css(d: Design): string {
  return [
    `body{margin:0;font-family:${d.font};font-size:${d.size}px;line-height:1.6;color:${d.colour};background:#fff}`,
    'a{color:inherit}',
    '.top{background:#f3f1ec;border-bottom:1px solid #ddd;padding:12px 24px;font-family:system-ui,sans-serif;font-size:15px}',
    '.top .logo{font-weight:700;font-size:20px;text-decoration:none;margin-right:24px}',
    '.top nav a{margin-right:16px;text-decoration:none;color:#555}',
    `.page{max-width:${d.width}px;margin:32px auto;padding:0 20px}`,
    'h1{font-size:2em;line-height:1.2;margin:0 0 16px}',
    'h2{font-size:1.3em;margin:28px 0 8px}',
    'p{margin:0 0 1em}',
    `.${d.classes.line} a{text-decoration:none}`,
    `.${d.classes.heading}{font-weight:700;margin:24px 0 8px}`,
    '.bottom{border-top:1px solid #ddd;margin-top:48px;padding:16px 24px;font-family:system-ui,sans-serif;font-size:13px;color:#777}',
    '.bottom a{margin-right:12px;color:#777}',
  ].join('\n');
}

function renderPage(
  site: SiteTemplate,
  page: { title: string; blocks: { tag: 'p' | 'h2'; text: string }[]; author: Person; readers: number },
): { html: string; template: string[] } {
  const { identity, design: d } = site;
  const template: string[] = [];
  const paragraph = (text: string, cls?: string) => {
    template.push(text);
    return `<p${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</p>`;
  };
  const block = (kind: string): string => {
    switch (kind) {
      case 'standfirst':
        return `<div class="${d.classes.standfirst}">${site.standfirst.map((t) => paragraph(t)).join('')}</div>`;
      case 'author':
        return `<div class="${d.classes.author}">${(site.panels.get(page.author.name) ?? []).map((t) => paragraph(t)).join('')}</div>`;
      case 'letter':
        return `<div class="${d.classes.letter}">${site.letter.map((t) => paragraph(t)).join('')}</div>`;
      case 'more': {
        const heading = site.moreHeading === null ? '' : paragraph(site.moreHeading, d.classes.heading);
        const lines = site.more
          .map((text) => {
            template.push(text);
            return `<p><a href="/${slugOf(text)}/">${escapeHtml(text)}</a></p>`;
          })
          .join('');
        return `<div class="${d.classes.more}">${heading}<div class="${d.classes.line}">${lines}</div></div>`;
      }
      case 'about':
        return site.about
          ? `<div class="${d.classes.about}">${paragraph(site.about(page.readers))}</div>`
          : '';
      default:
        return '';
    }
  };
  const articleHtml = (blocks: typeof page.blocks) =>
    blocks.map((b) => `<${b.tag}>${escapeHtml(b.text)}</${b.tag}>`).join('\n');
  const open = d.container === 'article' ? '<article>' : `<div class="${escapeHtml(d.containerClass)}">`;
  const close = d.container === 'article' ? '</article>' : '</div>';
  const parts: string[] = [`<h1>${escapeHtml(page.title)}</h1>`];
  for (const [i, item] of site.layout.entries()) {
    if (item === 'article') parts.push(`${open}\n${articleHtml(page.blocks)}\n${close}`);
    else if (item === 'article:3') {
      // The letter's pitch after the third paragraph, inside the article's container; the rest after it.
      const next = site.layout[i + 1] ?? '';
      let cut = 0;
      let seen = 0;
      for (const [j, b] of page.blocks.entries()) {
        if (b.tag === 'p') seen++;
        if (seen === 3) {
          cut = j + 1;
          break;
        }
      }
      if (cut === 0 || cut >= page.blocks.length) {
        parts.push(`${open}\n${articleHtml(page.blocks)}\n${block(next)}\n${close}`);
      } else {
        parts.push(
          `${open}\n${articleHtml(page.blocks.slice(0, cut))}\n${block(next)}\n${articleHtml(page.blocks.slice(cut))}\n${close}`,
        );
      }
    } else if (site.layout[i - 1] !== 'article:3') parts.push(block(item));
  }
  const nav = identity.sections.map((s) => `<a href="/${slugOf(s)}/">${escapeHtml(s)}</a>`).join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(page.title)} | ${escapeHtml(identity.name)}</title>
<meta property="og:site_name" content="${escapeHtml(identity.name)}">
<style>${css(d)}</style></head>
<body>
<header class="top"><a class="logo" href="/">${escapeHtml(identity.name)}</a><nav>${nav}</nav></header>
<main class="page">
${parts.join('\n')}
</main>
<footer class="bottom"><p>© 2025 ${escapeHtml(identity.name)}. All rights reserved.</p><a href="/about/">About</a><a href="/contact/">Contact</a><a href="/privacy/">Privacy</a><a href="/terms/">Terms</a></footer>
</body></html>
`;
  return { html, template };
}

/**
 * `sites` sites of `pagesPerSite` pages each from `articles` (articlesFrom), a different article on every page
 * while there are enough of them. The same seed and articles give the same sites, byte for byte.
 */
export function generateSites(
  articles: readonly SourceArticle[],
  options: GenerateOptions = {},
): TemplatedSite[] {
  const { seed = TEMPLATED_SEED, sites = 12, pagesPerSite = 6 } = options;
  if (articles.length === 0) throw new Error('generateSites: no articles to make pages of');
  const random = seededRandom(seed);
  const identities = sample(random, IDENTITIES, Math.min(sites, IDENTITIES.length));
  const order = shuffle(random, articles);
  let next = 0;
  return identities.map((identity, s) => {
    const site = siteTemplate(random, identity, s);
    const pages: TemplatedPage[] = [];
    for (let k = 0; k < pagesPerSite; k++) {
      const article = order[next++ % order.length] as SourceArticle;
      const blocks = articleBlocks(article, int(random, 4, 15), site.design.headings && chance(random, 0.6));
      const author = site.authors[k % site.authors.length] as Person;
      const { html, template } = renderPage(site, {
        title: article.title,
        blocks,
        author,
        readers: int(random, 1000, 9999),
      });
      const month = String(1 + ((s + k) % 12)).padStart(2, '0');
      pages.push({
        id: `${site.slug}-${k + 1}`,
        position: k + 1,
        url: `https://${identity.host}/2025/${month}/${slugOf(article.title)}`,
        title: article.title,
        html,
        gold: blocks.map((b) => b.text).join('\n\n'),
        sourceId: article.id,
        template,
      });
    }
    return { slug: site.slug, name: identity.name, host: identity.host, layout: site.layout, pages };
  });
}
