/**
 * The reader overlay as a test sees it in the built extension. Its shadow root is CLOSED (the page must not read
 * or drive the reader), so neither the page nor Playwright's locators can reach into it; the browser's own
 * debugging protocol can, the way DevTools does (docs/conventions.md):
 * - `DOM.getDocument({ pierce: true })` finds the host and its closed root;
 * - code runs against the root in an isolated world of the test's own (`Page.createIsolatedWorld`), so nothing
 *   the page changed in its own JavaScript world can answer for it;
 * - controls are found the way a screen reader finds them, by role and accessible name in the accessibility
 *   tree (`Accessibility.queryAXTree`), and pressed with a real, trusted mouse click at their centre.
 */
import type { CDPSession, Page } from '@playwright/test';

interface DomNode {
  nodeId: number;
  backendNodeId: number;
  nodeName: string;
  children?: DomNode[];
  shadowRoots?: DomNode[];
  shadowRootType?: 'open' | 'closed' | 'user-agent';
  contentDocument?: DomNode;
}

interface AxNode {
  backendDOMNodeId?: number;
  ignored?: boolean;
  properties?: Array<{ name: string; value: { value?: unknown } }>;
}

/**
 * innerText of `sel` in the overlay's root, with every block of the article laid out: the overlay shows the
 * article's blocks only as they near the screen (reader.css: content-visibility: auto), and innerText leaves
 * out the ones not laid out yet. Exported for the specs that read the reader's text themselves.
 */
export const SCROLLED_TEXT = `(root, sel) => {
  const el = root.querySelector(sel);
  if (!el) return '';
  const all = new CSSStyleSheet();
  all.replaceSync('.l-content > * { content-visibility: visible !important; }');
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, all];
  try {
    return el.innerText;
  } finally {
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((sheet) => sheet !== all);
  }
}`;

/** Where the reader and the "no article" notice put their outermost element. */
const OUR_ROOTS = '.l-root, [role="alertdialog"]';

export interface Overlay {
  /** The page's CDP session, for checks of its own. */
  session: CDPSession;
  /** The host element's and its shadow root's backend node ids, or null while there is no overlay. */
  find(): Promise<{ host: number; root: number; mode: string; layer: number } | null>;
  /** Runs `fn` with the overlay's shadow root (in the test's isolated world); throws when there is none. */
  evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /**
   * What the overlay shows as text (innerText of the reader or the notice), the whole article as a person
   * reads it by scrolling through; '' while there is none.
   */
  text(): Promise<string>;
  /** Whether that text holds `wanted`, decided in the page (a 10 MB article's text stays there). */
  shows(wanted: string): Promise<boolean>;
  /** Clicks the control with this role and accessible name, with a real mouse click at its centre. */
  click(name: string | RegExp, role?: string): Promise<void>;
  /** Whether the control with this role and name is checked (radio buttons, checkboxes). */
  checked(name: string | RegExp, role?: string): Promise<boolean>;
  /** Whether a control with this role and name is in the accessibility tree now. */
  has(name: string | RegExp, role?: string): Promise<boolean>;
}

function walk(node: DomNode, visit: (node: DomNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) walk(child, visit);
  for (const root of node.shadowRoots ?? []) walk(root, visit);
  if (node.contentDocument) walk(node.contentDocument, visit);
}

/** How long click() and checked() wait for their control to be there, as Playwright's expect does. */
const ONE_TIMEOUT_MS = 5_000;

/** One Overlay (one debugging session) per page, however often a spec asks. */
const overlays = new WeakMap<Page, Promise<Overlay>>();

/** The overlay in `page`, read through the browser's debugging protocol (its shadow root is closed). */
export function overlayOf(page: Page): Promise<Overlay> {
  let overlay = overlays.get(page);
  if (overlay === undefined) {
    overlay = connect(page);
    overlays.set(page, overlay);
  }
  return overlay;
}

