import { describe, expect, it } from 'vitest';
import { plainText } from './plain.ts';

// The Node tier has no DOM: a tree of the few node fields the walk reads (nodeType, localName, data, and the
// child and sibling links), built by el() and text(). The walk on real pages runs in Chromium with every
// fixture (e2e/extractor/fixtures.spec.ts: word counts and excerpts come from it).
interface FakeNode {
  nodeType: number;
  localName?: string;
  data?: string;
  parentNode: FakeNode | null;
  firstChild: FakeNode | null;
  nextSibling: FakeNode | null;
}

function text(data: string): FakeNode {
  return { nodeType: 3, data, parentNode: null, firstChild: null, nextSibling: null };
}

function el(localName: string, ...children: (FakeNode | string)[]): FakeNode {
  const node: FakeNode = { nodeType: 1, localName, parentNode: null, firstChild: null, nextSibling: null };
  let last: FakeNode | null = null;
  for (const child of children.map((c) => (typeof c === 'string' ? text(c) : c))) {
    child.parentNode = node;
    if (last === null) node.firstChild = child;
    else last.nextSibling = child;
    last = child;
  }
  return node;
}

const plain = (...children: (FakeNode | string)[]): string =>
  plainText(el('div', ...children) as unknown as Element);

describe('plainText', () => {
  it('separates blocks by one blank line and collapses spaces inside them', () => {
    expect(
      plain(
        el('h2', 'A  title'),
        '\n',
        el('p', 'One\n two ', el('b', 'three'), '.'),
        el('div', el('p', 'Four.')),
        el('p', 'Five', el('br'), 'six'),
      ),
    ).toBe('A title\n\nOne two three.\n\nFour.\n\nFive\nsix');
  });

  it('puts list items and table rows on lines of their own', () => {
    expect(
      plain(
        el('ul', el('li', 'first'), el('li', 'second ', el('i', 'item'))),
        el('table', el('tr', el('td', 'a'))),
      ),
    ).toBe('first\n\nsecond item\n\na');
  });

  it('leaves out scripts, styles, templates and MathML annotations', () => {
    expect(
      plain(
        el('p', 'Seen', el('script', 'hidden()'), el('style', 'p{}')),
        el('template', el('p', 'no')),
        el('math', el('mi', 'x'), el('annotation', '\\frac{1}{2}')),
      ),
    ).toBe('Seen\n\nx');
  });

  it('reads an empty body as no text', () => {
    expect(plain(el('p', ' '), el('div'))).toBe('');
    expect(plain()).toBe('');
  });
});
