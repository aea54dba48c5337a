import { render } from 'preact';
import { Options } from './Options.tsx';

const app = document.getElementById('app');
if (app) render(<Options />, app);
