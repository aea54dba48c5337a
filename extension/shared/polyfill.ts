/**
 * webextension-polyfill as this context's extension API (api.ts): imported first by the entries of the
 * extension's own pages and workers, before any module that calls `api()`. Content scripts never import it
 * (a page can impersonate `browser` there; api.ts says how), and a test of the build checks they don't.
 */
import browser from 'webextension-polyfill';
import { provideApi } from './api.ts';

provideApi(browser);
