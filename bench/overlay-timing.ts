/**
 * Key press → reader overlay on screen, as a person feels it: the time from the reader's shortcut (Alt+Shift+K,
 * a `commands` accelerator the browser handles itself) to the first frame on the screen that shows the overlay,
 * with the SHIPPED build (dist/, no host permission: the real key press grants activeTab). Nothing in the
 * extension is marked or read while it works: both ends are taken from outside, at the X server.
 *
 * How (bench/screen/):
 * - Xvfb and headed Debian Chromium, driven over its DevTools pipe rather than by Playwright, which would attach
 *   to the extension's service worker and hold its start on a round trip to Node (cdp.ts says more).
 * - Each trial opens the page in a fresh foreground tab (page JavaScript off, as the bench runs pages; the
 *   content script still runs), waits for fonts, images and two frames, then for the viewport's pixels to hold
 *   still for 100 ms: that is the "before" state.
 * - One python3 process (xscreen.py, ctypes over Xlib) presses the keys through XTest and reads the screen: t0
 *   right after the key-down of K is flushed to the X server, t1 at the first look at the viewport in which at
 *   least half of 20,480 sample points (16 full-width rows) differ from "before". It sleeps on DAMAGE events in
 *   between (a frame landing wakes it), so it looks when a frame lands and otherwise leaves both CPU cores to
 *   Chromium. The overlay changes nearly every point (the reader's background is #fbfaf7, the notice darkens the
 *   page by a quarter; only the page's scrollbar stays): half is far above what an animated page changes, and a
 *   frame Chromium puts on the screen in several pieces counts once half of it is there. An overlay that changes
 *   fewer (a notice's backdrop over a dark page) is timed at the first look with half its largest change, and
 *   only when the viewport held still before the press.
 * - What was shown comes afterwards from a DOM snapshot that pierces shadow roots, closed ones too (CDP
 *   DOM.getDocument with pierce), never from the page's view of the overlay. An overlay in the DOM that never
 *   reaches the screen is a failure (a page hiding <html> until its scripts run hid the reader in it); when
 *   nothing opened, the worker says why (the button's tooltip, and whether injecting works a moment later).
 * - warm: the service worker is running (the previous trial's closing press ran in it). cold: it is stopped
 *   first through the ServiceWorker domain, checked gone, and seen to start again after the press.
 * - The floor: the same press in a second Chromium without the extension (with it, Alt+Shift+K never reaches a
 *   page), on a small page whose own keydown listener covers the viewport with one colour, as the overlay does:
 *   the input and frame pipeline alone. Its trials are spread through the run, so the floor and the overlay see
 *   the same load on the machine. "Our share" (the tables' warm − floor, cold − floor) is a difference of two
 *   medians: a row's p50 over its corpus pages minus the floor's p50 over its one light page. No trial is paired
 *   with a floor trial, so it is not a per-page difference, and heavy pages are set against a light one.
 *
 * What the figures leave out, against a person at a real screen: the keyboard's scan and USB polling (the X
 * server gets the key at t0), and the panel's scan-out and response (Xvfb's frame buffer holding the pixels is
 * "on screen" here). Those add about 15 ms on 60 Hz hardware, which is why the floor here is ~15 ms where the
 * team measured ~31 ms by hand. Chromium composites and rasterises in software (--disable-gpu), with a 60 Hz
 * synthetic frame clock. On a shared machine the load moves every figure: each trial records the load average.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  type Dirent,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fixtureUrl, ROOT, VIEWPORT } from '../e2e/support/paths.ts';
import type { Corpus } from './corpora.ts';
import { percentile } from './metric.ts';
import { type Display, startDisplay } from './screen/display.ts';
import { goldWords, LONG_WORDS, sampleCorpus, type TimedCorpus } from './screen/pages.ts';
import { Session, type Settled, sleep, type Tab } from './screen/session.ts';
import { type Breakdown, breakdown, TRACE_CATEGORIES, TRACE_SAMPLES } from './screen/trace.ts';
import { type Watched, XScreen } from './screen/xscreen.ts';
import { type PageServer, startServer } from './serve.ts';

/**
 * warm/cold: Lectern's shortcut; instant: the shortcut with the instant reader on (the page read ahead at idle,
 * the worker running); floor: the control page's own listener; control: that listener on the page.
 */
export type TrialKind = 'warm' | 'cold' | 'instant' | 'floor' | 'control';

