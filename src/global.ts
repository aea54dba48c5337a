import { takeBuiltins } from './builtins.ts';
import { extract, matches, selectorFor, selectorLike, toMarkdown, toText } from './index.ts';
import { inspectSegments } from './inspect.ts';
import { nextPageOf } from './pages/index.ts';

// The entry of dist-extractor/lectern.js: the same extractor the content script runs, for the benchmark,
// the extract CLI and outside tools that load one file into a page; with the selectors a fix for a site is
// made of (rules/selector.ts) and what one matches (rules/index.ts), which extract's `rule` option applies, and
// the next part of a page split in several (pages/). It runs in the page's main world: each call runs with the
// built-ins as they were when this file was evaluated, whatever the page replaced since (builtins.ts).
const { guard } = takeBuiltins();

(globalThis as { Lectern?: unknown }).Lectern = {
  extract: guard(extract),
  toText: guard(toText),
  toMarkdown: guard(toMarkdown),
  inspectSegments: guard(inspectSegments),
  selectorFor: guard(selectorFor),
  selectorLike: guard(selectorLike),
  matches: guard(matches),
  nextPageOf: guard(nextPageOf),
};
