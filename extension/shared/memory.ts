/**
 * Boilerplate memory, as the extension keeps it (src/template/): for each site a person reads in
 * the reader, the fingerprints (32-bit numbers) of its pages' blocks and of the pages' addresses, never their
 * text or the addresses themselves, in storage.local under one key per origin. The background writes it when
 * the reader opens on a page (`background:remember`), the content script reads its own site's before the first
 * paint. Bounded: src/template/'s bounds per site, MAX_MEMORY_SITES sites, the least recently read dropped
 * first. A switch on the options page turns it off, which forgets every site; a site can be forgotten alone.
 */
import { pagesRead, remember, type SiteMemory } from '../../src/template/index.ts';
import { api } from './api.ts';
import { bytesOf, MAX_MEMORY_BYTES } from './quota.ts';
import { originOf } from './site-rules.ts';

const PREFIX = 'memory:';
/** Which sites have a memory, with their pages read and when: the options page's list, and the bound's order. */
const INDEX = 'memory-sites';
const OFF = 'memory-off';
/** The sites kept (and within quota.ts's MAX_MEMORY_BYTES), the least recently read dropped first. */
export const MAX_MEMORY_SITES = 100;
/** What a site's memory stored before its size was noted counts as: a full one. */
const UNNOTED_BYTES = 70_000;

export const memoryKey = (origin: string): string => PREFIX + origin;

interface StoredMemory {
  memory: SiteMemory;
}

export interface SiteMemorySummary {
  origin: string;
  pages: number;
  /** When a page of the site was last read (the bound drops the oldest). */
  used: number;
}

type Index = Record<string, { pages: number; used: number; bytes?: number }>;

const asIndex = (value: unknown): Index =>
  typeof value === 'object' && value !== null ? (value as Index) : {};

const readIndex = async (): Promise<Index> => asIndex((await api().storage.local.get(INDEX))[INDEX]);

/** Whether the memory learns from the pages read (on unless turned off). */
export async function memoryOn(): Promise<boolean> {
  return (await api().storage.local.get(OFF))[OFF] !== true;
}

/** Turns the memory on or off; off forgets every site at once. */
export async function setMemoryOn(on: boolean): Promise<void> {
  if (on) {
    await api().storage.local.remove(OFF);
    return;
  }
  await api().storage.local.set({ [OFF]: true });
  const sites = Object.keys(await readIndex());
  await api().storage.local.remove([INDEX, ...sites.map(memoryKey)]);
}

/** Adds a page read at `url` to its site's memory (the background, for the reader's content script). */
export async function rememberPage(
  url: string,
  fingerprints: readonly number[],
  now = Date.now(),
): Promise<void> {
  const origin = originOf(url);
  if (origin === null) return;
  const key = memoryKey(origin);
  const got = await api().storage.local.get([OFF, key, INDEX]);
  if (got[OFF] === true) return;
  const memory = remember((got[key] as Partial<StoredMemory> | undefined)?.memory ?? null, url, fingerprints);
  const stored: StoredMemory = { memory };
  const index = asIndex(got[INDEX]);
  index[origin] = { pages: pagesRead(memory), used: now, bytes: bytesOf(key, stored) };
  const dropped = beyondBounds(index);
  for (const site of dropped) delete index[site];
  await api().storage.local.set({ [key]: stored, [INDEX]: index });
  if (dropped.length > 0) await api().storage.local.remove(dropped.map(memoryKey));
}

/** The sites past MAX_MEMORY_SITES or MAX_MEMORY_BYTES, counted from the most recently read. */
function beyondBounds(index: Index): string[] {
  let bytes = 0;
  return Object.keys(index)
    .sort((a, b) => (index[b]?.used ?? 0) - (index[a]?.used ?? 0))
    .filter((site, rank) => {
      bytes += index[site]?.bytes ?? UNNOTED_BYTES;
      return rank >= MAX_MEMORY_SITES || (rank > 0 && bytes > MAX_MEMORY_BYTES);
    });
}

/** Every site the memory has read, most recently read first. */
export async function listMemories(): Promise<SiteMemorySummary[]> {
  const index = await readIndex();
  return Object.entries(index)
    .map(([origin, { pages, used }]) => ({ origin, pages, used }))
    .sort((a, b) => b.used - a.used);
}

/** Forgets what the memory learnt of one site. */
export async function forgetSite(origin: string): Promise<void> {
  const index = await readIndex();
  delete index[origin];
  await api().storage.local.set({ [INDEX]: index });
  await api().storage.local.remove(memoryKey(origin));
}
