/**
 * What Lectern says when a page has no article, in the reader's notice and in the popup alike: `article` when
 * none was found (the best guess can still be shown), `anything` when even the best guess has no text.
 */
export const NOT_FOUND = {
  article: {
    title: 'No article found on this page',
    text: 'Lectern didn’t find a main article here. You can still show its best guess.',
  },
  anything: {
    title: 'Nothing readable was found',
    text: 'Even the best guess found no text to show on this page.',
  },
} as const;