type LecternKind = 'warm' | 'cold' | 'instant';
const isLectern = (kind: TrialKind): kind is LecternKind =>
  kind === 'warm' || kind === 'cold' || kind === 'instant';

export interface OverlayOptions {
  /** The corpora, loaded (bench/corpora.ts): the bench's run passes the ones it scores. */
  corpora: Corpus[];
  /** Every k-th page of each corpus (corpora under 40 pages are measured whole); 1 measures all. Default 8. */
  every?: number;
  /** The first n sampled pages of each corpus (quick runs). */
  limit?: number;
  /**
   * Only these pages (id, served slug, or corpus/id as the trials name them), sampled or not: to look at one
   * page again. `every` and `limit` do not apply then.
   */
  only?: string[];
  /** Trials per page and kind. Default 1. */
  trials?: number;
  /** Which Lectern trials to run per page. Default all three. */
  kinds?: LecternKind[];
  /** Floor trials on the control page, spread through the run. Default 40. */
  floorTrials?: number;
  /** Also time the page-handled key press on every sampled page (the control listener in an isolated world). */
  controlPages?: boolean;
  /** The unpacked extension. Default dist/ (copied for the run, so a rebuild meanwhile can't change it). */
  dist?: string;
  onProgress?: (text: string) => void;
  /**
   * A folder: each Lectern trial is traced (Chrome's trace of every process, screen/trace.ts) and its trace
   * written there, for chrome://tracing or Perfetto; each trial gets its breakdown. Tracing slows the trials.
   */
  trace?: string;
  /** With `trace`: V8's sampling profiler too, for a CPU profile of each thread in the trace files. */
  traceSamples?: boolean;
  /** Every trial as it ends (the CLI streams them to JSONL). */
  onTrial?: (trial: OverlayTrial) => void;
}

export interface OverlayTrial {
  kind: TrialKind;
  corpus: string;
  id: string;
  /** `corpus/id`: one name per page across corpora (not the corpus's own slug; --page takes it). */
  slug: string;
  pageType: string | null;
  /** The words of the page's gold text (null: the corpus has snippets, or the floor's page). */
  words: number | null;
  url: string;
  /** 0-based repeat of this page and kind. */
  repeat: number;
  /** Key-down of K → first look at the screen with the overlay (or the control's colour). */
  paintMs: number | null;
  /**
   * Key-down → the last change of the viewport within 150 ms after paintMs: the overlay complete. Null for a
   * low-contrast trial, whose watch ran to its 10 s timeout and whose last change says nothing of the overlay.
   */
  completeMs: number | null;
  /** How late the look can be after the pixels landed (DAMAGE stamp, or the previous look for a poll). */
  resolutionMs: number | null;
  /**
   * paintMs came from the fallback: the overlay changed fewer than half the sample points, and the viewport
   * held still before the press (else the trial is not timed).
   */
  lowContrast: boolean;
  /** What opened: from the DOM snapshot for Lectern, from the screen for the control page. */
  shown: 'reader' | 'notice' | 'control' | null;
  /** Share of sample points differing from "before" at the end of the watch. */
  share: number | null;
  /** [ms after t0, share of sample points changed] each time the share changed, as the helper saw it. */
  series: Array<[number, number]>;
  /** Frames (DAMAGE wakes) that landed between t0 and paintMs without the overlay. */
  framesBefore: number | null;
  /** The extension's worker: running at the press, and when its target appeared after t0 (cold trials). */
  workerRunning: boolean | null;
  workerStartMs: number | null;
  loadMs: number | null;
  /** Main-frame navigations the tab refused (a <noscript> meta refresh, with page JavaScript off). */
  blockedNavigations: string[];
  /** The wait before the press: images, those still loading, the fonts' status, and whether it gave up. */
  settled: Settled | null;
  /** The viewport held still before the press (else `noise` of it kept changing). */
  stable: boolean | null;
  noise: number | null;
  /** One-minute load average of the machine when the trial started. */
  load: number;
  /** With `trace`: where the time from the key to the frame went (screen/trace.ts); the trial itself ran slower. */
  trace?: Breakdown | null;
  error: string | null;
}

export interface Stats {
  n: number;
  failed: number;
  p50: number | null;
  /** Null under P95_MIN_N times: with fewer, the 95th percentile is the largest time or next to it. */
  p95: number | null;
  reader: number;
  notice: number;
}

export interface OverlayRow {
  corpus: string;
  /** A modern-dev page type, or null for the corpus as a whole. */
  pageType: string | null;
  /** Distinct pages in the row. */
  pages: number;
  warm: Stats;
  cold: Stats;
  instant: Stats;
  control: Stats | null;
}

