import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * dom/access.ts in Node: without a DOM it must load (the Vitest tier imports modules that import it), and
 * with one its reads must come from the prototypes, whatever the object's own properties say. The DOM here is
 * a stand-in, three classes on globalThis; a shadowing own property plays the named form control. The real
 * pages are in e2e/robustness/clobbering.spec.ts.
 */

const INTERFACES = ['Node', 'Element', 'Document'] as const;
const globals = globalThis as Record<string, unknown>;

class FakeNode {
  constructor(readonly type: number) {}
  get nodeType(): number {
    return this.type;
  }
  get parentNode(): string {
    return 'the real parent';
  }
}

class FakeElement extends FakeNode {
  getAttribute(name: string): string {
    return `the real ${name}`;
  }
  querySelector(): string {
    return 'found in the element';
  }
}

class FakeDocument extends FakeNode {
  get URL(): string {
    return 'https://news.test/story';
  }
  querySelector(): string {
    return 'found in the document';
  }
}

/** A fresh copy of the module, loaded with the stand-in DOM in place. */
async function loadWithDom(): Promise<typeof import('./access.ts')> {
  Object.assign(globals, { Node: FakeNode, Element: FakeElement, Document: FakeDocument });
  vi.resetModules();
  return import('./access.ts');
}

/** An object whose own properties shadow the prototype's, as a form's named controls do. */
function clobbered<T extends object>(target: T, names: string[]): T {
  for (const name of names) Object.defineProperty(target, name, { value: `a control named ${name}` });
  return target;
}

afterEach(() => {
  for (const name of INTERFACES) delete globals[name];
});

describe('dom/access', () => {
  it('loads without a DOM; its functions throw a TypeError only when called', async () => {
    vi.resetModules();
    const access = await import('./access.ts');
    expect(() => access.parentOf({} as Node)).toThrow(TypeError);
    expect(() => access.urlOf({} as Document)).toThrow(/no DOM/);
  });

  it('reads through the prototype, not the properties a page put on the node', async () => {
    const access = await loadWithDom();
    const form = clobbered(new FakeElement(1), ['parentNode', 'getAttribute', 'nodeType', 'querySelector']);
    expect(access.parentOf(form as unknown as Node)).toBe('the real parent');
    expect(access.attributeOf(form as unknown as Element, 'id')).toBe('the real id');
    expect(access.nodeTypeOf(form as unknown as Node)).toBe(1);
    expect(access.querySelectorIn(form as unknown as Element, 'p')).toBe('found in the element');
    const doc = clobbered(new FakeDocument(9), ['URL', 'querySelector', 'nodeType']);
    expect(access.urlOf(doc as unknown as Document)).toBe('https://news.test/story');
    expect(access.querySelectorIn(doc as unknown as Document, 'p')).toBe('found in the document');
  });

  it('keeps the Function.prototype.call it found at load', async () => {
    const access = await loadWithDom();
    const form = new FakeElement(1) as unknown as Element;
    const call = Function.prototype.call;
    Function.prototype.call = () => 'redirected';
    try {
      expect(access.attributeOf(form, 'class')).toBe('the real class');
      expect(access.parentOf(form)).toBe('the real parent');
    } finally {
      Function.prototype.call = call;
    }
  });
});
