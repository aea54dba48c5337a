/**
 * Registered only on the sites a person chose to always open in reader view (extension/shared/auto-open.ts),
 * after the page has loaded: asks the background to open the reader here, which it does when the page has an
 * article (not on a home page or a list). Holds nothing else: the reader itself is injected as on a click.
 */
import { sendToExtension } from '../shared/messages.ts';

sendToExtension('background:auto', {}).catch(() => undefined);
