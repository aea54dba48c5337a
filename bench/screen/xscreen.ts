/**
 * The Node side of xscreen.py: one python3 process per display, asked one thing at a time over JSON lines. The
 * key press and the screen reads that time it happen inside that process (one clock); Node only says when.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./xscreen.py', import.meta.url));

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface XWindow extends Rect {
  id: number;
}

export interface Armed {
  /** The sampled rows stayed the same for the asked time before the press. */
  stable: boolean;
  /** Share of sample points that changed in the last change seen while waiting (an animated page). */
  noise: number;
  points: number;
}

export interface TrialOptions {
  /** X keysym names, modifiers first; the last one is the timed key. */
  keys: string[];
  /** Share of sample points that must differ from the "before" state. */
  threshold: number;
  timeoutMs: number;
  /** The last key is released at t1 or after this long, whichever comes first. */
  holdMs: number;
  /** Modifiers down this long before the last key, as fingers land. */
  leadMs: number;
  /** Keep watching this long after t1 (to see the overlay complete). */
  afterMs: number;
  /** Backstop poll when no DAMAGE event comes. */
  pollMs: number;
}

export interface Watched {
  /** Key-down sent → first check that saw the threshold crossed; null if never within the timeout. */
  t1Ms: number | null;
  /** How late that check can be after the frame landed. */
  resolutionMs: number | null;
  /** [ms after t0, share of sample points changed] each time the share changed. */
  series: Array<[number, number]>;
  /** ms after t0 of each DAMAGE wake: frames landing on the window. */
  frames: number[];
  finalShare: number;
  /** CLOCK_MONOTONIC of the key-down, in ms: the same clock as Node's process.hrtime. */
  t0Mono: number;
}

interface Answer {
  ok: boolean;
  error?: string;
  xErrors?: number;
  [key: string]: unknown;
}

export class XScreen {
  private readonly child: ChildProcess;
  private readonly answers: Array<(answer: Answer) => void> = [];
  private queue: Promise<unknown> = Promise.resolve();
  private exited: string | null = null;
  width = 0;
  height = 0;
  damage = false;

  private constructor(display: string, python: string) {
    this.child = spawn(python, [SCRIPT], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, DISPLAY: display },
    });
    let stderr = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    createInterface({ input: this.child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      this.answers.shift()?.(JSON.parse(line) as Answer);
    });
    this.child.once('exit', (code) => {
      this.exited = `xscreen.py exited (${code}): ${stderr.trim().split('\n').slice(-3).join(' ')}`;
      for (const answer of this.answers.splice(0)) answer({ ok: false, error: this.exited });
    });
  }

  static async open(display: string, python = process.env.PYTHON ?? 'python3'): Promise<XScreen> {
    const screen = new XScreen(display, python);
    const opened = await screen.call<{ width: number; height: number; damage: boolean }>({
      cmd: 'open',
      display,
    });
    screen.width = opened.width;
    screen.height = opened.height;
    screen.damage = opened.damage;
    return screen;
  }

  /** One request at a time: the helper answers in order, and a trial must not share the X connection. */
  call<T>(request: Record<string, unknown>): Promise<T> {
    const run = async (): Promise<T> => {
      if (this.exited) throw new Error(this.exited);
      const answer = await new Promise<Answer>((resolve) => {
        this.answers.push(resolve);
        this.child.stdin?.write(`${JSON.stringify(request)}\n`);
      });
      if (!answer.ok) throw new Error(`xscreen ${String(request.cmd)}: ${answer.error}`);
      // The helper survives X protocol errors (a window gone between listing and reading it) and counts them.
      if (answer.xErrors) {
        process.stderr.write(
          `\nxscreen ${String(request.cmd)}: ${answer.xErrors} X protocol error(s) ignored\n`,
        );
      }
      return answer as unknown as T;
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  async windows(klass: string): Promise<XWindow[]> {
    return (await this.call<{ windows: XWindow[] }>({ cmd: 'windows', class: klass })).windows;
  }

  async focus(window: number): Promise<void> {
    await this.call({ cmd: 'focus', window });
  }

  async pointer(x: number, y: number): Promise<void> {
    await this.call({ cmd: 'pointer', x, y });
  }

  /** The screen rectangle filled with `rgb` (a calibration page), or null. */
  async locate(rgb: [number, number, number]): Promise<Rect | null> {
    return (await this.call<{ rect: Rect | null }>({ cmd: 'locate', rgb })).rect;
  }

  /** Sets the sampled region and waits for it to hold still; its last state is the "before" of the next trial. */
  arm(
    rect: Rect,
    options: { rows: number; window: number; stableMs: number; maxMs: number },
  ): Promise<Armed> {
    return this.call<Armed>({ cmd: 'arm', rect, ...options });
  }

  trial(options: TrialOptions): Promise<Watched> {
    return this.call<Watched>({ cmd: 'trial', ...options });
  }

  /** A plain key press, nothing watched (closing the reader). */
  async press(keys: string[], leadMs = 30): Promise<void> {
    await this.call({ cmd: 'press', keys, leadMs });
  }

  async close(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin?.end(`${JSON.stringify({ cmd: 'quit' })}\n`);
    const timer = setTimeout(() => this.child.kill(), 2000);
    await exited;
    clearTimeout(timer);
  }
}
