import { dataOf } from '../dom/access.ts';
import { collapseHtmlSpace } from '../dom/text.ts';
import { passChosenText, passOtherText } from './copy-chosen.ts';
import { inlineParent } from './copy-place.ts';
import type { CopyWalk, Place } from './copy-types.ts';

/** Text and line breaks in the copy: whitespace collapsed as HTML renders it, kept as it is inside `<pre>`. */

/** A text node of the page: copied when chosen (or in an accepted figure's caption), else left out. */
export function copyText(walk: CopyWalk, node: Text, place: Place): void {
  const data = dataOf(node);
  if (data === '') return;
  const chosen = walk.chosen;
  if (chosen !== null && !chosen.keep.has(node) && !place.caption) {
    if (!/[^ \t\n\r\f]/.test(data)) {
      writeText(walk, place, data);
      return;
    }
    if (!place.media) passOtherText(chosen);
    return;
  }
  if (chosen?.keep.has(node)) passChosenText(chosen, node);
  writeText(walk, place, data);
}

/** Writes text at the place: whitespace alone becomes one space where a space can go. */
function writeText(walk: CopyWalk, place: Place, data: string): void {
  const { doc } = walk;
  if (place.mode === 'pre') {
    inlineParent(walk, place)?.appendChild(doc.createTextNode(data));
    walk.lastText = data;
    return;
  }
  const collapsed = collapseHtmlSpace(data);
  if (collapsed === ' ') {
    if (place.mode === 'flow' && place.autoP)
      walk.openAuto.get(place.out)?.appendChild(doc.createTextNode(' '));
    else if (place.mode === 'flow' || place.mode === 'phrasing')
      place.out.appendChild(doc.createTextNode(' '));
    return;
  }
  const parent = inlineParent(walk, place);
  if (parent === null) return;
  parent.appendChild(doc.createTextNode(collapsed));
  walk.lastText = collapsed;
}

/** A `<br>`: a newline in `<pre>`, a `<br>` where phrasing goes, nothing in a table. */
export function placeBreak(walk: CopyWalk, place: Place): void {
  const { doc } = walk;
  if (place.mode === 'flow' && place.autoP) {
    // A break before any text in this paragraph is layout spacing; a break after text splits lines.
    walk.openAuto.get(place.out)?.appendChild(doc.createElement('br'));
    return;
  }
  if (place.mode === 'pre') {
    inlineParent(walk, place)?.appendChild(doc.createTextNode('\n'));
    walk.lastText = '\n';
    return;
  }
  if (place.mode === 'flow' || place.mode === 'phrasing') {
    walk.spaceBefore.delete(place.out);
    place.out.appendChild(doc.createElement('br'));
  }
}

/** A block unwrapped inside `<pre>` ends its line, unless the text before it already did. */
export function endPreLine(walk: CopyWalk, at: Element): void {
  if (walk.lastText !== '' && !walk.lastText.endsWith('\n')) {
    at.appendChild(walk.doc.createTextNode('\n'));
    walk.lastText = '\n';
  }
}

/** A line box of code ends its line, even when it wrote nothing (a blank line: its walk started at ''). */
export function endCodeLine(walk: CopyWalk, at: Element): void {
  if (walk.lastText.endsWith('\n')) return;
  at.appendChild(walk.doc.createTextNode('\n'));
  walk.lastText = '\n';
}
