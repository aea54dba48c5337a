/**
 * The reader overlay in Firefox, as a test sees it. Its shadow root is CLOSED, so neither the page nor
 * puppeteer's locators can reach into it; WebDriver BiDi can, as e2e/support/overlay.ts does with CDP in Chromium:
 * - `script.callFunction` with `serializationOptions.includeShadowTree: 'all'` hands back the host's closed root
 *   as a node with a `sharedId`, and later calls run against it (`this: { sharedId }`), in a sandbox of the
 *   test's own, so nothing the page changed in its own JavaScript world can answer for it;
 * - controls are found the way a screen reader finds them, by role and accessible name
 *   (`browsingContext.locateNodes` with an accessibility locator, started from the root), and pressed with a
 *   real, trusted mouse click at their centre (`input.performActions`).
 */
import type { Page } from 'puppeteer-core';
import { SCROLLED_TEXT } from '../support/overlay.ts';

/** A node as BiDi serializes it (the parts read here). */
interface RemoteNode {
  type: 'node';
  sharedId: string;
  value?: { mode?: string; shadowRoot?: RemoteNode | null };
}

type EvaluateResult =
  | { type: 'success'; result: { type: string; value?: unknown } }
  | { type: 'exception'; exceptionDetails: { text: string } };

/** The part of puppeteer's BidiConnection used here (not in its public types). */
interface BidiConnection {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

/** Where the reader and the "no article" notice put their outermost element. */
const OUR_ROOTS = '.l-root, [role="alertdialog"]';

/** The test's own JavaScript world in the page (a BiDi sandbox). */
const SANDBOX = 'lectern-test';

export interface FirefoxOverlay {
  /** The host's and its shadow root's shared ids and the root's mode, or null while there is no overlay. */
  find(): Promise<{ host: string; root: string; mode: string } | null>;
  /** Runs `fn` with the overlay's shadow root (in the test's sandbox); `arg` and the result go as JSON. */
  evaluate<R, A = undefined>(fn: (root: ShadowRoot, arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** What the overlay shows as text (innerText of the reader or the notice), '' while there is none. */
  text(): Promise<string>;
  /** Clicks the control with this role and accessible name (waited for), with a real mouse click at its centre. */
  click(name: string, role?: string): Promise<void>;
  /** How many controls with this role and accessible name the overlay has now, as a screen reader finds them. */
  count(name: string, role?: string): Promise<number>;
}

/** The page's WebDriver BiDi connection and its top-level browsing context's id. */
function bidiOf(page: Page): { connection: BidiConnection; context: string } {
  const connection = (page.browser() as unknown as { connection?: BidiConnection }).connection;
  // BidiFrame keeps its browsing context's id as `_id` (puppeteer-core/lib/esm/puppeteer/bidi/Frame.js).
  const context = (page.mainFrame() as unknown as { _id?: unknown })._id;
  if (!connection || typeof context !== 'string') {
    throw new Error('not a WebDriver BiDi page: launch Firefox with puppeteer-core (e2e/firefox/firefox.ts)');
  }
  return { connection, context };
}

export function overlayOf(page: Page): FirefoxOverlay {
  const { connection, context } = bidiOf(page);
  const target = { context, sandbox: SANDBOX };

  async function call(params: object): Promise<{ type: string; value?: unknown }> {
    const { result } = (await connection.send('script.callFunction', {
      awaitPromise: true,
      target,
      ...params,
    })) as { result: EvaluateResult };
    if (result.type === 'exception') throw new Error(`in the page: ${result.exceptionDetails.text}`);
    return result.result;
  }

  /** Runs `fn(node, arg)` against the node with this shared id; JSON both ways. */
  async function callOn<R>(sharedId: string, fn: string, arg?: unknown): Promise<R> {
    const result = await call({
      functionDeclaration: `function (json) {
        return Promise.resolve((${fn})(this, JSON.parse(json))).then((value) => JSON.stringify(value ?? null));
      }`,
      this: { sharedId },
      arguments: [{ type: 'string', value: JSON.stringify(arg ?? null) }],
    });
    return JSON.parse(String(result.value)) as R;
  }

  async function find(): Promise<{ host: string; root: string; mode: string } | null> {
    // The host hangs off the root element (in an SVG document, off a <foreignObject> there).
    const found = await call({
      functionDeclaration: `() => [...(document.documentElement?.children ?? [])].flatMap((el) =>
        el.localName === 'foreignObject' ? [...el.children] : [el])`,
      serializationOptions: { includeShadowTree: 'all', maxDomDepth: 0 },
    });
    for (const host of (found.value ?? []) as RemoteNode[]) {
      const shadow = host.value?.shadowRoot;
      if (!shadow) continue;
      const ours = await callOn<boolean>(
        shadow.sharedId,
        '(root, sel) => root.querySelector(sel) !== null',
        OUR_ROOTS,
      );
      if (ours) return { host: host.sharedId, root: shadow.sharedId, mode: shadow.value?.mode ?? '' };
    }
    return null;
  }

  async function rootId(): Promise<string> {
    const found = await find();
    if (!found) throw new Error('no reader overlay in the page');
    return found.root;
  }

  /**
   * The one control with this role and name, waited for as Playwright's locators wait: Firefox builds its
   * accessibility tree after the DOM changes, so a menu item just rendered is not found at once.
   */
  async function locate(role: string, name: string): Promise<RemoteNode[]> {
    const { result } = (await connection.send('browsingContext.locateNodes', {
      context,
      locator: { type: 'accessibility', value: { role, name } },
      startNodes: [{ sharedId: await rootId() }],
    })) as { result: { nodes: RemoteNode[] } };
    return result.nodes;
  }

  async function locateOne(role: string, name: string, timeout = 5_000): Promise<RemoteNode> {
    const until = Date.now() + timeout;
    for (;;) {
      const nodes = await locate(role, name);
      const [node, ...more] = nodes;
      if (node && more.length === 0) return node;
      if (Date.now() > until) {
        throw new Error(`expected one ${role} named ${name} in the overlay, found ${nodes.length}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    find,
    async count(name, role = 'button') {
      return (await locate(role, name)).length;
    },
    async evaluate(fn, arg) {
      return callOn(await rootId(), fn.toString(), arg);
    },
    async text() {
      const found = await find();
      if (!found) return '';
      return callOn<string>(found.root, SCROLLED_TEXT, OUR_ROOTS);
    },
    async click(name, role = 'button') {
      const node = await locateOne(role, name);
      const box = await callOn<{ x: number; y: number; width: number; height: number }>(
        node.sharedId,
        `(el) => { el.scrollIntoView({ block: 'center' }); const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height }; }`,
      );
      if (box.width === 0 || box.height === 0) throw new Error(`${role} ${name} has no box`);
      const x = Math.round(box.x + box.width / 2);
      const y = Math.round(box.y + box.height / 2);
      await connection.send('input.performActions', {
        context,
        actions: [
          {
            type: 'pointer',
            id: 'lectern-mouse',
            parameters: { pointerType: 'mouse' },
            actions: [
              { type: 'pointerMove', x, y, origin: 'viewport' },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      });
    },
  };
}
