/**
 * Entry of dist-reader/reader.js (vite.reader.config.ts): the overlay without the extension, for component
 * tests on plain pages (docs/conventions.md, "The reader mounts without the extension"). Defines
 * globalThis.LecternReader = { mountReader }. A test page has an Article (JSON) but not the copy walk's
 * nodes, so its body is `content` parsed through the sanitizer (as the exporters do) and then prepared
 * exactly as the extension prepares its nodes. `copyMessage` is the content script's words for a copy's
 * outcome, for a test's copy action to answer with.
 */
// First: the words, English's (no extension API here), before any module after it reads one.
import '../shared/english.ts';
import { presentBody } from '../../src/clean/present.ts';
import { sanitizeFragment } from '../../src/clean/sanitize.ts';
import type { ReaderArticle } from '../../src/types.ts';
import { codeCopyMessage, copyMessage } from './format.ts';
import { highlighter } from './highlight.ts';
import { mountReader } from './index.ts';
import { LEGIBLE_FACES } from './legible-faces.ts';
import { panels } from './panels.tsx';
import type { Highlighter, ReaderBody, ReaderHandle, ReaderProps } from './types.ts';

function bodyFromContent(article: ReaderArticle): ReaderBody {
  return (doc, options) => {
    const parsed = sanitizeFragment(article.content, doc);
    const container = (parsed.ownerDocument as Document).createElement('div');
    container.append(parsed);
    return presentBody(container, doc, options);
  };
}

/** How often a reader asked for the highlighter: the extension injects its chunk at the first ask. */
const asked = { highlighter: 0 };

const bundledHighlighter = (): Promise<Highlighter> => {
  asked.highlighter++;
  return Promise.resolve(highlighter);
};

/**
 * mountReader, with the body made from `article.content` when the test gives none, and the panels and the
 * legible typeface and the code highlighter bundled here (the extension loads them on first use).
 */
export function mountForTest(
  root: ShadowRoot,
  props: Omit<ReaderProps, 'body' | 'panels'> & Partial<Pick<ReaderProps, 'body' | 'panels'>>,
  parent?: ParentNode,
): ReaderHandle {
  return mountReader(
    root,
    {
      ...props,
      body: props.body ?? bodyFromContent(props.article),
      panels: props.panels ?? (() => Promise.resolve(panels)),
      typeface: props.typeface ?? (() => Promise.resolve(LEGIBLE_FACES)),
      highlighter: props.highlighter ?? bundledHighlighter,
    },
    parent,
  );
}

Object.assign(globalThis, {
  LecternReader: { mountReader: mountForTest, copyMessage, codeCopyMessage, asked },
});
