/**
 * One headed Chromium on the private display, over the DevTools pipe (cdp.ts): its window and viewport found on
 * the screen, tabs opened and settled the way the bench opens pages, and the extension's service worker watched
 * and stopped on demand.
 */
import { readFile } from 'node:fs/promises';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FIXTURE_ORIGIN } from '../../e2e/support/paths.ts';
import { contentType } from '../../e2e/support/serve.ts';
import { fixtureFile } from '../serve.ts';
import { type Browser, type Cdp, CdpError, launchBrowser } from './cdp.ts';
import type { Display } from './display.ts';
import type { TraceEvent } from './trace.ts';
import type { Rect, XScreen, XWindow } from './xscreen.ts';

/** Chromium's X11 window class (WM_CLASS), as `xdotool search --class chromium` finds it. */
const WINDOW_CLASS = 'chromium';
/** The calibration page's colour: nothing else on screen is this magenta. */
const CALIBRATION_RGB: [number, number, number] = [255, 0, 255];

export interface SessionOptions {
  display: Display;
  screen: XScreen;
  /** The unpacked extension to load, or null for a browser without it (the control). */
  extension: string | null;
  /** The viewport size to set the window to, in CSS pixels (device scale 1). */
  viewport: { width: number; height: number };
}

export interface Tab {
  targetId: string;
  sessionId: string;
  /** Navigation start → load event, ms. */
  loadMs: number;
  /** Main-frame navigations refused (a <noscript> meta refresh, with page JavaScript off). */
  blocked: string[];
}

export interface Settled {
  images: number;
  /** Images still loading when the wait gave up (eager or in view; lazy ones below the fold are not waited on). */
  pendingImages: number;
  fonts: string;
  timedOut: boolean;
}

export type Shown = 'reader' | 'notice' | null;

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface DomNode {
  nodeName?: string;
  localName?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  shadowRootType?: string;
}

const mono = (): number => Number(process.hrtime.bigint()) / 1e6;

export class Session {
  readonly cdp: Cdp;
  /** The top-level browser window on the X display. */
  window!: XWindow;
  /** The page viewport in screen pixels. */
  viewport!: Rect;
  extensionId: string | null = null;
  version = '';
  /** The extension's service worker targets alive now (targetId → url). */
  private readonly workers = new Map<string, string>();
  /** CLOCK_MONOTONIC ms of each time our worker's target appeared. */
  readonly workerStarts: number[] = [];
  /** The tab kept open behind the measured ones (a renderer stays warm, as in bench/serve.ts's spare tab). */
  private spare: { targetId: string; sessionId: string } | null = null;
  private readonly fetchHandlers = new Map<string, (params: Record<string, unknown>) => void>();

  private constructor(
    private readonly browser: Browser,
    private readonly options: SessionOptions,
    /** Windows of other browsers on the display, open before this one started. */
    private readonly others: ReadonlySet<number>,
  ) {
    this.cdp = browser.cdp;
  }

