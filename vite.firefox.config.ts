/**
 * The Firefox build (`npm run build:firefox` → dist-firefox/): the same sources, plugins and manifest as the
 * Chromium build in vite.config.ts, with the differences Firefox needs written here. There is no test variant
 * with host access: e2e/firefox/ presses the real shortcut, which grants activeTab as it does for a user.
 */
import { defineConfig } from 'vite';
import manifest from './manifest.json' with { type: 'json' };
import { extensionConfig } from './vite.config.ts';

/**
 * Firefox identifies an add-on by this id (storage, updates, AMO listing), so it must never change once
 * published. The team owns no domain yet: `.invalid` (RFC 2606) cannot belong to anyone else.
 */
export const GECKO_ID = 'lectern@lectern.invalid';

/**
 * 140 is the ESR line before 153 and the first Firefox that reads data_collection_permissions; below it,
 * addons-linter notes that older versions ignore the key. Everything else Lectern calls is older: MV3 (109),
 * scripting.executeScript with files (102), module background scripts (112; MDN browser-compat-data).
 */
const MIN_FIREFOX = '140.0';
const MIN_FIREFOX_ANDROID = '142.0';

type ChromiumManifest = typeof manifest;

/** Chromium's only: Firefox's background is an event page with a document of its own to copy from. */
const CHROMIUM_ONLY_PERMISSIONS = new Set(['offscreen']);

export function firefoxManifest(chromium: ChromiumManifest) {
  const { background, permissions, ...rest } = chromium;
  return {
    ...rest,
    permissions: permissions.filter((permission) => !CHROMIUM_ONLY_PERMISSIONS.has(permission)),
    // Firefox MV3 has no extension service worker (bug 1573659): it runs the same code as an event page.
    // crxjs writes its loader there and adds `type: module`, as it does for service_worker.
    background: { scripts: [background.service_worker] },
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: MIN_FIREFOX,
        // Lectern sends nothing anywhere: the article stays in the tab (and on the clipboard when asked).
        data_collection_permissions: { required: ['none' as const] },
      },
      // Firefox for Android reads data_collection_permissions from 142 (addons-linter
      // KEY_FIREFOX_ANDROID_UNSUPPORTED_BY_MIN_VERSION with the desktop minimum alone).
      gecko_android: { strict_min_version: MIN_FIREFOX_ANDROID },
    },
  };
}

export default defineConfig(
  extensionConfig({
    browser: 'firefox',
    manifest: firefoxManifest(manifest),
    outDir: 'dist-firefox',
    target: 'firefox140',
  }),
);
