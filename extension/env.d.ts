/** Build-time constants set by vite.config.ts. */
interface ImportMetaEnv {
  /** True only in the test build (dist-e2e/), which is never shipped. */
  readonly LECTERN_E2E: boolean;
  /** Which browser the build is for: where the extension API is found (extension/shared/api.ts). */
  readonly LECTERN_BROWSER: 'chrome' | 'firefox';
}
