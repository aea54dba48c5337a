/**
 * What a Firefox spec starts before its first test and stops after its last: an Xvfb display, the fixture
 * server, a downloads folder and Firefox with dist-firefox/ installed. Without the programs it needs it skips
 * locally and fails under CI=true.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import type { Browser } from 'puppeteer-core';
import { type PageServer, startServer } from '../../bench/serve.ts';
import { DESKTOP_NEEDS, type Desktop, startDesktop } from '../support/desktop.ts';
import { FIREFOX_PATH, launchFirefox } from './firefox.ts';
import { type Display, startDisplay, XDOTOOL, XVFB } from './x11.ts';

export interface FirefoxSession {
  display: Display;
  firefox: Browser;
  server: PageServer;
  /** Where Firefox saves downloads without asking (set by launchFirefox's preferences). */
  downloads: string;
  /** The desktop Firefox runs on, when the spec asked for one (its media controls, sound and voices). */
  desktop: Desktop | null;
  close(): Promise<void>;
}

/** A file a spec needs beyond Firefox, Xvfb and xdotool, and the Debian package that installs it. */
export interface Need {
  file: string;
  debian: string;
}

const ALWAYS: readonly Need[] = [
  { file: FIREFOX_PATH, debian: 'firefox-esr' },
  { file: XVFB, debian: 'xvfb' },
  { file: XDOTOOL, debian: 'xdotool' },
];

export async function openFirefoxSession(
  options: {
    needs?: readonly Need[];
    prefs?: Record<string, string | number | boolean>;
    /** Runs Firefox on a desktop of its own (support/desktop.ts). */
    desktop?: boolean;
  } = {},
): Promise<FirefoxSession> {
  const needs = [...ALWAYS, ...(options.needs ?? []), ...(options.desktop ? DESKTOP_NEEDS : [])];
  const missing = needs.filter(({ file }) => !existsSync(file));
  if (missing.length > 0) {
    const packages = needs.map(({ debian }) => debian).join(', ');
    const reason = `needs ${packages} (apt-get install); missing ${missing.map(({ file }) => file).join(', ')}`;
    if (process.env.CI) throw new Error(reason);
    test.skip(true, reason);
  }
  const server = await startServer();
  const display = await startDisplay();
  const downloads = mkdtempSync(path.join(tmpdir(), 'lectern-firefox-downloads-'));
  const desktop = options.desktop ? await startDesktop() : null;
  const firefox = await launchFirefox(display.name, downloads, options.prefs, desktop?.env);
  return {
    display,
    firefox,
    server,
    downloads,
    desktop,
    async close() {
      await firefox.close();
      await desktop?.close();
      display.close();
      await server.close();
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}
