/**
 * Entry of dist-reader/reader.js (vite.reader.config.ts): the overlay without the extension, for component
 * tests on plain pages (STYLE.md practice 6). Defines globalThis.LecternReader = { mountReader }.
 */
import { mountReader } from './index.tsx';

Object.assign(globalThis, { LecternReader: { mountReader } });
