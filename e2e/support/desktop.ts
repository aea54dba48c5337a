/**
 * A desktop of the test's own for one browser, as a Linux session gives it: a D-Bus session bus, where a
 * browser publishes its media controls (MPRIS: what a desktop's media keys, panel and lock screen drive), a
 * PulseAudio server whose only device is a null sink (media and speech play, and nobody hears them), and
 * speech-dispatcher's voices (espeak-ng), which Chromium and Firefox speak with on Linux. Everything lives in a
 * private XDG_RUNTIME_DIR, so two specs don't share a bus, a sound server or a speech server.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';

const run = promisify(execFile);

/** The programs a desktop needs, and the Debian package of each. */
export const DESKTOP_NEEDS = [
  { file: '/usr/bin/dbus-daemon', debian: 'dbus-daemon' },
  { file: '/usr/bin/dbus-send', debian: 'dbus-bin' },
  { file: '/usr/bin/pulseaudio', debian: 'pulseaudio' },
  { file: '/usr/bin/speech-dispatcher', debian: 'speech-dispatcher' },
  { file: '/usr/lib/speech-dispatcher-modules/sd_espeak-ng', debian: 'speech-dispatcher-espeak-ng' },
] as const;

export type MprisCommand = 'Play' | 'Pause' | 'PlayPause' | 'Next' | 'Previous' | 'Stop';

export interface Desktop {
  /** What the browser's process needs in its environment to be on this desktop. */
  env: Record<string, string>;
  /** The bus names of the media players on the bus now (`org.mpris.MediaPlayer2.…`). */
  players(): Promise<string[]>;
  /** The one media player on the bus, waited for (10 s): the browser publishes it once a tab plays. */
  player(): Promise<string>;
  /** Presses a media control, as a desktop's media key or panel button does. */
  command(player: string, command: MprisCommand): Promise<void>;
  /** What the player says it is doing: 'Playing', 'Paused' or 'Stopped'. */
  status(player: string): Promise<string>;
  /** The title the player shows. */
  title(player: string): Promise<string>;
  close(): Promise<void>;
}

/** Skips the test without the desktop's programs, as the other browser specs do; under CI=true, fails. */
export function requireDesktop(): void {
  const missing = DESKTOP_NEEDS.filter(({ file }) => !existsSync(file)).map(({ debian }) => debian);
  if (missing.length === 0) return;
  const reason = `needs ${missing.join(', ')} (apt-get install)`;
  if (process.env.CI) throw new Error(reason);
  test.skip(true, reason);
}

/** Waits for `ready` (checked every 50 ms), or throws after `ms`. */
async function waitFor(ready: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (const start = Date.now(); !ready(); ) {
    if (Date.now() - start > ms) throw new Error(`desktop: ${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function startDesktop(): Promise<Desktop> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-desktop-'));
  mkdirSync(path.join(dir, 'cache'));
  const bus = path.join(dir, 'bus');
  const sound = path.join(dir, 'pulse', 'native');
  const env = {
    XDG_RUNTIME_DIR: dir,
    // speech-dispatcher's logs go under the cache, and it is long-winded.
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${bus}`,
    PULSE_SERVER: `unix:${sound}`,
  };
  const children: ChildProcess[] = [];
  const start = (program: string, args: string[]) => {
    const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
    children.push(child);
    return child;
  };
  try {
    start('dbus-daemon', ['--session', '--nofork', `--address=unix:path=${bus}`]);
    await waitFor(() => existsSync(bus), 'the session bus');
    mkdirSync(path.dirname(sound));
    start('pulseaudio', [
      '--daemonize=no',
      '--exit-idle-time=-1',
      '--use-pid-file=no',
      '-n',
      '-L',
      `module-native-protocol-unix socket=${sound}`,
      '-L',
      'module-null-sink sink_name=nobody',
    ]);
    await waitFor(() => existsSync(sound), 'the sound server');
  } catch (error) {
    await Promise.all(children.map(stop));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const send = (args: string[]) =>
    run('dbus-send', ['--session', '--print-reply', ...args], { env: { ...process.env, ...env } }).then(
      ({ stdout }) => stdout,
    );
  const property = (player: string, name: string) =>
    send([
      `--dest=${player}`,
      '/org/mpris/MediaPlayer2',
      'org.freedesktop.DBus.Properties.Get',
      'string:org.mpris.MediaPlayer2.Player',
      `string:${name}`,
    ]);
  const players = async () => {
    const names = await send([
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.ListNames',
    ]);
    return [...names.matchAll(/"(org\.mpris\.MediaPlayer2\.[^"]+)"/g)].map((match) => match[1] ?? '');
  };
  return {
    env,
    players,
    async player() {
      for (const until = Date.now() + 10_000; ; ) {
        const found = await players();
        if (found.length === 1 && found[0]) return found[0];
        if (Date.now() > until) throw new Error(`desktop: expected one media player, found ${found.length}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async command(player, command) {
      await send([`--dest=${player}`, '/org/mpris/MediaPlayer2', `org.mpris.MediaPlayer2.Player.${command}`]);
    },
    async status(player) {
      return /string "(\w+)"/.exec(await property(player, 'PlaybackStatus'))?.[1] ?? '';
    },
    async title(player) {
      return /"xesam:title"\s+variant\s+string "([^"]*)"/.exec(await property(player, 'Metadata'))?.[1] ?? '';
    },
    async close() {
      // speech-dispatcher was started by the browser, with its socket in this desktop's directory.
      await run('pkill', ['-f', `speech-dispatcher.*${dir}`]).catch(() => undefined);
      await Promise.all(children.map(stop));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
