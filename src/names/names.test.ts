import { describe, expect, it } from 'vitest';
import {
  BOILERPLATE_TAGS,
  COMMENT_NAMES,
  isStrongNegative,
  LANDMARKS,
  nameVerdict,
  tokensOf,
} from './index.ts';

describe('nameVerdict', () => {
  it.each([
    ['comments', -2],
    ['comment-body', -1],
    ['related-content', -1],
    ['ad-slot', -1],
    ['sidebarWidget', -2],
    ['site-footer', -2],
    ['article-content has-sidebar', 1],
    ['main-column with-ads', 1],
    ['story-body', 1],
    ['main-menu', -1],
    ['entry-meta', -1],
    ['menu', -2],
    ['article-content sticky-sidebar-relative', -1],
    ['c-fixed-sidebar-layout', -2],
    ['headline', 0],
    ['', 0],
    ['download', 0],
  ] as const)('%j → %i', (names, verdict) => {
    expect(nameVerdict(names)).toBe(verdict);
  });

  // A page that is its comments is read with the comment names ignored (extract.ts): what is left decides.
  it.each([
    ['comments', 0],
    ['comment-body', 1],
    ['comments sidebar', -2],
    ['comment-meta', -1],
  ] as const)('%j with the comment names ignored → %i', (names, verdict) => {
    expect(nameVerdict(names, COMMENT_NAMES)).toBe(verdict);
  });
});

describe('the name lists', () => {
  it('splits names into lower-case words at case changes and punctuation', () => {
    expect(tokensOf('articleBody comment-list')).toEqual(['article', 'body', 'comment', 'list']);
  });

  it('ignores on a comments page only names that are strong boilerplate on any other', () => {
    for (const name of COMMENT_NAMES) expect(isStrongNegative(name)).toBe(true);
  });

  it('reads the boilerplate tags as landmarks for the model too', () => {
    for (const tag of BOILERPLATE_TAGS) expect(LANDMARKS).toContain(tag);
  });
});
