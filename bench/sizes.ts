/**
 * What a user downloads and the tab parses: the gzipped size of the content script (the file the background
 * injects on the reader command), of its chunks, and of dist-extractor/lectern.js.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { LECTERN_JS, ROOT } from '../e2e/support/paths.ts';
import { CHUNKS } from '../extension/shared/chunks.ts';

export interface BundleSize {
  label: string;
  /** Relative to the repo root. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

/**
 * The content script of a built extension folder, found the way the extension finds it: the background imports
 * `../content/main.ts?script&iife`, which crxjs turns into a string literal naming the emitted file. So look in
 * the built JavaScript for a quoted path to an existing .js file under extension/content/ that is not one of
 * the chunks (extension/shared/chunks.ts, named the same way); if the build names it some other way, fall back
 * to the only other .js file in extension/content/.
 */
export function findContentScript(dist: string): string {
  const chunks = new Set<string>(Object.values(CHUNKS).map((chunk) => chunk.file));
  const candidates = new Set<string>();
  const scan = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) scan(full);
      else if (entry.name.endsWith('.js')) {
        for (const match of readFileSync(full, 'utf8').matchAll(
          /["'`]\/?([\w./-]*content\/[\w.-]+\.js)["'`]/g,
        )) {
          const relative = match[1];
          if (relative && !chunks.has(relative) && existsSync(path.join(dist, relative)))
            candidates.add(relative);
        }
      }
    }
  };
  if (!existsSync(dist)) throw new Error(`${path.relative(ROOT, dist)}/ is missing: run npm run build first`);
  scan(dist);
  const [only, ...others] = [...candidates];
  if (only && others.length === 0) return only;
  const folder = path.join(dist, 'extension', 'content');
  const files = existsSync(folder)
    ? readdirSync(folder).filter((name) => name.endsWith('.js') && !chunks.has(`extension/content/${name}`))
    : [];
  if (files.length === 1 && files[0]) return `extension/content/${files[0]}`;
  throw new Error(
    `cannot tell the content script in ${path.relative(ROOT, dist)}/: found ${[...candidates, ...files].join(', ') || 'none'}`,
  );
}

function sizeOf(label: string, file: string): BundleSize {
  const body = readFileSync(file);
  return {
    label,
    file: path.relative(ROOT, file),
    bytes: body.length,
    // Level 9, as a server or store precompressing static files would.
    gzipBytes: gzipSync(body, { level: 9 }).length,
  };
}

/**
 * The script the reader command injects before the overlay paints, the chunks it injects when a person first
 * asks for them (extension/shared/chunks.ts), and the extractor on its own.
 */
export function bundleSizes(): BundleSize[] {
  const dist = path.join(ROOT, 'dist');
  return [
    sizeOf(
      'content script (injected by the reader command, before the first paint)',
      path.join(dist, findContentScript(dist)),
    ),
    ...Object.entries(CHUNKS).map(([name, chunk]) =>
      sizeOf(`chunk "${name}" (${chunk.when})`, path.join(dist, chunk.file)),
    ),
    sizeOf('extractor alone', LECTERN_JS),
  ];
}
