import { extract, toMarkdown, toText } from './index.ts';
import { inspectSegments } from './inspect.ts';

// The entry of dist-extractor/lectern.js: the same extractor the content script runs, for the benchmark,
// the extract CLI and outside tools that load one file into a page.
(globalThis as { Lectern?: unknown }).Lectern = { extract, toText, toMarkdown, inspectSegments };
