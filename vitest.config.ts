import { defineConfig } from 'vitest/config';

// The fast Node tier: pure arithmetic only (MSS, scoring, title cleaning, the benchmark's metric, the fit). Everything
// that reads styles or boxes runs in real Chromium under Playwright (docs/conventions.md, "In a real browser").
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'extension/**/*.test.ts', 'bench/**/*.test.ts', 'fit/**/*.test.ts'],
    environment: 'node',
    // The extension's words, English's, where no extension API gives them (extension/shared/i18n.ts).
    setupFiles: ['extension/shared/english.ts'],
  },
});