export interface OverlayCorpusInfo {
  name: string;
  total: number;
  measured: number;
  every: number;
  /** Long pages measured beside the sample. */
  longAdded: number;
  skipped: string[];
}

export interface OverlayTiming {
  trials: OverlayTrial[];
  floor: Stats;
  /** Per corpus (then per page type where there are types), and 'all' last. */
  rows: OverlayRow[];
  corpora: OverlayCorpusInfo[];
  failures: Array<{ kind: TrialKind; slug: string; error: string }>;
  info: {
    chromium: string;
    /** The extension folder and a hash of its files, so two runs can be told apart or matched. */
    dist: string;
    viewport: { width: number; height: number };
    damage: boolean;
    threshold: number;
    points: number;
    runtimeSeconds: number;
    loadStart: number;
    loadEnd: number;
    /** CPUs Node may use (os.availableParallelism()): what the load average is out of. */
    cores: number;
    /** p95 of resolutionMs over the trials that got a time, the floor's left out (as in the rows). */
    resolutionP95: number | null;
  };
}

const KEYS = ['Alt_L', 'Shift_L', 'k'];
/** The screen: the window (viewport plus Chromium's ~87 px of tabs and toolbar) and room below for the pointer. */
const SCREEN = { width: VIEWPORT.width, height: VIEWPORT.height + 124 };
const THRESHOLD = 0.5;
const ROWS = 16;
/** Fewer times than this print no p95. */
const P95_MIN_N = 20;
const LOAD_TIMEOUT_MS = 20_000;
/** How long an instant trial waits for the page to be read ahead (the reader's own wait is 3 s at most). */
const READ_AHEAD_WAIT_MS = 3500;
const SETTLE_TIMEOUT_MS = 3000;
const WATCH = {
  keys: KEYS,
  threshold: THRESHOLD,
  timeoutMs: 10_000,
  // A person's key press lasts ~100 ms; the key goes up at t1 if that is sooner.
  holdMs: 100,
  // Alt and Shift land before K, as fingers do.
  leadMs: 50,
  afterMs: 150,
  pollMs: 20,
};
const PAINT_ID = 'lectern-bench-paint';

/**
 * The control's key handler: on Alt+Shift+K, one opaque element over the whole viewport, appended to <html> as
 * the overlay's host is. Capture phase on window, so nothing of a page can stop it.
 */
const CONTROL_LISTENER = `addEventListener('keydown', (event) => {
  if (event.code !== 'KeyK' || !event.altKey || !event.shiftKey || document.getElementById('${PAINT_ID}')) return;
  const paint = document.createElement('div');
  paint.id = '${PAINT_ID}';
  paint.style.cssText = 'all: initial; position: fixed; inset: 0; z-index: 2147483647; background: #1f5fa8';
  document.documentElement.append(paint);
}, true);`;

