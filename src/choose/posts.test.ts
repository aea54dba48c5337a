import { describe, expect, it } from 'vitest';
import { postTypeOf } from './posts.ts';
import { nearest } from './records.ts';

describe('postTypeOf', () => {
  it('names the schema.org types of a discussion post, either scheme, with or without www', () => {
    expect(postTypeOf('https://schema.org/Answer')).toBe('answer');
    expect(postTypeOf('http://schema.org/Comment')).toBe('comment');
    expect(postTypeOf('https://www.schema.org/DiscussionForumPosting/')).toBe('discussionforumposting');
    expect(postTypeOf('  https://schema.org/Question  ')).toBe('question');
  });

  it('reads each URL of a space-separated itemtype', () => {
    expect(postTypeOf('https://schema.org/CreativeWork https://schema.org/SocialMediaPosting')).toBe(
      'socialmediaposting',
    );
  });

  it('ignores other types and other vocabularies', () => {
    expect(postTypeOf('https://schema.org/Article')).toBeNull();
    expect(postTypeOf('https://schema.org/Person')).toBeNull();
    expect(postTypeOf('https://example.org/Comment')).toBeNull();
    expect(postTypeOf('https://schema.org.example.com/Comment')).toBeNull();
    expect(postTypeOf('Comment')).toBeNull();
    expect(postTypeOf('')).toBeNull();
  });
});

describe('nearest date line', () => {
  it("takes the date line closest to the post's author line", () => {
    // edited (10), editor (11), answered (13), author (14)
    expect(nearest([10, 13], 14)).toBe(13);
    expect(nearest([10, 13], 9)).toBe(10);
  });

  it('takes the first without an author line, and none without a date line', () => {
    expect(nearest([4, 8], undefined)).toBe(4);
    expect(nearest([], 3)).toBeUndefined();
  });
});
