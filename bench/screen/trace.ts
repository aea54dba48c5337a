/**
 * Where the time of one key press went, from a Chrome trace of the whole browser (Session.startTrace): the work
 * on the threads that stand between the key and the frame, from the key-down (t0) to the frame on the screen
 * (t1). Trace timestamps are CLOCK_MONOTONIC microseconds, the clock xscreen.py takes t0 by, so no
 * calibration is needed.
 *
 * The threads: the browser's main thread (the command, the injection's IPC), the extension's service worker,
 * and the main thread of the tab's renderer, which runs the content script, then style, layout and paint. Each
 * is summed by what its tasks did, each slice counted once, under its innermost known kind.
 */

/** One event of Chrome's trace event format (the fields read here). */
export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** What a slice of a thread's time was spent on. */
export type Work = 'compile' | 'script' | 'style' | 'layout' | 'paint' | 'other';

/** Milliseconds of each kind of work on one thread between t0 and t1, and how much of that span it was busy. */
export interface ThreadTime {
  busy: number;
  work: Record<Work, number>;
}

export interface Breakdown {
  /** t1 − t0. */
  spanMs: number;
  browser: ThreadTime | null;
  worker: ThreadTime | null;
  renderer: ThreadTime | null;
  /** The content script's first run on the renderer, ms after t0 (its compile and run), if seen. */
  scriptStartMs: number | null;
}

/** The trace categories the breakdown reads. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
] as const;

/** V8's sampling profiler, added with `--trace-samples`: the trace then holds a CPU profile per thread. */
export const TRACE_SAMPLES = 'disabled-by-default-v8.cpu_profiler';

/** The innermost event names that say what a slice was: the rest of a task is "other". */
const KINDS: Readonly<Record<string, Work>> = {
  'v8.compile': 'compile',
  'V8.CompileCode': 'compile',
  'v8.compileModule': 'compile',
  'V8.ScriptCompiler': 'compile',
  EvaluateScript: 'script',
  FunctionCall: 'script',
  'v8.run': 'script',
  'v8.callFunction': 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  EventDispatch: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  UpdateLayer: 'paint',
  PaintImage: 'paint',
};
const TOP_LEVEL = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

interface Slice {
  name: string;
  start: number;
  end: number;
}

/** Complete slices ('X', or 'B' and 'E' paired) per thread key `pid:tid`. */
function slicesByThread(events: readonly TraceEvent[]): Map<string, Slice[]> {
  const out = new Map<string, Slice[]>();
  const open = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    const list = out.get(key) ?? [];
    out.set(key, list);
    if (e.ph === 'X' && e.dur !== undefined) list.push({ name: e.name, start: e.ts, end: e.ts + e.dur });
    else if (e.ph === 'B') {
      const stack = open.get(key) ?? [];
      stack.push(e);
      open.set(key, stack);
    } else if (e.ph === 'E') {
      const begin = open.get(key)?.pop();
      if (begin) list.push({ name: begin.name, start: begin.ts, end: e.ts });
    }
  }
  return out;
}

function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  return names;
}

/**
 * One thread's time from `from` to `to` (µs): each microsecond inside a top-level task counts once, as the
 * innermost kind that covers it. Slices are cut to the window.
 */
function timeOf(slices: readonly Slice[], from: number, to: number): ThreadTime {
  const work: Record<Work, number> = { compile: 0, script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const inside = slices
    .filter((s) => s.end > from && s.start < to && (TOP_LEVEL.has(s.name) || KINDS[s.name] !== undefined))
    .map((s) => ({ ...s, start: Math.max(s.start, from), end: Math.min(s.end, to) }));
  // Boundaries of every slice; between two boundaries the innermost (latest-starting, shortest) slice decides.
  const edges = [...new Set(inside.flatMap((s) => [s.start, s.end]))].sort((a, b) => a - b);
  let busy = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i] as number;
    const b = edges[i + 1] as number;
    let innermost: Slice | null = null;
    for (const s of inside) {
      if (s.start > a || s.end < b) continue;
      if (innermost === null || s.end - s.start < innermost.end - innermost.start) innermost = s;
    }
    if (innermost === null) continue;
    busy += b - a;
    work[KINDS[innermost.name] ?? 'other'] += b - a;
  }
  const ms = (us: number) => Number((us / 1000).toFixed(2));
  return {
    busy: ms(busy),
    work: Object.fromEntries(Object.entries(work).map(([k, v]) => [k, ms(v)])) as Record<Work, number>,
  };
}

