/**
 * What the bench CLIs (run.ts, overlay.ts, ab.ts) share: the flags read, whole numbers checked, the results'
 * file stamp, a status line on stderr, and the tail that runs main, sets the exit code and reports an error.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ROOT } from '../e2e/support/paths.ts';

/** A mistake in the command line: its message is printed as it is, and the exit code is 2. */
export class UsageError extends Error {}

type Flags = NonNullable<ParseArgsConfig['options']>;

/**
 * `argv` read strictly against `flags`: an unknown or malformed flag, or `--help` (when `flags` has it), is a
 * UsageError carrying `usage`. Positionals only where `positionals` is true.
 */
export function parseFlags<T extends Flags>(
  argv: string[],
  flags: T,
  usage: string,
  positionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: boolean }>> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: boolean }>
  >;
  try {
    parsed = parseArgs({ args: argv, options: flags, strict: true, allowPositionals: positionals });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  if ((parsed.values as Record<string, unknown>).help === true) throw new UsageError(usage);
  return parsed;
}

/** `--name value` as a whole number ≥ `min`; undefined when the flag was not given. */
export function wholeNumber(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(`--${name} needs a whole number ≥ ${min}, not "${value}"`);
  return n;
}

/** The results' file-name stamp: 2026-11-25T09-39-32Z (ISO 8601 to the second, colons made dashes). */
export function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/**
 * A JSON Lines file written one record at a time, as the records come (a run that stops part-way keeps what it
 * measured); created with its first record, so a run that fails before one leaves no empty file.
 */
export class JsonLines {
  private stream: WriteStream | null = null;
  constructor(readonly file: string) {}
  write(record: unknown): void {
    if (!this.stream) {
      mkdirSync(path.dirname(this.file), { recursive: true });
      this.stream = createWriteStream(this.file);
    }
    this.stream.write(`${JSON.stringify(record)}\n`);
  }
  close(): Promise<void> {
    const stream = this.stream;
    return stream ? new Promise<void>((resolve) => stream.end(resolve)) : Promise.resolve();
  }
}

/** One status line on stderr, rewritten in place on a terminal; every 25th update as its own line otherwise. */
export class Progress {
  private count = 0;
  readonly tty = process.stderr.isTTY === true;
  /** `force`: off a terminal, print this update whatever its number. */
  update(text: string, force = false): void {
    this.count++;
    if (this.tty) {
      const width = (process.stderr.columns ?? 120) - 1;
      process.stderr.write(`\r${text.slice(0, width)}\x1b[K`);
    } else if (force || this.count % 25 === 0) {
      process.stderr.write(`${text}\n`);
    }
  }
  /** Clears the status line on a terminal. */
  done(): void {
    if (this.tty) process.stderr.write('\r\x1b[K');
  }
}

export function runMain(label: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) process.stderr.write(`${error.message}\n`);
      else process.stderr.write(`\n${label}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = error instanceof UsageError ? 2 : 1;
    },
  );
}

/** The commit the run measured, e.g. "32d3685 (src/ has uncommitted changes)", for the report. */
export function gitState(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (src/ has uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}
