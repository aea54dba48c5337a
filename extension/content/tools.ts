/**
 * The tools chunk (extension/shared/chunks.ts): what the reader offers beyond reading, loaded when a person first
 * asks for one (More: Fix the text, Why this text, Outline) or after the first paint of a page read with a
 * site's fix or template, or that may have a next page: the Edit mode and the bars of the fix and of the
 * site's memory (editor.ts), picking the article on the page (picker.ts), the outline (outline.ts), "Load the
 * next page" (pages.ts), and "Why this text", a chunk of its own loaded from here (why.ts).
 */
import { keepAdopted } from '../reader/styles.ts';
import toolsCss from '../reader/tools.css?inline';
import type { ToolName } from '../reader/types.ts';
import { loadChunk } from './chunks.ts';
import { attachEditor, ruleOf } from './editor.ts';
import { hideOutline, showOutline } from './outline.ts';
import { offerNextPage } from './pages.ts';
import { register } from './registry.ts';
import type { ToolHost } from './tool-host.ts';

/** The outline stays on for every reader shown in the page until the person turns it off. */
let outlineOn = false;

function attach(host: ToolHost, tool: ToolName | false): void {
  keepAdopted(host.root, toolsCss);
  if (tool === 'why') explain(host);
  else if (tool === 'outline') {
    outlineOn = !outlineOn;
    if (outlineOn) showOutline(host);
    else hideOutline();
  } else {
    attachEditor(host, tool === 'edit');
    if (tool === false && outlineOn) showOutline(host);
    if (tool === false) offerNextPage(host);
  }
}

/** "Why this text": its chunk (the segment walk again) loaded now, shown in place of the reader until closed. */
function explain(host: ToolHost): void {
  const parts = host.parts();
  const mount = parts?.root.parentElement;
  if (!parts || !mount) return;
  loadChunk('why').then(
    (why) => why.show(host, ruleOf(host), mount, () => parts.scroller.focus()),
    () => undefined,
  );
}

register('tools', { attach });
