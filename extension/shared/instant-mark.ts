/** The isolated world's key under which content/ahead.ts marks a run of the content script as a read-ahead. */
export const READ_AHEAD = 'lectern.read-ahead';
