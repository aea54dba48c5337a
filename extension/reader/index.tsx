/** The reader overlay's entry point: mount it into an open shadow root the caller created and owns. */
import { render } from 'preact';
import { isolateKeyboard } from './keyboard.ts';
import { followFragmentLink } from './links.ts';
import { Reader } from './Reader.tsx';
import { DEFAULT_READER_SETTINGS } from './settings.ts';
import { adoptStyles } from './styles.ts';
import type { ReaderHandle, ReaderProps } from './types.ts';

export type { ReaderSettings } from './settings.ts';
export type {
  CopyFormat,
  CopyResult,
  ReaderActions,
  ReaderHandle,
  ReaderProps,
  SaveFormat,
  SaveResult,
} from './types.ts';

export function mountReader(root: ShadowRoot, props: ReaderProps): ReaderHandle {
  const removeStyles = adoptStyles(root);
  // Preact renders into a container of ours, so unmounting leaves whatever else the caller put in the root.
  const container = root.ownerDocument.createElement('div');
  container.className = 'lectern-mount';
  root.append(container);
  // On the outermost element, attached before the first render so not one key escapes: an effect inside the
  // component would run a frame later, and a key pressed in that frame reached the page (seen in e2e/reader).
  const restoreKeyboard = isolateKeyboard(container, () => props.actions.close());
  // One delegated listener for every link in the article's HTML, which Preact does not render itself.
  const onClick = (event: MouseEvent) => followFragmentLink(event, props.article.url);
  container.addEventListener('click', onClick);
  let settings = props.settings ?? DEFAULT_READER_SETTINGS;
  const draw = () =>
    render(<Reader article={props.article} actions={props.actions} settings={settings} />, container);
  draw();
  let mounted = true;
  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      render(null, container);
      restoreKeyboard();
      container.removeEventListener('click', onClick);
      container.remove();
      removeStyles();
    },
    focus() {
      container.querySelector<HTMLElement>('.lectern-scroll')?.focus({ preventScroll: true });
    },
    applySettings(next) {
      if (!mounted) return;
      settings = next;
      draw();
    },
  };
}