async function connect(page: Page): Promise<Overlay> {
  const session = await page.context().newCDPSession(page);
  await session.send('Accessibility.enable');
  let world: { frame: string; context: number } | null = null;

  async function context(): Promise<number> {
    const { frameTree } = await session.send('Page.getFrameTree');
    const frame = frameTree.frame.id;
    // A navigation or a reload ends the world: make a new one for the new document.
    if (world?.frame === frame) {
      const alive = await session
        .send('Runtime.evaluate', { expression: '1', contextId: world.context })
        .then(() => true)
        .catch(() => false);
      if (alive) return world.context;
    }
    const { executionContextId } = await session.send('Page.createIsolatedWorld', {
      frameId: frame,
      worldName: 'lectern-test',
    });
    world = { frame, context: executionContextId };
    return executionContextId;
  }

  async function objectFor(backendNodeId: number): Promise<string> {
    const { object } = await session.send('DOM.resolveNode', {
      backendNodeId,
      executionContextId: await context(),
    });
    if (!object.objectId) throw new Error('node not resolvable');
    return object.objectId;
  }

  async function call<R>(objectId: string, fn: string, arg?: unknown): Promise<R> {
    const { result, exceptionDetails } = await session.send('Runtime.callFunctionOn', {
      objectId,
      functionDeclaration: `function (arg) { return (${fn})(this, arg); }`,
      arguments: [{ value: arg }],
      returnByValue: true,
      awaitPromise: true,
    });
    if (exceptionDetails) {
      throw new Error(`in the overlay: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    }
    return result.value as R;
  }

  async function find(): Promise<{ host: number; root: number; mode: string; layer: number } | null> {
    // The host hangs off the root element (in an SVG document, off a <foreignObject> there): four levels reach
    // its root's dialog. The whole tree would cost seconds on a 100,000-element page, and a 2,000-deep one
    // overflows the protocol's encoder ("CBOR: stack limit exceeded").
    const { root } = (await session.send('DOM.getDocument', { depth: 4, pierce: true })) as {
      root: DomNode;
    };
    const candidates: Array<{ host: number; root: number; mode: string; layer: number }> = [];
    walk(root, (node) => {
      for (const shadow of node.shadowRoots ?? []) {
        if (shadow.shadowRootType === 'user-agent') continue;
        // A modal dialog is its own root in the accessibility tree: controls are looked up from it.
        // nodeName is 'dialog' in an XML document (an SVG page), 'DIALOG' in an HTML one.
        const dialog = shadow.children?.find((child) => child.nodeName.toUpperCase() === 'DIALOG');
        candidates.push({
          host: node.backendNodeId,
          root: shadow.backendNodeId,
          mode: shadow.shadowRootType ?? '',
          layer: dialog?.backendNodeId ?? node.backendNodeId,
        });
      }
    });
    for (const candidate of candidates) {
      const id = await objectFor(candidate.root);
      const ours = await call<boolean>(id, `(root, sel) => root.querySelector(sel) !== null`, OUR_ROOTS);
      if (ours) return candidate;
    }
    return null;
  }

  async function rootObject(): Promise<string> {
    const found = await find();
    if (!found) throw new Error('no reader overlay in the page');
    return objectFor(found.root);
  }

  async function axNodes(name: string | RegExp, role: string): Promise<AxNode[]> {
    const found = await find();
    if (!found) return [];
    const query = typeof name === 'string' ? { accessibleName: name } : {};
    const { nodes } = (await session.send('Accessibility.queryAXTree', {
      backendNodeId: found.layer,
      role,
      ...query,
    })) as { nodes: AxNode[] };
    return nodes.filter((node) => !node.ignored && node.backendDOMNodeId !== undefined);
  }

  /** queryAXTree matches names exactly; a RegExp is matched against each candidate's name here. */
  async function matching(name: string | RegExp, role: string): Promise<AxNode[]> {
    if (typeof name === 'string') return axNodes(name, role);
    const all = await axNodes(name, role);
    const named: AxNode[] = [];
    for (const node of all) {
      const { nodes } = (await session.send('Accessibility.getPartialAXTree', {
        backendNodeId: node.backendDOMNodeId,
        fetchRelatives: false,
      })) as { nodes: Array<{ name?: { value?: string } }> };
      if (name.test(String(nodes[0]?.name?.value ?? ''))) named.push(node);
    }
    return named;
  }

  /**
   * The one control with this role and name, waited for as Playwright's locators wait (up to ONE_TIMEOUT_MS):
   * a control can appear a moment after the click that asks for it (the export menu's items come with a chunk
   * loaded on first use). Not there by then, or there twice, is a failure.
   */
  async function one(name: string | RegExp, role: string): Promise<AxNode> {
    const deadline = Date.now() + ONE_TIMEOUT_MS;
    for (;;) {
      const nodes = await matching(name, role);
      if (nodes.length === 1) return nodes[0] as AxNode;
      if (nodes.length > 1 || Date.now() > deadline) {
        throw new Error(`expected one ${role} named ${String(name)} in the overlay, found ${nodes.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    session,
    find,
    async evaluate(fn, arg) {
      return call(await rootObject(), fn.toString(), arg);
    },
    async text() {
      const found = await find();
      if (!found) return '';
      return call<string>(await objectFor(found.root), SCROLLED_TEXT, OUR_ROOTS);
    },
    async shows(wanted) {
      const found = await find();
      if (!found) return false;
      return call<boolean>(
        await objectFor(found.root),
        `(root, arg) => (${SCROLLED_TEXT})(root, arg.sel).includes(arg.wanted)`,
        { sel: OUR_ROOTS, wanted },
      );
    },
    async click(name, role = 'button') {
      const node = await one(name, role);
      const id = await objectFor(node.backendDOMNodeId as number);
      const box = await call<{ x: number; y: number; width: number; height: number }>(
        id,
        // Brought into view only when it is not: a person scrolls to what they can't see, and scrolling a
        // sticky bar's button "into view" would move the reader under it.
        `(el) => { let r = el.getBoundingClientRect();
          if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
            el.scrollIntoView({ block: 'center' }); r = el.getBoundingClientRect();
          }
          return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
      );
      if (box.width === 0 || box.height === 0) throw new Error(`${role} ${String(name)} has no box`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    async checked(name, role = 'radio') {
      const node = await one(name, role);
      const value = node.properties?.find((property) => property.name === 'checked')?.value.value;
      return value === true || value === 'true';
    },
    async has(name, role = 'button') {
      return (await matching(name, role)).length > 0;
    },
  };
}
