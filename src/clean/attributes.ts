/**
 * The attribute allow-list of the clean article: only what carries meaning for a
 * reader. No style, class, id or event handler is ever copied; `href`/`src` are set by the copy walk after
 * checking the URL, never here. The page element is read through dom/access.ts; the copy is written directly.
 */
import { attributeOf, hasAttribute, hasAttributes } from '../dom/access.ts';

const INTEGER = /^\s*-?\d{1,6}\s*$/;
const SPAN = /^\s*\d{1,4}\s*$/;
const DIMENSION = /^\s*\d{1,5}(\.\d+)?(px)?\s*$/;
const BCP47 = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i;
const SCOPES = new Set(['row', 'col', 'rowgroup', 'colgroup']);
const DIRS = new Set(['ltr', 'rtl', 'auto']);

/**
 * Code language from the page's class names: `language-js` (Prism, highlight.js, CommonMark renderers),
 * `lang-js` (Google Prettify), `highlight-source-js` (GitHub), `brush: js` (SyntaxHighlighter),
 * `highlight-python` (Sphinx), `sourceCode python` (Pandoc); or from `data-lang` / `data-language` (Hugo,
 * Shiki, Docusaurus). Sphinx's `highlight-default` and "no highlighting" classes name no language.
 */
const LANGUAGE_CLASS =
  /(?:^|\s)(?:language-|lang-|highlight-source-|highlight-|brush:\s*|sourceCode\s+)([a-z0-9_+#.-]{1,30})/i;
const LANGUAGE_NAME = /^[a-z0-9_+#.-]{1,30}$/i;
const NO_LANGUAGE = new Set(['default', 'none', 'nohighlight']);

export function codeLanguage(el: Element | null): string | null {
  if (el === null) return null;
  const named = LANGUAGE_CLASS.exec(attributeOf(el, 'class') ?? '')?.[1] ?? dataLanguage(el);
  const language = named?.toLowerCase() ?? null;
  return language !== null && !NO_LANGUAGE.has(language) ? language : null;
}

function dataLanguage(el: Element): string | null {
  for (const name of ['data-lang', 'data-language']) {
    const value = attributeOf(el, name)?.trim() ?? '';
    if (LANGUAGE_NAME.test(value)) return value;
  }
  return null;
}

/** The element's own `dir` and `lang`, when valid. */
export function direction(src: Element): { dir: string | null; lang: string | null } {
  const dir = attributeOf(src, 'dir')?.trim().toLowerCase() ?? null;
  const lang = attributeOf(src, 'lang')?.trim() ?? null;
  return {
    dir: dir !== null && DIRS.has(dir) ? dir : null,
    lang: lang !== null && BCP47.test(lang) ? lang : null,
  };
}

export function copyAttributes(src: Element, out: Element, tag: string): void {
  if (!hasAttributes(src)) return;
  const { dir, lang } = direction(src);
  if (dir !== null) out.setAttribute('dir', dir);
  if (lang !== null) out.setAttribute('lang', lang);

  switch (tag) {
    case 'img': {
      const alt = attributeOf(src, 'alt');
      if (alt !== null) out.setAttribute('alt', alt.replace(/\s+/g, ' ').trim());
      for (const name of ['width', 'height']) {
        const v = attributeOf(src, name);
        if (v !== null && DIMENSION.test(v)) out.setAttribute(name, String(Math.round(Number.parseFloat(v))));
      }
      break;
    }
    case 'td':
    case 'th': {
      for (const name of ['colspan', 'rowspan']) {
        const v = attributeOf(src, name);
        if (v !== null && SPAN.test(v) && Number(v) > 1) out.setAttribute(name, String(Number(v)));
      }
      const scope = attributeOf(src, 'scope');
      if (tag === 'th' && scope !== null && SCOPES.has(scope.trim().toLowerCase())) {
        out.setAttribute('scope', scope.trim().toLowerCase());
      }
      break;
    }
    case 'ol': {
      const start = attributeOf(src, 'start');
      if (start !== null && INTEGER.test(start)) out.setAttribute('start', String(Number(start)));
      if (hasAttribute(src, 'reversed')) out.setAttribute('reversed', '');
      break;
    }
    case 'li': {
      const value = attributeOf(src, 'value');
      if (value !== null && INTEGER.test(value)) out.setAttribute('value', String(Number(value)));
      break;
    }
    case 'time': {
      const datetime = attributeOf(src, 'datetime');
      if (datetime) out.setAttribute('datetime', datetime.trim());
      break;
    }
    case 'abbr': {
      const title = attributeOf(src, 'title');
      if (title) out.setAttribute('title', title.trim());
      break;
    }
    case 'details': {
      if (hasAttribute(src, 'open')) out.setAttribute('open', '');
      break;
    }
    case 'pre':
    case 'code': {
      const language = codeLanguage(src);
      if (language !== null) out.setAttribute('class', `language-${language}`);
      break;
    }
  }
}
