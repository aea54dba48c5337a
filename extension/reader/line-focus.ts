/**
 * Line focus: a band of 1, 3 or 5 lines of the article stays clear and the rest is dimmed, as in Edge's
 * Immersive Reader. The dim is two boxes above and below the band that take no pointer events and hold no text,
 * so a click, a selection or a copy goes to the article as without them, and the article's DOM is untouched.
 * The band snaps to the line under the pointer (or moved with ↑ ↓ while the article has the focus).
 */

/** A line of the article, in the viewport's coordinates. */
interface Line {
  top: number;
  height: number;
}

/** The boxes the focus is drawn with and the reader's parts it reads. */
export interface LineFocusParts {
  /** The dim's box (`.l-focus`), over the scroller; its children are the dim above and below the band. */
  focus: HTMLElement;
  above: HTMLElement;
  below: HTMLElement;
  scroller: HTMLElement;
  /** The sticky toolbar (with its open panel): the dim starts under it, so the controls are never dimmed. */
  toolbar: HTMLElement;
  article: HTMLElement;
}

/** How far ↑ ↓ look past a gap between blocks (a heading's margin, a figure) for the next line, in lines. */
const MAX_GAP_LINES = 12;

/** Steps, in px, of that search: less than the smallest line the reader lays out. */
const SEARCH_STEP = 4;

/** A line's height in px: `normal` is about 1.2 of the font's size. */
function lineHeightOf(style: CSSStyleDeclaration): number {
  const height = Number.parseFloat(style.lineHeight);
  return Number.isFinite(height) ? height : Number.parseFloat(style.fontSize) * 1.2;
}

/** The nearest box around `element` (itself included) that lays out lines of its own: not an inline one. */
function blockOf(element: Element, article: HTMLElement): Element | null {
  for (let at: Element | null = element; at !== null && article.contains(at); at = at.parentElement) {
    if (!getComputedStyle(at).display.startsWith('inline')) return at;
  }
  return null;
}

/** Children of a block read to tell whether it lays out lines itself: a paragraph's first ones tell. */
const MAX_CHILDREN_READ = 50;

/** Whether `block` lays out lines of its own: text or inline boxes among its first children, not only blocks. */
function laysOutLines(block: Element): boolean {
  const children = block.childNodes;
  for (let index = 0; index < children.length && index < MAX_CHILDREN_READ; index++) {
    const child = children[index] as Node;
    if (child.nodeType === Node.TEXT_NODE && (child.nodeValue ?? '').trim() !== '') return true;
    if (child instanceof Element && getComputedStyle(child).display.startsWith('inline')) return true;
  }
  return false;
}

/**
 * The line of the article at height `y`, or null where no text is (a gap between blocks, the margins): the
 * block under the column's middle at `y`, its content box cut in lines of its line height. A box of blocks
 * (the body between two paragraphs) has no lines of its own to cut.
 */
function lineAt(root: DocumentOrShadowRoot, article: HTMLElement, y: number): Line | null {
  const column = article.getBoundingClientRect();
  const hit = root.elementFromPoint(column.left + column.width / 2, y);
  const block = hit === null ? null : blockOf(hit, article);
  if (block === null || block === article || !laysOutLines(block)) return null;
  const style = getComputedStyle(block);
  const box = block.getBoundingClientRect();
  const top = box.top + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.paddingTop);
  const bottom =
    box.bottom - Number.parseFloat(style.borderBottomWidth) - Number.parseFloat(style.paddingBottom);
  const height = lineHeightOf(style);
  if (y < top || y >= bottom || height <= 0) return null;
  return { top: top + Math.floor((y - top) / height) * height, height };
}

/** The first line from `y` on, going `direction` (1 down, −1 up), within MAX_GAP_LINES lines of text. */
function lineFrom(
  root: DocumentOrShadowRoot,
  article: HTMLElement,
  y: number,
  direction: 1 | -1,
): Line | null {
  const reach = MAX_GAP_LINES * lineHeightOf(getComputedStyle(article));
  for (let step = 0; step <= reach; step += SEARCH_STEP) {
    const line = lineAt(root, article, y + direction * step);
    if (line !== null) return line;
  }
  return null;
}

/** Whether a key at `target` moves the band: the focus is on the article (or the scroller), not a control. */
function inArticleText(target: EventTarget | null, parts: LineFocusParts): boolean {
  if (!(target instanceof Element)) return false;
  if (parts.toolbar.contains(target)) return false;
  if (target.closest('input, select, textarea, button, [contenteditable]') !== null) return false;
  return target === parts.scroller || parts.article.contains(target);
}

