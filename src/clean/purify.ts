/**
 * DOMPurify's factory, loaded so that its module's own default instance cannot throw on a clobbered page
 * (purify-guard.ts says how and why). The imports run in the order written (ECMAScript module evaluation):
 * the guard, then DOMPurify, then this module's body, which restores `Element`. Import DOMPurify through here
 * only: a module that imported 'dompurify' before this one would run its set-up unguarded.
 */
import './purify-guard.ts';
import createDOMPurify from 'dompurify';
import { restoreElement } from './purify-guard.ts';

restoreElement();

export { createDOMPurify };