/** A light page of text, like the pages before the reader opens, with the listener as its own script. */
const CONTROL_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Key press control</title>
<style>body { font: 18px/1.55 Georgia, serif; max-width: 40em; margin: 2em auto; color: #222; background: #fff; }</style>
</head><body><h1>A page that handles a key press itself</h1>
${'<p>The keydown listener of this page covers the viewport with one colour when Alt+Shift+K is pressed. The time from the key press to that colour on the screen is the input and frame pipeline alone: what any key press a page handles costs before anyone can see its answer.</p>\n'.repeat(8)}
<script>${CONTROL_LISTENER}</script></body></html>`;

interface Job {
  kind: TrialKind;
  corpus: string;
  id: string;
  pageType: string | null;
  words: number | null;
  url: string;
  repeat: number;
}

interface Context {
  screen: XScreen;
  lectern: Session | null;
  /** The browser with the instant reader on. */
  instant: Session | null;
  control: Session;
  points: number;
  /** Where traces go (OverlayOptions.trace), or null, and what they record. */
  trace: string | null;
  traceCategories: readonly string[];
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error';
}

export function stats(trials: readonly OverlayTrial[]): Stats {
  const times = trials.flatMap((t) => (t.paintMs === null ? [] : [t.paintMs]));
  return {
    n: times.length,
    failed: trials.length - times.length,
    p50: percentile(times, 0.5),
    p95: times.length >= P95_MIN_N ? percentile(times, 0.95) : null,
    reader: trials.filter((t) => t.paintMs !== null && t.shown === 'reader').length,
    notice: trials.filter((t) => t.paintMs !== null && t.shown === 'notice').length,
  };
}

/**
 * paintMs from the watch: the helper's t1, or, when the overlay stayed under the threshold (a notice's
 * translucent backdrop over a black page), the first look at which half of the largest change was there. That
 * fallback needs a viewport that held still before the press (`stable`): on a page still moving, half of a
 * small change can be the page's own. `untimed` says why a change was seen but not timed.
 */
function paintTime(
  watched: Watched,
  stable: boolean,
): { paintMs: number | null; lowContrast: boolean; untimed: string | null } {
  if (watched.t1Ms !== null) return { paintMs: watched.t1Ms, lowContrast: false, untimed: null };
  const peak = Math.max(0, ...watched.series.map(([, share]) => share));
  if (peak < 0.05) return { paintMs: null, lowContrast: false, untimed: null };
  if (!stable) {
    return {
      paintMs: null,
      lowContrast: false,
      untimed: `under half the sample points changed (at most ${peak}) on a viewport that was still changing before the press: not timed`,
    };
  }
  const first = watched.series.find(([, share]) => share >= peak / 2);
  return { paintMs: first ? first[0] : null, lowContrast: true, untimed: null };
}

async function runTrial(context: Context, job: Job): Promise<OverlayTrial> {
  const lectern = isLectern(job.kind);
  const session = job.kind === 'instant' ? context.instant : lectern ? context.lectern : context.control;
  const trial: OverlayTrial = {
    kind: job.kind,
    corpus: job.corpus,
    id: job.id,
    slug: `${job.corpus}/${job.id}`,
    pageType: job.pageType,
    words: job.words,
    url: job.url,
    repeat: job.repeat,
    paintMs: null,
    completeMs: null,
    resolutionMs: null,
    lowContrast: false,
    shown: null,
    share: null,
    series: [],
    framesBefore: null,
    workerRunning: null,
    workerStartMs: null,
    loadMs: null,
    blockedNavigations: [],
    settled: null,
    stable: null,
    noise: null,
    load: Number(loadavg()[0]?.toFixed(2) ?? 0),
    error: null,
  };
  if (!session) throw new Error('no browser for this trial');
  const { screen } = context;
  let tab: Tab | null = null;
  try {
    // Raise and focus this browser's window (the other one sits behind it), before the tab opens.
    await screen.focus(session.window.id);
    tab = await session.openTab(job.url, { javaScript: job.kind === 'floor', timeoutMs: LOAD_TIMEOUT_MS });
    trial.loadMs = Math.round(tab.loadMs);
    trial.settled = await session.settle(tab, SETTLE_TIMEOUT_MS);
    if (job.kind === 'control') await session.evaluateIsolated(tab, CONTROL_LISTENER);
    // Read ahead at idle: its badge on a page with an article (none on the others, which are read all the same).
    if (job.kind === 'instant') await session.readAhead(READ_AHEAD_WAIT_MS);
    if (job.kind === 'cold') await session.stopWorker();
    const tracing = lectern && context.trace !== null;
    if (tracing) await session.startTrace(context.traceCategories);
    // Again: an action popup left by an earlier trial takes the focus.
    await screen.focus(session.window.id);
    const armed = await screen.arm(session.viewport, {
      rows: ROWS,
      window: session.window.id,
      stableMs: 100,
      maxMs: 2000,
    });
    trial.stable = armed.stable;
    trial.noise = Number(armed.noise.toFixed(4));
    context.points = armed.points;
    if (lectern) {
      trial.workerRunning = session.workerRunning();
      if (job.kind === 'warm' && !trial.workerRunning) throw new Error('the service worker was not running');
      if (job.kind === 'cold' && trial.workerRunning) throw new Error('the service worker was running');
    }
    const watched = await screen.trial(WATCH);
    const { paintMs, lowContrast, untimed } = paintTime(watched, armed.stable);
    trial.resolutionMs = watched.resolutionMs;
    trial.share = Number(watched.finalShare.toFixed(4));
    trial.series = watched.series;
    trial.lowContrast = lowContrast;
    if (paintMs !== null) {
      trial.framesBefore = watched.frames.filter((t) => t < paintMs).length;
      const last = watched.series.at(-1);
      if (!lowContrast) trial.completeMs = last ? Math.max(paintMs, last[0]) : paintMs;
    }
    let shown: OverlayTrial['shown'] = null;
    if (tracing && context.trace !== null) {
      const events = await session.stopTrace();
      const file = path.join(context.trace, `${job.kind}-${job.corpus}-${job.id}-${job.repeat}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      trial.trace =
        paintMs === null
          ? null
          : breakdown(events, watched.t0Mono, watched.t0Mono + paintMs, session.extensionUrl());
    }
    if (lectern) {
      shown = await session.shown(tab);
      const start = session.workerStarts.find((at) => at > watched.t0Mono);
      trial.workerStartMs = start === undefined ? null : Number((start - watched.t0Mono).toFixed(1));
    } else {
      shown = paintMs !== null ? 'control' : null;
    }
    trial.shown = shown;
    // Nothing of Lectern's in the DOM: the worker's side of it, once.
    const why = lectern && !shown ? await session.whyNothing().catch(() => null) : null;
    const because = why ? ` (${why})` : '';
    if (shown && paintMs !== null) {
      trial.paintMs = paintMs;
      if (job.kind === 'cold' && trial.workerStartMs === null) {
        trial.paintMs = null;
        trial.error = 'the service worker was not seen to start again after the press';
      }
    } else if (untimed) {
      const dom = shown ? `${shown} in the DOM` : `no overlay in the DOM${because}`;
      trial.error = lectern ? `${untimed}; ${dom}` : untimed;
    } else if (shown) {
      trial.error = `${shown} in the DOM but not on the screen (share ${trial.share})`;
    } else if (paintMs !== null) {
      trial.error = `the screen changed (share ${trial.share}) but no overlay is in the DOM${because}`;
    } else {
      trial.error = `nothing opened in ${WATCH.timeoutMs / 1000} s${because}`;
    }
    if (lectern && shown) {
      // Close the reader as a person would: the shortcut again (which also keeps the worker warm).
      await screen.press(KEYS, WATCH.leadMs);
      await sleep(150);
    }
  } catch (error) {
    trial.paintMs = null;
    trial.error = message(error);
  } finally {
    if (tab) {
      trial.blockedNavigations = [...tab.blocked];
      await session.closeTab(tab);
    }
  }
  return trial;
}

