/**
 * The panels chunk (extension/shared/chunks.ts): the export menu's list, the reader's settings and help panels
 * and read aloud, injected when a person first opens one. Built with Preact left out (the reader's own is used, see
 * chunks.ts `shareModules`).
 */
import { panels } from '../reader/panels.tsx';
import { register } from './registry.ts';

register('panels', panels);
