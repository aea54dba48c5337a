import { direction } from './attributes.ts';
import type { CopyWalk, Place } from './copy-types.ts';

/**
 * Where the copy's output may go: which blocks fit in which parent, the mode a block gives its children,
 * and the automatic paragraphs and items that hold loose inline content. Only the copy is written here.
 */

/** Where inline content goes; null where it can't go (loose text in a table). */
export function inlineParent(walk: CopyWalk, place: Place): Element | null {
  switch (place.mode) {
    case 'flow':
      return place.autoP ? automaticIn(walk, place.out, 'p', place) : place.out;
    case 'list':
      return automaticIn(walk, place.out, 'li');
    case 'dl':
      return automaticIn(walk, place.out, 'dd');
    case 'table':
    case 'row':
      return null;
    default:
      if (walk.spaceBefore.delete(place.out)) place.out.appendChild(walk.doc.createTextNode(' '));
      return place.out;
  }
}

/** Where a block goes; false when this place takes no blocks. */
export function appendBlock(walk: CopyWalk, place: Place, out: Element): boolean {
  const tag = out.localName;
  switch (place.mode) {
    case 'flow':
      closeAutomatic(walk, place.out);
      place.out.appendChild(out);
      return true;
    case 'list':
      if (tag === 'li') {
        closeAutomatic(walk, place.out);
        place.out.appendChild(out);
      } else automaticIn(walk, place.out, 'li').appendChild(out);
      return true;
    case 'dl':
      if (tag === 'dt' || tag === 'dd') {
        closeAutomatic(walk, place.out);
        place.out.appendChild(out);
      } else automaticIn(walk, place.out, 'dd').appendChild(out);
      return true;
    case 'table':
    case 'row':
      place.out.appendChild(out);
      return true;
    default:
      return false;
  }
}

/**
 * The automatic `<p>`, `<li>` or `<dd>` open in `out`, made (and added to `walk.automatic`) when none is. A
 * paragraph takes the direction the place inherits; `place` is given for paragraphs only.
 */
export function automaticIn(walk: CopyWalk, out: Element, tag: string, place?: Place): Element {
  let open = walk.openAuto.get(out);
  if (open === undefined) {
    open = walk.doc.createElement(tag);
    if (place !== undefined) {
      inheritDirection(open, place);
      walk.sources.set(open, place.from);
    }
    out.appendChild(open);
    walk.openAuto.set(out, open);
    walk.automatic.add(open);
  }
  return open;
}

/** Ends the automatic paragraph (or item) open in `out`: the next loose content opens a new one. */
export function closeAutomatic(walk: CopyWalk, out: Element): void {
  walk.openAuto.delete(out);
}

/** Gives `out` the `dir`/`lang` of the unwrapped block the place inherits, where it has none of its own. */
export function inheritDirection(out: Element, place: Place): void {
  if (place.inherit === null) return;
  const { dir, lang } = direction(place.inherit);
  if (dir !== null && !out.hasAttribute('dir')) out.setAttribute('dir', dir);
  if (lang !== null && !out.hasAttribute('lang')) out.setAttribute('lang', lang);
}

/** Whether an allowed block may sit here; if not it is unwrapped (a `<td>` outside a table, a `<li>` outside a list). */
export function fits(tag: string, place: Place): boolean {
  const parentTag = place.out.localName;
  switch (place.mode) {
    case 'phrasing':
    case 'pre':
      return false;
    case 'table':
      if (tag === 'caption') return parentTag === 'table';
      return tag === 'thead' || tag === 'tbody' || tag === 'tfoot' || tag === 'tr';
    case 'row':
      return tag === 'td' || tag === 'th';
  }
  switch (tag) {
    case 'li':
      return place.mode === 'list';
    case 'dt':
    case 'dd':
      return place.mode === 'dl';
    case 'figcaption':
      return parentTag === 'figure';
    case 'summary':
      return parentTag === 'details';
    case 'caption':
    case 'thead':
    case 'tbody':
    case 'tfoot':
    case 'tr':
    case 'td':
    case 'th':
      return false;
  }
  return true;
}

/** What a copied block accepts as children, and whether its text counts as an accepted figure's caption. */
export function childMode(tag: string, place: Place): Pick<Place, 'mode' | 'autoP' | 'caption'> {
  switch (tag) {
    case 'p':
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'summary':
      return { mode: 'phrasing', autoP: false, caption: place.caption };
    case 'pre':
      return { mode: 'pre', autoP: false, caption: place.caption };
    case 'ul':
    case 'ol':
      return { mode: 'list', autoP: false, caption: place.caption };
    case 'dl':
      return { mode: 'dl', autoP: false, caption: place.caption };
    case 'table':
    case 'thead':
    case 'tbody':
    case 'tfoot':
      return { mode: 'table', autoP: false, caption: place.caption };
    case 'tr':
      return { mode: 'row', autoP: false, caption: place.caption };
    case 'blockquote':
    case 'details':
      return { mode: 'flow', autoP: true, caption: place.caption };
    case 'figcaption':
      return { mode: 'flow', autoP: false, caption: place.caption || place.media };
    default:
      return { mode: 'flow', autoP: false, caption: place.caption };
  }
}
