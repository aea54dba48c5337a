/**
 * The faces the reader showed last (reader/typefaces.ts), kept in storage.local for the instant reader to look
 * up as it reads a page ahead. Fonts are the computer's, not the pages': the same list serves every site, and a
 * private window's reader keeps nothing (the background asks).
 */
import { isTypefaces } from '../reader/typefaces.ts';
import { api } from './api.ts';

const KEY = 'readerTypefaces';

/** The faces kept; none when nothing (or no list) is kept or storage can't be read. */
export async function loadTypefaces(): Promise<string[]> {
  try {
    const stored: unknown = (await api().storage.local.get(KEY))[KEY];
    return isTypefaces(stored) ? stored : [];
  } catch {
    return [];
  }
}

/** Keeps `faces`, writing only when they differ from the faces kept (most readers show the same ones). */
export async function keepTypefaces(faces: readonly string[]): Promise<void> {
  const kept = await loadTypefaces();
  if (kept.length === faces.length && kept.every((face, index) => face === faces[index])) return;
  await api().storage.local.set({ [KEY]: [...faces] });
}
