/**
 * The code highlighter chunk (extension/shared/chunks.ts): lowlight with highlight.js's common grammars and the
 * tokens' colours, injected once a reader showing a code block that names its language has painted.
 */
import { highlighter } from '../reader/highlight.ts';
import { register } from './registry.ts';

register('code', highlighter);
