/**
 * A private X display for the screen timing, as e2e/firefox/x11.ts starts one, with a size of our own: the
 * browser window plus room below it for the mouse pointer, parked where it hovers nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const XVFB = '/usr/bin/Xvfb';

export interface Display {
  /** e.g. ":99", for the DISPLAY of the processes started on it. */
  name: string;
  close(): void;
}

/**
 * `-displayfd` makes Xvfb pick a free display itself and write its number once it accepts clients: no race with
 * the e2e specs or another bench starting a display at the same time. 24-bit colour, as a desktop's.
 */
export async function startDisplay(width: number, height: number): Promise<Display> {
  if (!existsSync(XVFB)) throw new Error(`${XVFB} is missing: apt-get install xvfb`);
  const xvfb: ChildProcess = spawn(
    XVFB,
    ['-displayfd', '1', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const name = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('Xvfb opened no display in 10 s')), 10_000);
    xvfb.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const number = /^(\d+)\n/.exec(out)?.[1];
      if (number !== undefined) {
        clearTimeout(timer);
        resolve(`:${number}`);
      }
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it opened a display`)));
  });
  return { name, close: () => xvfb.kill() };
}
