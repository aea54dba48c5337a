/**
 * "Pick the article on the page": the reader steps aside, the page shows through our own
 * transparent layer (the overlay's modal dialog, still in the top layer: the page can neither cover it nor see
 * what is pointed at), and a person points at the article. The box under the pointer is outlined; the wheel or
 * ↑ / ↓ widen to the box around it or narrow back, ← / → go to the boxes beside it; a click or Enter takes it,
 * Esc gives the reader back unchanged. A box chosen with the wheel or the keys stays outlined while the pointer
 * goes to the bar's buttons. Keyboard alone works from the box that holds the reader's article.
 *
 * The page is inert under a modal dialog, so the browser's hit testing (`elementsFromPoint`) finds none of its
 * elements: the box under the pointer is found by walking down the page's boxes that hold the point, through
 * src/dom/access.ts (the page's named elements can't redirect the walk), each step bounded.
 */
import {
  bodyOf,
  boundingRectOf,
  containsNode,
  firstElementChildOf,
  localNameOf,
  nextElementSiblingOf,
  parentElementOf,
  previousElementSiblingOf,
  textContentOf,
} from '../../src/dom/access.ts';
import { elementChildren, MAX_ANCESTORS } from '../../src/dom/limits.ts';
import { pickerSurface } from '../reader/FixBars.tsx';
import { tCount } from '../shared/i18n.ts';

/** Deeper than any page's article sits; a bound on the walk down, not a limit anyone meets. */
const MAX_DEPTH = 512;
/**
 * How long the pointer rests on a box before it is pointed at, once a box was chosen with the wheel or the keys:
 * longer than a glide across it (a frame or two) takes, as short as a person's pause on what they mean.
 */
const POINTING_MS = 250;

export interface PickOptions {
  /** Where the surface goes: the reader's mount, whose own view it hides meanwhile. */
  mount: HTMLElement;
  /** The box to start from with the keyboard: the page element holding the reader's article. */
  start: Element | null;
  /** Called with the box taken (`add`: to add after the article, not as it), or null when cancelled. */
  done(picked: Element | null, add: boolean): void;
}

const hasBox = (el: Element): boolean => {
  const r = boundingRectOf(el);
  return r.width > 0 && r.height > 0;
};

/** The deepest page box under the point (viewport coordinates), the last painted of siblings that hold it. */
export function boxAt(x: number, y: number): Element | null {
  let at: Element | null = bodyOf(document);
  for (let depth = 0; at !== null && depth < MAX_DEPTH; depth++) {
    let next: Element | null = null;
    for (const child of elementChildren(at)) {
      const r = boundingRectOf(child);
      if (r.width > 0 && r.height > 0 && x >= r.left && x < r.right && y >= r.top && y < r.bottom)
        next = child;
    }
    if (next === null) return at;
    at = next;
  }
  return at;
}

/** The nearest box holding both `a` and `b`, below the body. */
export function boxAround(a: Element, b: Element): Element {
  let at: Element | null = a;
  for (let steps = 0; at !== null && steps < MAX_ANCESTORS; steps++, at = parentElementOf(at))
    if (containsNode(at, b)) return at;
  return a;
}

const isPageRoot = (el: Element): boolean => {
  const tag = localNameOf(el).toLowerCase();
  return tag === 'body' || tag === 'html';
};

/** A sibling of `el` with a box, in the direction given. */
function sibling(el: Element, forward: boolean): Element | null {
  let at = forward ? nextElementSiblingOf(el) : previousElementSiblingOf(el);
  for (let steps = 0; at !== null && steps < 1000; steps++) {
    if (hasBox(at)) return at;
    at = forward ? nextElementSiblingOf(at) : previousElementSiblingOf(at);
  }
  return null;
}

function firstChildWithBox(el: Element): Element | null {
  let at = firstElementChildOf(el);
  for (let steps = 0; at !== null && steps < 1000; steps++) {
    if (hasBox(at)) return at;
    at = nextElementSiblingOf(at);
  }
  return null;
}

/** A box's words, for the label: what taking it would give, roughly. */
function wordsIn(el: Element): number {
  const text = textContentOf(el) ?? '';
  return text.length > 2_000_000 ? Math.round(text.length / 6) : (text.match(/\S+/g)?.length ?? 0);
}

