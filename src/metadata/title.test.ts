import { describe, expect, it } from 'vitest';
import {
  cleanTitle,
  confirmsHeading,
  rewordsTitle,
  spellsHost,
  stripHostPart,
  stripSiteName,
  unrelatedTitles,
} from './title.ts';

describe('cleanTitle', () => {
  it('cuts the site name after a pipe', () => {
    expect(cleanTitle('First medal for Tanzania | BBC Sport')).toBe('First medal for Tanzania');
  });

  it('cuts a site name given as a hint from the end, even when little is left', () => {
    expect(cleanTitle('Brexit | BBC News', { siteName: 'BBC News' })).toBe('Brexit');
  });

  it('cuts a site name given as a hint from the start, across a colon', () => {
    expect(cleanTitle('Tech Daily: Apple launches a new phone', { siteName: 'Tech Daily' })).toBe(
      'Apple launches a new phone',
    );
    expect(cleanTitle('BBC Sport - First medal', { siteName: 'bbc sport' })).toBe('First medal');
  });

  it('keeps a short title whole when the other part is not known to be the site', () => {
    expect(cleanTitle('Brexit | BBC News')).toBe('Brexit | BBC News');
    expect(cleanTitle('Home - Example')).toBe('Home - Example');
  });

  it('does not split hyphenated words', () => {
    expect(cleanTitle('Covid-19 - a timeline')).toBe('Covid-19 - a timeline');
    expect(
      cleanTitle('Covid-19 - a timeline of the pandemic | The Guardian', { siteName: 'The Guardian' }),
    ).toBe('Covid-19 - a timeline of the pandemic');
    expect(cleanTitle('State-of-the-art battery reaches the market')).toBe(
      'State-of-the-art battery reaches the market',
    );
  });

  it('keeps a colon that is part of the title', () => {
    expect(cleanTitle('Review: the new phone is great')).toBe('Review: the new phone is great');
    expect(cleanTitle('Covid: what we know')).toBe('Covid: what we know');
  });

  it('takes the colon part that a heading of the page confirms', () => {
    expect(
      cleanTitle('Daily Planet: Council approves the new budget', {
        headings: ['Council approves the new budget'],
      }),
    ).toBe('Council approves the new budget');
  });

  it('keeps the whole title when a heading repeats it', () => {
    expect(cleanTitle('Cats - the musical review', { headings: ['Cats – The Musical Review'] })).toBe(
      'Cats - the musical review',
    );
  });

  it('cuts a site name that comes first when it is the shorter side', () => {
    expect(cleanTitle('The Verge — How the internet changed our lives')).toBe(
      'How the internet changed our lives',
    );
  });

  it('keeps the article part of a breadcrumb title', () => {
    expect(cleanTitle('Home » News » Council approves new budget for schools')).toBe(
      'Council approves new budget for schools',
    );
  });

  it('cuts the last part of a three-part title once', () => {
    expect(cleanTitle('Mayor resigns after long inquiry - Politics - City Times')).toBe(
      'Mayor resigns after long inquiry - Politics',
    );
  });

  it('splits at a pipe without spaces', () => {
    expect(cleanTitle('Breaking news from the town hall|Site')).toBe('Breaking news from the town hall');
  });

  it('counts CJK characters as words when deciding', () => {
    expect(cleanTitle('中国经济增长放缓 | 新华网')).toBe('中国经济增长放缓');
  });

  it('normalises whitespace and leaves a plain title alone', () => {
    expect(cleanTitle('  A   plain\n title ')).toBe('A plain title');
    expect(cleanTitle('')).toBe('');
  });

  it('keeps a title that is only the site name', () => {
    expect(cleanTitle('BBC News', { siteName: 'BBC News' })).toBe('BBC News');
  });
});

describe('stripSiteName', () => {
  it('matches the site name whatever its case and escapes its characters', () => {
    expect(stripSiteName('Ten tips for C++ | C++ Weekly', 'c++ weekly')).toBe('Ten tips for C++');
    expect(stripSiteName('Nothing to strip here', 'Example.com')).toBe('Nothing to strip here');
  });
});

