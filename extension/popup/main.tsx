// First: every module after it reaches the extension through the polyfill.
import '../shared/polyfill.ts';
import { render } from 'preact';
import { Popup } from './Popup.tsx';

const app = document.getElementById('app');
if (app) render(<Popup />, app);