/**
 * A copy of the extension that holds the access the instant reader asks for (the manifest's optional host
 * access, as host access): what a person gives at the browser's prompt, which the bench can't answer.
 */
function withAllSites(dist: string, scratch: string): string {
  const copy = path.join(scratch, 'extension-instant');
  cpSync(dist, copy, { recursive: true });
  const file = path.join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { optional_host_permissions?: string[] };
  writeFileSync(file, JSON.stringify({ ...manifest, host_permissions: manifest.optional_host_permissions }));
  return copy;
}

/** sha256 over the relative path and bytes of every file under `dir`, sorted: one name for one build. */
function fingerprint(dir: string): string {
  const hash = createHash('sha256');
  const files = (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  if (!files.some((file) => file.endsWith('manifest.json'))) {
    throw new Error(`${dir} has no manifest.json: run npm run build first`);
  }
  for (const file of files) hash.update(path.relative(dir, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Trials in run order: per page the kinds alternate which goes first; floor trial k goes before job
 * round(k × jobs / floors), so the floor is spread evenly over the run.
 */
function schedule(corpora: TimedCorpus[], urls: Map<string, string>, options: OverlayOptions): Job[] {
  const kinds = options.kinds ?? ['warm', 'cold', 'instant'];
  const repeats = options.trials ?? 1;
  const jobs: Job[] = [];
  let index = 0;
  for (const corpus of corpora) {
    for (const page of corpus.measured) {
      const url = urls.get(`${corpus.name}/${page.id}`) ?? '';
      for (let repeat = 0; repeat < repeats; repeat++) {
        const order = index++ % 2 === 0 ? kinds : [...kinds].reverse();
        const job = {
          corpus: corpus.name,
          id: page.id,
          pageType: page.pageType ?? null,
          words: goldWords(page),
          url,
          repeat,
        };
        for (const kind of order) jobs.push({ ...job, kind });
        if (options.controlPages) jobs.push({ ...job, kind: 'control' });
      }
    }
  }
  const floors = options.floorTrials ?? 40;
  const floorUrl = urls.get('control/keypress') ?? '';
  const out: Job[] = [];
  let placed = 0;
  const floor = (): Job => ({
    kind: 'floor',
    corpus: 'control',
    id: 'keypress',
    pageType: null,
    words: null,
    url: floorUrl,
    repeat: placed++,
  });
  for (const [i, job] of jobs.entries()) {
    while (placed < floors && Math.round((placed * jobs.length) / floors) <= i) out.push(floor());
    out.push(job);
  }
  // Those whose place is past the last job (more floor trials than jobs, or no jobs).
  while (placed < floors) out.push(floor());
  return out;
}

/** The row of the long pages, across corpora (the pages also count in their corpus's row). */
const LONG_ROW = 'long';

function rowsOf(trials: OverlayTrial[], corpora: TimedCorpus[], controlPages: boolean): OverlayRow[] {
  const row = (corpus: string, pageType: string | null, picked: OverlayTrial[]): OverlayRow => ({
    corpus,
    pageType,
    pages: new Set(picked.map((t) => t.slug)).size,
    warm: stats(picked.filter((t) => t.kind === 'warm')),
    cold: stats(picked.filter((t) => t.kind === 'cold')),
    instant: stats(picked.filter((t) => t.kind === 'instant')),
    control: controlPages ? stats(picked.filter((t) => t.kind === 'control')) : null,
  });
  const timed = trials.filter((t) => t.kind !== 'floor');
  const rows: OverlayRow[] = [];
  for (const corpus of corpora) {
    const mine = timed.filter((t) => t.corpus === corpus.name);
    rows.push(row(corpus.name, null, mine));
    const types = [...new Set(mine.flatMap((t) => (t.pageType ? [t.pageType] : [])))].sort();
    for (const type of types)
      rows.push(
        row(
          corpus.name,
          type,
          mine.filter((t) => t.pageType === type),
        ),
      );
  }
  const long = timed.filter((t) => (t.words ?? 0) >= LONG_WORDS);
  if (long.length > 0) rows.push(row(LONG_ROW, null, long));
  if (corpora.length > 1) rows.push(row('all', null, timed));
  return rows;
}

/** The pages to time: each corpus sampled and cut to `limit`, or only the pages `only` names. */
function pick(options: OverlayOptions): TimedCorpus[] {
  const only = options.only ? new Set(options.only) : null;
  const corpora = options.corpora.map((corpus): TimedCorpus => {
    if (only) {
      const named = corpus.pages.filter(
        (p) => only.has(p.id) || only.has(p.slug) || only.has(`${corpus.name}/${p.id}`),
      );
      return { ...corpus, measured: named, every: 1, longAdded: 0 };
    }
    const sampled = sampleCorpus(corpus, options.every ?? 8);
    return options.limit ? { ...sampled, measured: sampled.measured.slice(0, options.limit) } : sampled;
  });
  if (only && corpora.every((corpus) => corpus.measured.length === 0)) {
    throw new Error(`no page ${[...only].join(', ')} in ${corpora.map((c) => c.name).join(', ')}`);
  }
  return corpora;
}

export async function overlayTiming(options: OverlayOptions): Promise<OverlayTiming> {
  const started = Date.now();
  const loadStart = loadavg()[0] ?? 0;
  const corpora = pick(options);
  const source = path.resolve(options.dist ?? path.join(ROOT, 'dist'));
  const scratch = mkdtempSync(path.join(tmpdir(), 'lectern-overlay-'));
  let server: PageServer | null = null;
  let display: Display | null = null;
  let screen: XScreen | null = null;
  const sessions: Session[] = [];
  const trials: OverlayTrial[] = [];
  let build = '';
  let chromium = '';
  let viewport = { width: 0, height: 0 };
  let damage = false;
  let points = 0;
  try {
    // The extension is copied: Chromium reads the content script from disk on each injection, and a `vite
    // build` in the working tree meanwhile would swap it (or empty the folder) under a running bench.
    const dist = path.join(scratch, 'extension');
    cpSync(source, dist, { recursive: true });
    build = fingerprint(dist);

    server = await startServer();
    const urls = new Map<string, string>();
    const controlFile = path.join(scratch, 'control.html');
    writeFileSync(controlFile, CONTROL_PAGE);
    urls.set('control/keypress', server.add('control', 'keypress', controlFile));
    for (const corpus of corpora) {
      for (const page of corpus.measured) {
        urls.set(
          `${corpus.name}/${page.id}`,
          corpus.origin === 'fixtures'
            ? fixtureUrl(page.slug)
            : server.add(corpus.name, page.slug, page.file),
        );
      }
    }
    const jobs = schedule(corpora, urls, options);
    const needLectern = jobs.some((job) => job.kind === 'warm' || job.kind === 'cold');
    const needInstant = jobs.some((job) => job.kind === 'instant');

    display = await startDisplay(SCREEN.width, SCREEN.height);
    screen = await XScreen.open(display.name);
    damage = screen.damage;
    const control = await Session.start({ display, screen, extension: null, viewport: VIEWPORT });
    sessions.push(control);
    const lectern = needLectern
      ? await Session.start({ display, screen, extension: dist, viewport: VIEWPORT })
      : null;
    if (lectern) sessions.push(lectern);
    const instant = needInstant
      ? await Session.start({ display, screen, extension: withAllSites(dist, scratch), viewport: VIEWPORT })
      : null;
    if (instant) {
      sessions.push(instant);
      await instant.turnOnInstant();
    }
    chromium = control.version;
    viewport = { width: control.viewport.width, height: control.viewport.height };
    if (options.trace) mkdirSync(options.trace, { recursive: true });
    const context: Context = {
      screen,
      lectern,
      instant,
      control,
      points: 0,
      trace: options.trace ?? null,
      traceCategories: [...TRACE_CATEGORIES, ...(options.traceSamples ? [TRACE_SAMPLES] : [])],
    };

    // One trial in each browser first, not counted: the first tab of an origin starts a renderer and fills the
    // code caches, which a person's browser has long done.
    const first = jobs.find((job) => isLectern(job.kind));
    options.onProgress?.('overlay warm-up');
    if (first && lectern) await runTrial(context, { ...first, kind: 'warm' });
    if (first && instant) await runTrial(context, { ...first, kind: 'instant' });
    const floorJob = jobs.find((job) => job.kind === 'floor');
    if (floorJob) await runTrial(context, floorJob);

    for (const [index, job] of jobs.entries()) {
      options.onProgress?.(`overlay ${index + 1}/${jobs.length} ${job.kind} ${job.corpus}/${job.id}`);
      const trial = await runTrial(context, job);
      trials.push(trial);
      options.onTrial?.(trial);
    }
    points = context.points;
  } finally {
    for (const session of sessions.reverse()) await session.close().catch(() => undefined);
    await screen?.close();
    display?.close();
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  }

  const timed = trials.filter((t) => t.kind !== 'floor');
  const resolutions = timed.flatMap((t) =>
    t.paintMs !== null && t.resolutionMs !== null ? [t.resolutionMs] : [],
  );
  return {
    trials,
    floor: stats(trials.filter((t) => t.kind === 'floor')),
    rows: rowsOf(trials, corpora, options.controlPages === true),
    corpora: corpora.map((c) => ({
      name: c.name,
      total: c.pages.length,
      measured: c.measured.length,
      every: c.every,
      longAdded: c.longAdded,
      skipped: c.skipped,
    })),
    failures: trials.flatMap((t) => (t.error ? [{ kind: t.kind, slug: t.slug, error: t.error }] : [])),
    info: {
      chromium,
      dist: `${path.relative(ROOT, source) || source} (sha256 ${build} over its files)`,
      viewport,
      damage,
      threshold: THRESHOLD,
      points,
      runtimeSeconds: Math.round((Date.now() - started) / 1000),
      loadStart: Number(loadStart.toFixed(2)),
      loadEnd: Number((loadavg()[0] ?? 0).toFixed(2)),
      cores: availableParallelism(),
      resolutionP95: percentile(resolutions, 0.95),
    },
  };
}

/** Milliseconds for a table: one decimal under 100, none from 100 up; – for none (bench/report.ts's too). */
export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  return value >= 100 ? value.toFixed(0) : value.toFixed(1);
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(n: number): string {
  const teen = Math.floor(n / 10) % 10 === 1;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function cell(s: Stats): string[] {
  return [ms(s.p50), ms(s.p95), s.failed ? `${s.n} (+${s.failed} failed)` : `${s.n}`];
}

function minus(a: number | null, b: number | null): string {
  return a === null || b === null ? '–' : ms(a - b);
}

/** The Markdown tables: the floor, then warm and cold per corpus (and page type), the failures, the method. */
export function overlayTable(timing: OverlayTiming): string {
  const { floor, info } = timing;
  const hasControl = timing.rows.some((row) => row.control !== null);
  const lines: string[] = [
    `Key press → overlay on screen (Alt+Shift+K through XTest until half the viewport's sample points changed; ${info.chromium}, headed on Xvfb, viewport ${info.viewport.width}×${info.viewport.height}; ${info.dist})`,
    '',
    `Floor, a page-handled key press (same keys, its own keydown listener paints the viewport; another Chromium without the extension): **p50 ${ms(floor.p50)} ms**, p95 ${floor.p95 === null ? '–' : `${ms(floor.p95)} ms`}, n ${floor.n}${floor.failed ? ` (+${floor.failed} failed)` : ''}.`,
    '',
    `| corpus | pages | warm p50 | warm p95 | warm n | cold p50 | cold p95 | cold n | instant p50 | instant p95 | instant n | warm p50 − floor p50 | cold p50 − floor p50 | instant p50 − floor p50 | reader / notice |${hasControl ? ' page control p50 | warm p50 − page control p50 |' : ''}`,
    `|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|${hasControl ? '---:|---:|' : ''}`,
  ];
  const info_ = new Map(timing.corpora.map((c) => [c.name, c]));
  for (const row of timing.rows) {
    const corpus = info_.get(row.corpus);
    const label = row.pageType
      ? `${row.corpus} · ${row.pageType}`
      : row.corpus === 'all'
        ? '**all**'
        : row.corpus === LONG_ROW
          ? `long pages (${LONG_WORDS.toLocaleString('en')}+ words in the gold), every corpus`
          : row.corpus;
    const sample = (c: OverlayCorpusInfo) =>
      c.every > 1 ? ` (every ${ordinal(c.every)}${c.longAdded > 0 ? `, and ${c.longAdded} long` : ''})` : '';
    const pages =
      row.pageType || !corpus ? `${row.pages}` : `${row.pages} of ${corpus.total}${sample(corpus)}`;
    const all = [row.warm, row.cold, row.instant];
    const shown = `${all.reduce((n, s) => n + s.reader, 0)} / ${all.reduce((n, s) => n + s.notice, 0)}`;
    const control = row.control ? ` ${ms(row.control.p50)} | ${minus(row.warm.p50, row.control.p50)} |` : '';
    lines.push(
      `| ${label} | ${pages} | ${cell(row.warm).join(' | ')} | ${cell(row.cold).join(' | ')} | ${cell(row.instant).join(' | ')} | ${minus(row.warm.p50, floor.p50)} | ${minus(row.cold.p50, floor.p50)} | ${minus(row.instant.p50, floor.p50)} | ${shown} |${control}`,
    );
  }
  if (timing.failures.length) {
    lines.push('', `Failed trials (${timing.failures.length}):`, '');
    for (const failure of timing.failures) lines.push(`- ${failure.kind} ${failure.slug}: ${failure.error}`);
  }
  const unstable = timing.trials.filter((t) => t.stable === false).length;
  const lowContrast = timing.trials.filter((t) => t.lowContrast && t.paintMs !== null).length;
  const notes = [
    ...(unstable
      ? [
          `${unstable} trial(s) began with the viewport still changing (an animation): timed anyway when half the points changed, never by the low-contrast fallback`,
        ]
      : []),
    ...(lowContrast
      ? [
          `${lowContrast} trial(s) timed at half their largest change: the overlay changed under half the points (no "complete" time for them)`,
        ]
      : []),
    ...timing.corpora.flatMap((c) =>
      c.skipped.length ? [`${c.name}: ${c.skipped.length} page(s) left out by the loader`] : [],
    ),
  ];
  lines.push(
    '',
    `n counts trials (pages × repeats). warm: the service worker was running; cold: stopped first and seen to restart; ` +
      `instant: a third Chromium with the instant reader turned on in the options page (its copy of the build holds every site's access, as the person's answer to the browser's prompt gives), the press after the page was read ahead (its badge, or 3.5 s), the worker as the read-ahead left it. ` +
      `p95 only from ${P95_MIN_N} times up (– under that). ` +
      `The − floor columns are differences of two medians, the row's p50 over its pages minus the floor's p50 over its one light page, not a pairing page by page${hasControl ? " (− page control likewise: the row's two p50s)" : ''}. ` +
      `Sample points: ${info.points} (${ROWS} full-width rows), threshold ${info.threshold}; ` +
      `${info.damage ? 'woken by DAMAGE events' : 'polled every 1 ms (no DAMAGE)'}, look within ${ms(info.resolutionP95)} ms of the frame at p95 (the floor's trials left out). ` +
      `Run ${info.runtimeSeconds} s; load average ${info.loadStart} at start, ${info.loadEnd} at the end (${info.cores} cores).`,
    ...notes.map((note) => `- ${note}`),
  );
  return `${lines.join('\n')}\n`;
}
