// First: every module after it reaches the extension through the polyfill.
import '../shared/polyfill.ts';
import { render } from 'preact';
import { localizeDocument } from '../shared/i18n.ts';
import { Options } from './Options.tsx';

localizeDocument(document, 'optionsTitle');
const app = document.getElementById('app');
if (app) render(<Options />, app);