  static async start(options: SessionOptions): Promise<Session> {
    const extension = options.extension
      ? [`--disable-extensions-except=${options.extension}`, `--load-extension=${options.extension}`]
      : ['--disable-extensions'];
    const others = new Set((await options.screen.windows(WINDOW_CLASS)).map((window) => window.id));
    const browser = await launchBrowser({
      executable: CHROMIUM_PATH,
      env: { ...process.env, DISPLAY: options.display.name },
      args: [
        ...extension,
        ...CHROMIUM_ARGS,
        '--no-default-browser-check',
        '--password-store=basic',
        // No bubbles over the viewport: the translate offer (foreign-language pages) and the like.
        '--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication',
        '--hide-crash-restore-bubble',
        '--window-position=0,0',
        // A first guess: the window is resized once the viewport is found on screen.
        `--window-size=${options.viewport.width},${options.viewport.height + 90}`,
        // Every host but our server's fails at once (the fixtures' origin is answered by Fetch before DNS).
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    });
    const session = new Session(browser, options, others);
    try {
      await session.init();
    } catch (error) {
      await browser.close();
      throw error;
    }
    return session;
  }

  private async init(): Promise<void> {
    const { cdp } = this;
    this.version = (await cdp.send<{ product: string }>('Browser.getVersion')).product;
    cdp.on('Target.targetCreated', (params) => this.onTarget(params.targetInfo as TargetInfo));
    cdp.on('Target.targetInfoChanged', (params) => this.onTarget(params.targetInfo as TargetInfo));
    cdp.on('Target.targetDestroyed', (params) => {
      this.workers.delete(String(params.targetId));
    });
    cdp.on('Fetch.requestPaused', (params, sessionId) => {
      if (sessionId) this.fetchHandlers.get(sessionId)?.(params);
    });
    // Discovery only: nothing attaches to the worker, so it starts and runs as it does for a user.
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    const targets = (await cdp.send<{ targetInfos: TargetInfo[] }>('Target.getTargets')).targetInfos;
    const blank = targets.find((target) => target.type === 'page');
    if (!blank) throw new Error('Chromium opened no tab');
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: blank.targetId,
      flatten: true,
    });
    this.spare = { targetId: blank.targetId, sessionId };
    if (this.options.extension) await this.waitForWorker(10_000);
    await this.calibrate();
  }

  private onTarget(info: TargetInfo): void {
    if (info.type !== 'service_worker' || !info.url.startsWith('chrome-extension://')) return;
    const id = new URL(info.url).host;
    this.extensionId ??= id;
    if (id !== this.extensionId) return;
    if (!this.workers.has(info.targetId)) this.workerStarts.push(mono());
    this.workers.set(info.targetId, info.url);
  }

  workerRunning(): boolean {
    return this.workers.size > 0;
  }

  private async waitForWorker(timeoutMs: number): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!this.workerRunning()) {
      if (Date.now() > end)
        throw new Error(`the extension's service worker did not start in ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  /**
   * Finds the viewport on the screen: a tab showing one flat colour, read back by the helper. Then sizes the
   * window so the viewport is the bench's (Chromium's toolbar height is not known in advance), and checks again.
   */
  private async calibrate(): Promise<void> {
    const { screen } = this.options;
    const [r, g, b] = CALIBRATION_RGB;
    const url = `data:text/html,<body style="margin:0;background:rgb(${r},${g},${b})"></body>`;
    const tab = await this.openTab(url, { javaScript: false, timeoutMs: 10_000 });
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        await this.settle(tab, 2000);
        // The largest window that is not another browser's: the tab strip's popups are smaller.
        const window = (await screen.windows(WINDOW_CLASS)).find((w) => !this.others.has(w.id));
        if (!window) throw new Error(`no visible ${WINDOW_CLASS} window on ${this.options.display.name}`);
        this.window = window;
        await screen.focus(window.id);
        let found: Rect | null = null;
        for (let i = 0; i < 20 && !found; i++) {
          found = await screen.locate(CALIBRATION_RGB);
          if (!found) await sleep(100);
        }
        if (!found) throw new Error('the calibration page never showed on the screen');
        this.viewport = found;
        const dw = this.options.viewport.width - found.width;
        const dh = this.options.viewport.height - found.height;
        if ((dw === 0 && dh === 0) || attempt === 2) break;
        const { windowId } = await this.cdp.send<{ windowId: number }>('Browser.getWindowForTarget', {
          targetId: tab.targetId,
        });
        await this.cdp.send('Browser.setWindowBounds', {
          windowId,
          bounds: { width: window.width + dw, height: window.height + dh },
        });
        await sleep(300);
      }
      // The pointer rests below the window, where it hovers nothing and no tooltip opens over the viewport.
      await screen.pointer(Math.floor(screen.width / 2), screen.height - 1);
    } finally {
      await this.closeTab(tab);
    }
  }

  /**
   * A new foreground tab at `url`, loaded. With `javaScript` false the page's own scripts never run (as the bench
   * runs pages); extension content scripts and isolated worlds still do. Main-frame navigations away from `url`
   * are refused (bench/serve.ts's routeContext does the same), and the fixtures' origin is answered from
   * fixtures/pages.
   */
  async openTab(url: string, options: { javaScript: boolean; timeoutMs: number }): Promise<Tab> {
    const { cdp } = this;
    const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId,
      flatten: true,
    });
    const blocked: string[] = [];
    this.fetchHandlers.set(sessionId, (params) => {
      this.onRequest(sessionId, targetId, url, blocked, params).catch(() => undefined);
    });
    await cdp.send('Page.enable', {}, sessionId);
    if (!options.javaScript)
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true }, sessionId);
    await cdp.send(
      'Fetch.enable',
      {
        patterns: [
          { urlPattern: `${FIXTURE_ORIGIN}/*`, requestStage: 'Request' },
          { urlPattern: '*', resourceType: 'Document', requestStage: 'Request' },
        ],
      },
      sessionId,
    );
    await cdp.send('Target.activateTarget', { targetId });
    const load = cdp.waitFor('Page.loadEventFired', { sessionId, timeoutMs: options.timeoutMs });
    const started = performance.now();
    try {
      const navigation = await cdp.send<{ errorText?: string }>('Page.navigate', { url }, sessionId);
      if (navigation.errorText) throw new Error(`navigation failed: ${navigation.errorText}`);
      await load.promise;
    } catch (error) {
      load.cancel();
      await this.closeTab({ targetId, sessionId, loadMs: 0, blocked });
      if (error instanceof CdpError && error.message.startsWith('no Page.loadEventFired'))
        throw new Error(`the page did not load in ${options.timeoutMs / 1000} s`);
      throw error;
    }
    return { targetId, sessionId, loadMs: performance.now() - started, blocked };
  }

  private async onRequest(
    sessionId: string,
    mainFrame: string,
    expected: string,
    blocked: string[],
    params: Record<string, unknown>,
  ): Promise<void> {
    const requestId = params.requestId as string;
    const request = params.request as { url: string };
    const isMainDocument = params.resourceType === 'Document' && params.frameId === mainFrame;
    if (isMainDocument && request.url !== expected) {
      blocked.push(request.url);
      await this.cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' }, sessionId);
      return;
    }
    const url = new URL(request.url);
    if (url.origin !== FIXTURE_ORIGIN) {
      await this.cdp.send('Fetch.continueRequest', { requestId }, sessionId);
      return;
    }
    // The fixtures' URLs mean what they mean to the bench's server (bench/serve.ts).
    const file = fixtureFile(url);
    const body = file ? await readFile(file).catch(() => null) : null;
    await this.cdp.send(
      'Fetch.fulfillRequest',
      file && body
        ? {
            requestId,
            responseCode: 200,
            responseHeaders: [{ name: 'content-type', value: contentType(file) }],
            body: body.toString('base64'),
          }
        : { requestId, responseCode: 404, responseHeaders: [], body: '' },
      sessionId,
    );
  }

  /**
   * Waits, from an isolated world (page JavaScript may be off: timers and frames still run there), until web
   * fonts are done, the images that load now (eager, or lazy within the viewport) have loaded or failed, and two
   * more frames have been produced.
   */
  async settle(tab: Tab, timeoutMs: number): Promise<Settled> {
    const expression = `(async () => {
      const inView = (img) => { const r = img.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
      const waiting = [...document.images].filter((img) => !img.complete && (img.loading !== 'lazy' || inView(img)));
      let timedOut = false;
      await Promise.race([
        Promise.all([
          document.fonts.ready,
          ...waiting.map((img) => new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          })),
        ]),
        new Promise((done) => setTimeout(() => { timedOut = true; done(); }, ${timeoutMs})),
      ]);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return {
        images: document.images.length,
        pendingImages: waiting.filter((img) => !img.complete).length,
        fonts: document.fonts.status,
        timedOut,
      };
    })()`;
    const settled = await this.inIsolatedWorld<Settled>(tab, 'lectern-bench-settle', expression, 'settling');
    if (!settled) throw new Error('settling failed: no result');
    return settled;
  }

  /** Runs `expression` in an isolated world of the tab (the control's key listener, with page JS off). */
  async evaluateIsolated(tab: Tab, expression: string): Promise<void> {
    await this.inIsolatedWorld(tab, 'lectern-bench-control', expression, 'the isolated script');
  }

  /**
   * Evaluates `expression` in a new isolated world `worldName` of the tab's main frame, awaiting a promise it
   * returns; its value, or an error naming `what` if it threw.
   */
  private async inIsolatedWorld<T>(
    tab: Tab,
    worldName: string,
    expression: string,
    what: string,
  ): Promise<T | undefined> {
    const { cdp } = this;
    const tree = await cdp.send<{ frameTree: { frame: { id: string } } }>(
      'Page.getFrameTree',
      {},
      tab.sessionId,
    );
    const { executionContextId } = await cdp.send<{ executionContextId: number }>(
      'Page.createIsolatedWorld',
      { frameId: tree.frameTree.frame.id, worldName },
      tab.sessionId,
    );
    const result = await cdp.send<{
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>(
      'Runtime.evaluate',
      { expression, contextId: executionContextId, awaitPromise: true, returnByValue: true },
      tab.sessionId,
    );
    if (result.exceptionDetails) {
      const { text, exception } = result.exceptionDetails;
      throw new Error(`${what} failed: ${exception?.description?.split('\n')[0] ?? text}`);
    }
    return result.result.value;
  }

  /** chrome-extension://<id>/, the extension's scripts' address prefix. */
  extensionUrl(): string {
    if (!this.extensionId) throw new Error('no extension loaded');
    return `chrome-extension://${this.extensionId}/`;
  }

  /**
   * Starts a Chrome trace of the whole browser (every process and thread: the tab's renderer, the extension's
   * worker, the browser's main thread), for `stopTrace`. Tracing costs time of its own: a traced trial says where
   * the time goes, not how long it takes.
   */
  async startTrace(categories: readonly string[]): Promise<void> {
    await this.cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' },
    });
  }

  /** Ends the trace `startTrace` began and returns its events (Chrome's trace event format). */
  async stopTrace(): Promise<TraceEvent[]> {
    const complete = this.cdp.waitFor('Tracing.tracingComplete', { timeoutMs: 30_000 });
    await this.cdp.send('Tracing.end');
    const { stream } = (await complete.promise) as { stream: string };
    const parts: string[] = [];
    for (;;) {
      const chunk = await this.cdp.send<{ data: string; eof: boolean; base64Encoded?: boolean }>('IO.read', {
        handle: stream,
        size: 1 << 20,
      });
      parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
      if (chunk.eof) break;
    }
    await this.cdp.send('IO.close', { handle: stream });
    const parsed = JSON.parse(parts.join('')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  }

  async closeTab(tab: Tab): Promise<void> {
    this.fetchHandlers.delete(tab.sessionId);
    await this.cdp.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => undefined);
  }

  /**
   * What the extension put on the page, from a DOM snapshot that pierces shadow roots, closed ones included
   * (DOM.getDocument with pierce): the reader's root (class l-root) or the notice (class l-notice, or
   * an id l-notice*), in any shadow root but the browser's own (the overlay's host is a plain <div>). Only
   * inside shadow roots: a page's own markup with those names does not count. Taken after the timing, so its
   * cost is never measured.
   */
  async shown(tab: Tab): Promise<Shown> {
    const { root } = await this.cdp.send<{ root: DomNode }>(
      'DOM.getDocument',
      { depth: -1, pierce: true },
      tab.sessionId,
    );
    const attribute = (node: DomNode, name: string): string | null => {
      const list = node.attributes ?? [];
      for (let i = 0; i + 1 < list.length; i += 2) if (list[i] === name) return list[i + 1] ?? '';
      return null;
    };
    const inOverlay = (node: DomNode): Shown => {
      const classes = (attribute(node, 'class') ?? '').split(/\s+/);
      // The notice is a .l-root too (extension/reader/Notice.tsx): tell it by its own class first.
      if (classes.includes('l-notice') || attribute(node, 'id')?.startsWith('l-notice')) return 'notice';
      if (classes.includes('l-root')) return 'reader';
      for (const child of [...(node.children ?? []), ...(node.shadowRoots ?? [])]) {
        const shown = inOverlay(child);
        if (shown) return shown;
      }
      return null;
    };
    // The light DOM, down to the first shadow roots: inOverlay searches each whole, nested ones included.
    const walk = (node: DomNode): Shown => {
      for (const shadow of node.shadowRoots ?? []) {
        if (shadow.shadowRootType === 'user-agent') continue;
        const shown = inOverlay(shadow);
        if (shown) return shown;
      }
      for (const child of node.children ?? []) {
        const shown = walk(child);
        if (shown) return shown;
      }
      return null;
    };
    return walk(root);
  }

  /**
   * Why nothing opened, from the extension's side: the toolbar button's tooltip for the active tab (the
   * background explains there), that tab's URL as the worker sees it (hidden unless activeTab was granted) and
   * whether a script can be injected into it now. Read by attaching to the worker, so only after a failed trial.
   */
  async whyNothing(): Promise<string | null> {
    if (!this.workerRunning()) return 'the service worker is not running';
    return this.inWorker<string>(`(async () => {
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      if (!tab) return 'no active tab';
      const title = await chrome.action.getTitle({ tabId: tab.id });
      // Whether injecting works now tells a lasting refusal from a passing one.
      const now = await chrome.scripting
        .executeScript({ target: { tabId: tab.id, frameIds: [0] }, func: () => document.readyState })
        .then((r) => \`injecting now works (\${r[0]?.result})\`, (e) => \`injecting now fails: \${e.message}\`);
      return \`button: \${title}; active tab \${tab.url === undefined ? '(URL hidden: no activeTab grant)' : tab.url}; \${now}\`;
    })()`);
  }

  /**
   * Turns the instant reader on as a person does, with a click on its box in the options page (a click with a
   * user gesture, which the browser's access request needs; the extension must already hold the access, as
   * the bench can't answer the browser's prompt), then checks that its script is registered.
   */
  async turnOnInstant(): Promise<void> {
    const tab = await this.openTab(`${this.extensionUrl()}extension/options/index.html`, {
      javaScript: true,
      timeoutMs: 10_000,
    });
    try {
      const result = await this.cdp.send<{ result: { value?: boolean } }>(
        'Runtime.evaluate',
        {
          expression: `(async () => {
            const end = Date.now() + 5000;
            const box = () => [...document.querySelectorAll('label')]
              .find((label) => label.textContent.includes('Read pages ahead'))?.querySelector('input');
            while (!box() || box().disabled) {
              if (Date.now() > end) return false;
              await new Promise((done) => setTimeout(done, 20));
            }
            if (!box().checked) box().click();
            return box().checked;
          })()`,
          awaitPromise: true,
          returnByValue: true,
          userGesture: true,
        },
        tab.sessionId,
      );
      if (result.result.value !== true) throw new Error('the instant reader did not turn on');
      // The box shows the click at once; the page registers the script once the browser has answered for the
      // access, and must stay open until then.
      const end = Date.now() + 5000;
      for (;;) {
        const ids = await this.inWorker<string[]>(
          '(async () => (await chrome.scripting.getRegisteredContentScripts()).map((script) => script.id))()',
        );
        if (ids?.includes('instant')) return;
        if (Date.now() > end) throw new Error(`the instant reader's script is not registered (${ids})`);
        await sleep(50);
      }
    } finally {
      await this.closeTab(tab);
    }
  }

  /**
   * Waits until the instant reader has marked the active tab as holding an article (its badge), for at most
   * `timeoutMs`: false when it did not (a page without one, or not read yet).
   */
  async readAhead(timeoutMs: number): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const badge = await this.inWorker<string>(`(async () => {
        const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
        return tab ? chrome.action.getBadgeText({ tabId: tab.id }) : '';
      })()`).catch(() => null);
      if (badge === '•') return true;
      if (Date.now() > end) return false;
      await sleep(50);
    }
  }

  /** Evaluates `expression` in the extension's service worker, awaiting its promise; null without a worker. */
  private async inWorker<T>(expression: string): Promise<T | null> {
    const worker = [...this.workers.keys()][0];
    if (!worker) return null;
    const { cdp } = this;
    const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', {
      targetId: worker,
      flatten: true,
    });
    try {
      const result = await cdp.send<{ result: { value?: T } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      );
      return result.result.value ?? null;
    } finally {
      await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    }
  }

  /**
   * Stops the extension's service worker through the ServiceWorker domain (a page session sees the extension's
   * registration), then checks it really stopped: the version reports `stopped` and its target is gone. The
   * domain is switched off again before the press, so nothing DevTools-side watches the restart.
   */
  async stopWorker(timeoutMs = 5000): Promise<void> {
    const spare = this.spare;
    if (!spare || !this.extensionId) throw new Error('no extension loaded');
    const { cdp } = this;
    const scope = `chrome-extension://${this.extensionId}/`;
    const versions = new Map<string, string>();
    const off = cdp.on('ServiceWorker.workerVersionUpdated', (params, sessionId) => {
      if (sessionId !== spare.sessionId) return;
      for (const version of params.versions as Array<{
        versionId: string;
        scriptURL: string;
        runningStatus: string;
      }>) {
        if (version.scriptURL.startsWith(scope)) versions.set(version.versionId, version.runningStatus);
      }
    });
    try {
      await cdp.send('ServiceWorker.enable', {}, spare.sessionId);
      const end = Date.now() + timeoutMs;
      // The domain reports the versions it knows right after enable.
      while (versions.size === 0 && this.workerRunning() && Date.now() < end) await sleep(10);
      for (const [versionId, status] of versions) {
        if (status !== 'stopped') await cdp.send('ServiceWorker.stopWorker', { versionId }, spare.sessionId);
      }
      while (Date.now() < end) {
        const stopped = [...versions.values()].every((status) => status === 'stopped');
        if (stopped && !this.workerRunning()) return;
        await sleep(10);
      }
      throw new Error(
        `the service worker did not stop in ${timeoutMs} ms (${[...versions.values()].join(', ') || 'no version seen'}, target ${this.workerRunning() ? 'still there' : 'gone'})`,
      );
    } finally {
      off();
      await cdp.send('ServiceWorker.disable', {}, spare.sessionId).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