export function pickOnPage({ mount, start, done }: PickOptions): void {
  const surface = pickerSurface();
  /** The boxes narrowed from, so ↓ goes back the way ↑ came. */
  const narrower: Element[] = [];
  let target: Element | null = null;
  /**
   * The outlined box was chosen with the wheel or the keys: the pointer moving on (to the bar's buttons, over
   * smaller boxes inside it and the page beside it) keeps it; only the pointer resting on a box outside it for
   * POINTING_MS outlines that box.
   */
  let chosen = false;
  let resting = 0;
  let frame = 0;

  const show = (el: Element | null) => {
    target = el;
    if (el === null) {
      surface.outline(null, '');
      return;
    }
    const words = wordsIn(el);
    surface.outline(boundingRectOf(el), `${localNameOf(el).toLowerCase()} · ${tCount('words', words)}`);
  };

  const finish = (picked: Element | null, add = false) => {
    cancelAnimationFrame(frame);
    clearTimeout(resting);
    surface.element.remove();
    mount.classList.remove('l-picking');
    done(picked, add);
  };

  const scrollPage = (direction: number) => {
    window.scrollBy(0, direction * Math.round(window.innerHeight * 0.8));
    show(target);
  };

  const choose = (el: Element) => {
    chosen = true;
    show(el);
  };
  const widen = () => {
    const parent = target === null ? null : parentElementOf(target);
    if (target === null || parent === null || isPageRoot(parent)) return;
    narrower.push(target);
    choose(parent);
  };
  const narrow = () => {
    if (target === null) return;
    const back = narrower.pop();
    const inner = back !== undefined && containsNode(target, back) ? back : firstChildWithBox(target);
    if (inner !== null) choose(inner);
  };

  const pointAt = (x: number, y: number) => {
    const under = boxAt(x, y);
    chosen = false;
    if (under !== target) {
      narrower.length = 0;
      show(under);
    }
  };
  // Over the page only: on its way to the bar's buttons the pointer crosses the bar, and the page's boxes under
  // the bar are not what the person pointed at.
  surface.area.addEventListener('mousemove', (event) => {
    const { clientX: x, clientY: y } = event;
    clearTimeout(resting);
    if (chosen) {
      resting = window.setTimeout(() => {
        const under = boxAt(x, y);
        if (target === null || under === null || !containsNode(target, under)) pointAt(x, y);
      }, POINTING_MS);
      return;
    }
    if (frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      pointAt(x, y);
    });
  });
  surface.area.addEventListener('mouseleave', () => clearTimeout(resting));
  surface.element.addEventListener(
    'wheel',
    (event) => {
      event.preventDefault();
      if (event.deltaY < 0) widen();
      else if (event.deltaY > 0) narrow();
    },
    { passive: false },
  );
  surface.area.addEventListener('click', () => finish(target));
  surface.take.addEventListener('click', () => finish(target));
  surface.add.addEventListener('click', () => finish(target, true));
  surface.cancel.addEventListener('click', () => finish(null));
  surface.element.addEventListener('keydown', (event) => {
    const keys: Record<string, () => void> = {
      ArrowUp: widen,
      ArrowDown: narrow,
      ArrowLeft: () => target && choose(sibling(target, false) ?? target),
      ArrowRight: () => target && choose(sibling(target, true) ?? target),
      Enter: () => finish(target),
      a: () => finish(target, true),
      // The page scrolls under the surface (the wheel widens and narrows): the box outlined follows it.
      PageDown: () => scrollPage(1),
      PageUp: () => scrollPage(-1),
      ' ': () => scrollPage(event.shiftKey ? -1 : 1),
      Escape: () => finish(null),
    };
    const act = keys[event.key];
    if (act === undefined || (event.key === 'Enter' && event.target instanceof HTMLButtonElement)) return;
    event.preventDefault();
    act();
  });

  mount.classList.add('l-picking');
  mount.append(surface.element);
  // Through the prototype: a form's control named `scrollIntoView` would stand in for the method.
  if (start !== null) Element.prototype.scrollIntoView.call(start, { block: 'start' });
  show(start);
  surface.focus();
}
