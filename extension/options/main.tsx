// First: every module after it reaches the extension through the polyfill.
import '../shared/polyfill.ts';
import { render } from 'preact';
import { Options } from './Options.tsx';

const app = document.getElementById('app');
if (app) render(<Options />, app);
