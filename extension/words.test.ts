/**
 * No word a person reads is written into the code: each comes from _locales through i18n.ts. The check reads
 * the TypeScript of each file whose words are all in the locale files and flags text in JSX, the attributes a
 * person hears or sees (title, aria-label, alt, placeholder, label), and any other string of two words or more
 * (a sentence, a button's name). Names of things (class names, MIME types, file names, ids) are one word. A
 * string no person reads (CSS, a record for the browser, an error caught before anyone sees it) says so in a
 * `// not shown` comment on its line or the line above.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const EXTENSION = import.meta.dirname;

/** Every module of the extension but its tests (and this check's own fixture). */
const MODULES = (readdirSync(EXTENSION, { recursive: true }) as string[])
  .filter((name) => /\.tsx?$/.test(name) && !/\.(test|fixture)\.tsx?$|\.d\.ts$/.test(name))
  .sort();

const SPOKEN_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'alt', 'placeholder', 'label']);

/** Two words of letters with a space between: a phrase, not a name. */
const PHRASE = /\p{L}{2,}[^\S\n]+\p{L}{2,}/u;
const HAS_LETTER = /\p{L}/u;

/** The mark of a string no person reads as words: `// not shown: why` (or in a JSX comment). */
const NOT_SHOWN = /(\/\/|\/\*) not shown/;

/** A word beside a space, in a template's text: "Saved ${name}", not "fix-${id}". */
const WORD_AND_SPACE = /\p{L}{2,}\s|\s\p{L}{2,}/u;

/**
 * Where a string is a name the code uses, never shown: a module path, or any value of a JSX attribute nobody
 * reads (class, key, id, data-*), however deep in its expression.
 */
function isName(node: ts.Node): boolean {
  if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return true;
  for (let up: ts.Node | undefined = node.parent; up && !ts.isSourceFile(up); up = up.parent) {
    if (ts.isJsxAttribute(up)) return !SPOKEN_ATTRIBUTES.has(up.name.getText());
    if (ts.isJsxElement(up) || ts.isJsxSelfClosingElement(up)) return false;
  }
  return false;
}

interface Found {
  line: number;
  text: string;
}

function hardCodedWords(file: string): Found[] {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const notShown = (line: number) =>
    [lines[line], lines[line - 1]].some((l) => l !== undefined && NOT_SHOWN.test(l));
  const flag = (node: ts.Node, said: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (!notShown(line)) found.push({ line: line + 1, text: said.trim() });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) flag(node, node.text);
    else if (
      ts.isStringLiteral(node) &&
      ts.isJsxAttribute(node.parent) &&
      !isName(node) &&
      HAS_LETTER.test(node.text)
    )
      flag(node, node.text);
    else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !isName(node)) {
      if (PHRASE.test(node.text)) flag(node, node.text);
    } else if (ts.isTemplateExpression(node) && !isName(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => WORD_AND_SPACE.test(part))) flag(node, node.getText());
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the words a person reads come from the locale files', () => {
  for (const file of MODULES) {
    it(file, () => {
      expect(hardCodedWords(path.join(EXTENSION, file))).toEqual([]);
    });
  }

  it('catches a sentence, a JSX text and a spoken attribute written in the code', () => {
    const file = path.join(EXTENSION, 'words.fixture.tsx');
    const found = hardCodedWords(file).map((f) => f.text);
    expect(found).toEqual(['Nothing was saved.', `\`Saved \${name}\``, 'Close', 'Close the reader']);
  });
});
