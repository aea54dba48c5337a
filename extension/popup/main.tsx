import { render } from 'preact';
import { Popup } from './Popup.tsx';

const app = document.getElementById('app');
if (app) render(<Popup />, app);
