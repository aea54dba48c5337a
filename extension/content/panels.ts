/**
 * The panels chunk (extension/shared/chunks.ts): the export menu's list, the reader's settings and help panels
 * and read aloud, injected when a person first opens one. It brings its own copy of Preact, which renders them
 * into the reader's slots (extension/reader/PanelSlot.tsx).
 */
import { panels } from '../reader/panels.tsx';
import { register } from './registry.ts';

register('panels', panels);