/** Line focus on the screen: `refresh` after the text's layout changed (a setting), `stop` to take it away. */
export interface LineFocus {
  refresh(): void;
  stop(): void;
}

/**
 * Shows line focus of `lines` lines over the article until it is stopped: the band follows the pointer, the
 * scroll and ↑ ↓.
 */
export function showLineFocus(parts: LineFocusParts, lines: number): LineFocus {
  const { focus, above, below, scroller, toolbar, article } = parts;
  const root = article.getRootNode() as unknown as DocumentOrShadowRoot;
  // The band's middle line, in the viewport's coordinates, while the text under it may scroll.
  let current: Line | null = null;

  const draw = (): void => {
    // Its parent is the reader's root, which it is placed in (not offsetParent: none while it is hidden).
    const frame = focus.parentElement?.getBoundingClientRect() ?? { top: 0 };
    const clipTop = toolbar.getBoundingClientRect().bottom - frame.top;
    focus.style.setProperty('top', `${Math.max(0, clipTop)}px`);
    // The scrollbar stays undimmed: it is a control too.
    focus.style.setProperty('right', `${scroller.offsetWidth - scroller.clientWidth}px`);
    focus.hidden = current === null;
    if (current === null) return;
    const before = Math.floor((lines - 1) / 2);
    const bandTop = current.top - before * current.height - frame.top - Math.max(0, clipTop);
    const bandHeight = lines * current.height;
    above.style.setProperty('height', `${Math.max(0, bandTop)}px`);
    below.style.setProperty('top', `${Math.max(0, bandTop + bandHeight)}px`);
  };

  const snapTo = (y: number): void => {
    const line = lineAt(root, article, y);
    if (line !== null) current = line;
    draw();
  };

  /** Moves the band a line; false where no line is on the screen that way (the key then scrolls, as without). */
  const step = (direction: 1 | -1): boolean => {
    const from = current ?? lineFrom(root, article, toolbar.getBoundingClientRect().bottom, 1);
    if (from === null) return false;
    const edge = direction === 1 ? from.top + from.height + 1 : from.top - 1;
    const next = current === null ? from : lineFrom(root, article, edge, direction);
    if (next === null) return false;
    current = next;
    keepInView(next);
    draw();
    return true;
  };

  // A band moved off the screen scrolls the article so that it shows again, with its lines around it.
  const keepInView = (line: Line): void => {
    const view = scroller.getBoundingClientRect();
    const top = toolbar.getBoundingClientRect().bottom;
    const margin = Math.ceil(lines / 2) * line.height;
    const below = line.top + line.height + margin - view.bottom;
    const above = top - (line.top - margin);
    const delta = below > 0 ? below : above > 0 ? -above : 0;
    if (delta === 0) return;
    const was = scroller.scrollTop;
    scroller.scrollTo({ top: was + delta, behavior: 'instant' });
    if (current !== null) current = { ...current, top: current.top - (scroller.scrollTop - was) };
  };

  const onPointerMove = (event: PointerEvent): void => {
    if (!event.isTrusted || toolbar.contains(event.target as Node)) return;
    snapTo(event.clientY);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (!event.isTrusted || !inArticleText(event.target, parts)) return;
    if (step(event.key === 'ArrowDown' ? 1 : -1)) event.preventDefault();
  };
  // The text scrolls (or reflows) under a band that stays where it is on the screen: it takes the line now there.
  const follow = (): void => {
    if (current === null) draw();
    else snapTo(current.top + current.height / 2);
  };
  const resized = new ResizeObserver(follow);

  scroller.addEventListener('pointermove', onPointerMove);
  scroller.addEventListener('keydown', onKeyDown);
  scroller.addEventListener('scroll', follow, { passive: true });
  resized.observe(scroller);
  resized.observe(toolbar);
  current = lineFrom(root, article, toolbar.getBoundingClientRect().bottom + 1, 1);
  draw();
  return {
    refresh: follow,
    stop() {
      scroller.removeEventListener('pointermove', onPointerMove);
      scroller.removeEventListener('keydown', onKeyDown);
      scroller.removeEventListener('scroll', follow);
      resized.disconnect();
      focus.hidden = true;
    },
  };
}
