import { vi } from 'vitest';

/**
 * storage.local as the browser keeps it, in memory, behind the extension API's shape (shared/api.ts, which
 * finds the API once: one fake for the file, emptied before each test).
 */
export function fakeApi(): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const local = {
    async get(keys: string | string[] | null) {
      if (keys === null) return structuredClone(data);
      const out: Record<string, unknown> = {};
      for (const key of Array.isArray(keys) ? keys : [keys])
        if (key in data) out[key] = structuredClone(data[key]);
      return out;
    },
    async set(items: Record<string, unknown>) {
      Object.assign(data, structuredClone(items));
    },
    async remove(keys: string | string[]) {
      for (const key of Array.isArray(keys) ? keys : [keys]) delete data[key];
    },
  };
  vi.stubGlobal('chrome', {
    runtime: { id: 'lectern', getURL: (path: string) => `chrome-extension://lectern/${path}` },
    storage: { local },
  });
  return data;
}