describe('stripHostPart', () => {
  it("cuts a first or last part that is the site's host name", () => {
    expect(
      stripHostPart("Catering Tips for a Successful Event | Giordano's Catering", ['giordanoscatering.com']),
    ).toBe('Catering Tips for a Successful Event');
    expect(stripHostPart('Bold.org – Best High School Tutors in 2025', ['bold.org'])).toBe(
      'Best High School Tutors in 2025',
    );
    expect(stripHostPart('7 Key Software Development Methodologies | OS-System', ['www.os-system.com'])).toBe(
      '7 Key Software Development Methodologies',
    );
  });

  it('keeps a title whose parts are not the host, or that is only the host', () => {
    expect(stripHostPart('Review: the new phone | Tech Daily', ['example.com'])).toBe(
      'Review: the new phone | Tech Daily',
    );
    expect(stripHostPart('Bold.org', ['bold.org'])).toBe('Bold.org');
    expect(stripHostPart('Covid-19 - a timeline', ['covid.org'])).toBe('Covid-19 - a timeline');
  });
});

describe('confirmsHeading', () => {
  it('takes a heading that is the title, one of its parts, or its beginning less a subtitle', () => {
    const title = 'The Ultimate Guide to Booking a Mover: What You Need to Know - WellRive';
    expect(confirmsHeading(title, 'The Ultimate Guide to Booking a Mover: What You Need to Know')).toBe(true);
    expect(confirmsHeading('Introduction - From Zero to QED', 'Introduction')).toBe(true);
    expect(
      confirmsHeading(
        'Houston’s Hottest New Restaurants to Visit This Month, December 2025',
        'Houston’s Hottest New Restaurants to Visit This Month',
      ),
    ).toBe(true);
  });

  it('refuses a heading that is only a fragment of the title', () => {
    expect(confirmsHeading("Nike Pegasus 41 Men's Road Running Shoes", 'Nike Pegasus 41')).toBe(false);
    expect(
      confirmsHeading('8 Recent Trends in Photography - Flatworld Solutions', 'Recent Trends in Photography'),
    ).toBe(false);
    expect(confirmsHeading('Full control of things with on-premise UI Bakery', 'On-premise UI Bakery.')).toBe(
      false,
    );
  });
});

describe('confirmsHeading, a section name', () => {
  it('is not the headline', () => {
    expect(confirmsHeading('How we rebuilt the bridge | Blog | Riverside Works', 'Blog')).toBe(false);
    expect(
      confirmsHeading('Engora Data Blog: Small adventures with small language models', 'Engora Data Blog'),
    ).toBe(false);
  });
});

describe('a site name with a hyphen', () => {
  it('is cut like any other', () => {
    const site = 'Housecall Pro - The #1 all-in-one solution for your home services business.';
    expect(stripSiteName(`Plumbing Price Guide | ${site}`, site)).toBe('Plumbing Price Guide');
  });
});

describe('spellsHost', () => {
  it('takes the site name of a subdomain', () => {
    expect(spellsHost('virtualbox.org', ['forums.virtualbox.org'])).toBe(true);
    expect(spellsHost('Bogleheads.org', ['127.0.0.1', 'www.bogleheads.org'])).toBe(true);
    expect(spellsHost('Forums', ['forums.virtualbox.org'])).toBe(false);
  });
});

describe('unrelatedTitles', () => {
  it('tells a site-wide title from a reworded headline', () => {
    const headline = 'FCC Chair to Europe: If You Restrict US Satellite Providers, We Will Ban You Here';
    expect(unrelatedTitles('The heart of the internet', headline)).toBe(true);
    expect(unrelatedTitles('FCC chair warns Europe over satellite rules', headline)).toBe(false);
    // A heading of short words only says too little to judge.
    expect(unrelatedTitles('Anything at all', 'Go to it')).toBe(false);
  });
});

describe('rewordsTitle', () => {
  it('is a headline of the story the title declares, worded apart', () => {
    const title = 'Best Apps to Learn a Language in 2025 – Top 10 Picks';
    expect(rewordsTitle(title, 'Top 10: Best Language Learning App (tested by experts)')).toBe(true);
    // A section's name, a logo or a menu is no headline.
    expect(rewordsTitle(title, 'Language Apps')).toBe(false);
    expect(rewordsTitle(title, 'Subscribe to our weekly newsletter today')).toBe(false);
    // The title with a label beside it: the title is the cleaner.
    expect(
      rewordsTitle(
        'A weather station on every school roof',
        'A weather station on every school roof (news.test)',
      ),
    ).toBe(false);
    // The title less its brand: the same words.
    expect(
      rewordsTitle(
        'Netsmartz Generative AI Consulting Services for SaaS',
        'Generative AI Consulting Services',
      ),
    ).toBe(false);
  });
});
