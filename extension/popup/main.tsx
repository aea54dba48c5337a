// First: every module after it reaches the extension through the polyfill.
import '../shared/polyfill.ts';
import { render } from 'preact';
import { localizeDocument } from '../shared/i18n.ts';
import { Popup } from './Popup.tsx';

localizeDocument(document, 'extensionName');
const app = document.getElementById('app');
if (app) render(<Popup />, app);
