/**
 * Chromium driven over its own DevTools pipe, without Playwright. Playwright auto-attaches to every target with
 * `waitForDebuggerOnStart` and enables Runtime and Network (and request interception, once a route is set) in
 * the extension's service worker: a cold worker then waits for a round trip to the Node process before its first
 * line runs, and every module it imports goes through the route handler. That is time no user pays, in exactly
 * the interval this bench measures. Here the browser is started with `--remote-debugging-pipe` and nothing is
 * attached that the bench does not ask for: the extension's worker runs as it would for a person, and the page
 * targets are attached only to load, inspect and close them.
 *
 * The pipe protocol: JSON messages separated by NUL bytes, written to fd 3 of the browser and read from its fd 4.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { message: string; data?: string };
  sessionId?: string;
}

type Handler = (params: Record<string, unknown>, sessionId: string | undefined) => void;

export class CdpError extends Error {}

export class Cdp {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; method: string }
  >();
  private readonly handlers = new Map<string, Set<Handler>>();
  private closedWith: Error | null = null;

  constructor(
    private readonly output: Writable,
    input: Readable,
  ) {
    let pending: Buffer[] = [];
    input.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
        pending.push(chunk.subarray(start, end));
        this.dispatch(Buffer.concat(pending).toString('utf8'));
        pending = [];
        start = end + 1;
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
    });
    input.on('close', () => this.fail(new CdpError('the browser closed its DevTools pipe')));
    // EPIPE once the browser is gone: reported through the pending calls, not as an uncaught error.
    output.on('error', (error) => this.fail(error));
  }

  private dispatch(text: string): void {
    const message = JSON.parse(text) as Message;
    if (message.id !== undefined) {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.error) call.reject(new CdpError(`${call.method}: ${message.error.message}`));
      else call.resolve(message.result);
      return;
    }
    if (message.method) {
      for (const handler of this.handlers.get(message.method) ?? []) {
        handler(message.params ?? {}, message.sessionId);
      }
    }
  }

  private fail(error: Error): void {
    this.closedWith ??= error;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  send<T = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const message: Message = { id, method, params, ...(sessionId ? { sessionId } : {}) };
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, method });
      this.output.write(`${JSON.stringify(message)}\0`);
    });
  }

  /** Calls `handler` for every `method` event (of any session); returns the function that stops it. */
  on(method: string, handler: Handler): () => void {
    let set = this.handlers.get(method);
    if (!set) {
      set = new Set();
      this.handlers.set(method, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** The next `method` event of `sessionId` (any session if undefined), or a timeout error. */
  waitFor(
    method: string,
    options: { sessionId?: string; timeoutMs: number },
  ): { promise: Promise<Record<string, unknown>>; cancel(): void } {
    let off = () => {};
    let timer: NodeJS.Timeout | undefined;
    const promise = new Promise<Record<string, unknown>>((resolve, reject) => {
      timer = setTimeout(() => {
        off();
        reject(new CdpError(`no ${method} within ${options.timeoutMs} ms`));
      }, options.timeoutMs);
      off = this.on(method, (params, sessionId) => {
        if (options.sessionId !== undefined && sessionId !== options.sessionId) return;
        off();
        clearTimeout(timer);
        resolve(params);
      });
    });
    return {
      promise,
      cancel() {
        off();
        clearTimeout(timer);
      },
    };
  }
}

export interface Browser {
  cdp: Cdp;
  /** The last lines the browser wrote to stderr, for an error message. */
  stderrTail(): string;
  close(): Promise<void>;
}

/**
 * Starts Chromium with a throw-away profile and the DevTools pipe, its first tab on about:blank. `args` are the
 * switches beyond the pipe and the profile.
 */
export async function launchBrowser(options: {
  executable: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'lectern-overlay-profile-'));
  const child = spawn(
    options.executable,
    ['--remote-debugging-pipe', `--user-data-dir=${profile}`, ...options.args, 'about:blank'],
    { env: options.env, stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  });
  const cdp = new Cdp(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const browser: Browser = {
    cdp,
    stderrTail: () => tail.trim().split('\n').slice(-5).join('\n'),
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        await cdp.send('Browser.close').catch(() => undefined);
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(profile, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([
      cdp.send('Browser.getVersion'),
      exited.then(() => {
        throw new Error(`Chromium exited at start:\n${browser.stderrTail()}`);
      }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('Chromium did not answer in 30 s')), 30_000),
      ),
    ]);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}
