/**
 * The typeface chunk (extension/shared/chunks.ts): Atkinson Hyperlegible's faces as data, injected when a person
 * first chooses the legible typeface; the reader adds them to the document's fonts (reader/legible-font.ts).
 */
import { LEGIBLE_FACES } from '../reader/legible-faces.ts';
import { register } from './registry.ts';

register('typeface', LEGIBLE_FACES);