/**
 * The breakdown of one traced trial; `t0` and `t1` in CLOCK_MONOTONIC ms. The renderer is the one whose main
 * thread ran a script of the extension (`extensionUrl`, chrome-extension://<id>/) after t0; the worker is the
 * thread that ran the extension's worker script.
 */
export function breakdown(
  events: readonly TraceEvent[],
  t0: number,
  t1: number,
  extensionUrl: string,
): Breakdown {
  const from = t0 * 1000;
  const to = t1 * 1000;
  const names = threadNames(events);
  const slices = slicesByThread(events);
  const ours = (e: TraceEvent) => (e.args?.data?.url ?? '').startsWith(extensionUrl);
  const ranOurs = events.filter((e) => e.ts >= from && e.ts <= to && ours(e) && KINDS[e.name] !== undefined);
  const threadOf = (wanted: (name: string) => boolean): string | null =>
    ranOurs.map((e) => `${e.pid}:${e.tid}`).find((key) => wanted(names.get(key) ?? '')) ?? null;
  const rendererKey = threadOf((name) => name === 'CrRendererMain');
  const workerKey = threadOf((name) => /service ?worker/i.test(name));
  const browserKey = [...names].find(([, name]) => name === 'CrBrowserMain')?.[0] ?? null;
  const of = (key: string | null) => (key === null ? null : timeOf(slices.get(key) ?? [], from, to));
  const first = ranOurs.find((e) => `${e.pid}:${e.tid}` === rendererKey);
  return {
    spanMs: Number((t1 - t0).toFixed(2)),
    browser: of(browserKey),
    worker: of(workerKey),
    renderer: of(rendererKey),
    scriptStartMs: first === undefined ? null : Number(((first.ts - from) / 1000).toFixed(2)),
  };
}

/** The median of each figure over the breakdowns, as a Markdown table (warm, cold and instant apart). */
export function breakdownTable(rows: ReadonlyArray<{ kind: string; trace: Breakdown }>): string {
  const median = (values: number[]): number | null => {
    if (values.length === 0) return null;
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  const cell = (values: number[]) => {
    const m = median(values);
    return m === null ? '–' : m.toFixed(1);
  };
  const works: Work[] = ['compile', 'script', 'style', 'layout', 'paint', 'other'];
  const lines = [
    'Where the time went (traced trials, medians in ms from the key-down to the frame; tracing slows the trials):',
    '',
    `| kind | n | span | browser busy | worker busy | renderer busy | script starts | ${works.map((w) => `renderer ${w}`).join(' | ')} |`,
    `|---|---:|---:|---:|---:|---:|---:|${works.map(() => '---:|').join('')}`,
  ];
  for (const kind of ['warm', 'cold', 'instant']) {
    const of = rows.filter((row) => row.kind === kind).map((row) => row.trace);
    if (of.length === 0) continue;
    const pick = (f: (b: Breakdown) => number | null | undefined) =>
      of.flatMap((b) => {
        const v = f(b);
        return v === null || v === undefined ? [] : [v];
      });
    lines.push(
      `| ${kind} | ${of.length} | ${cell(pick((b) => b.spanMs))} | ${cell(pick((b) => b.browser?.busy))} | ` +
        `${cell(pick((b) => b.worker?.busy))} | ${cell(pick((b) => b.renderer?.busy))} | ` +
        `${cell(pick((b) => b.scriptStartMs))} | ${works.map((w) => cell(pick((b) => b.renderer?.work[w]))).join(' | ')} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
