/**
 * The code highlighter chunk (extension/shared/chunks.ts): lowlight with highlight.js's common grammars and the
 * tokens' colours, injected when a code block that names its language first nears the screen in the reader.
 */
import { highlighter } from '../reader/highlight.ts';
import { register } from './registry.ts';

register('code', highlighter);
