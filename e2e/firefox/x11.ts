/**
 * A private X display and real key presses on it. A `commands` shortcut is handled by the browser outside the
 * page, so neither Playwright's nor Puppeteer's synthetic keys fire it (tried with Firefox 153 over BiDi:
 * nothing happens); an X11 key press from xdotool does, and it grants activeTab as a user's press does.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const XVFB = '/usr/bin/Xvfb';
export const XDOTOOL = '/usr/bin/xdotool';

export interface Display {
  /** e.g. ":99", for the DISPLAY of the browser started on it. */
  name: string;
  /** Presses `keys` (xdotool syntax, e.g. "alt+shift+k") in the newest visible window of `windowClass`. */
  press(windowClass: string, keys: string): Promise<void>;
  close(): void;
}

/**
 * `-displayfd` makes Xvfb pick a free display itself and write its number once it accepts clients: no race with
 * another spec starting a display at the same time (the Chromium shortcut spec does, on its own).
 */
export async function startDisplay(): Promise<Display> {
  const xvfb: ChildProcess = spawn(
    XVFB,
    ['-displayfd', '1', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const name = await new Promise<string>((resolve, reject) => {
    let out = '';
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const number = /^(\d+)\n/.exec(out)?.[1];
      if (number !== undefined) resolve(`:${number}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it opened a display`)));
  });
  const xdotool = async (...args: string[]) =>
    (await run(XDOTOOL, args, { env: { ...process.env, DISPLAY: name } })).stdout.trim();
  return {
    name,
    async press(windowClass, keys) {
      const windows = (await xdotool('search', '--onlyvisible', '--class', windowClass)).split('\n');
      const window = windows.filter(Boolean).at(-1);
      if (!window) throw new Error(`no visible ${windowClass} window on ${name}`);
      // No window manager runs on bare Xvfb, so windowactivate refuses; windowfocus is what counts.
      await xdotool('windowactivate', '--sync', window).catch(() => undefined);
      await xdotool('windowfocus', '--sync', window);
      await xdotool('key', '--clearmodifiers', keys);
    },
    close: () => xvfb.kill(),
  };
}
