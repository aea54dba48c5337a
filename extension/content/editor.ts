/**
 * The reader's Edit mode, where a person removes the blocks that are not the article and Lectern remembers it
 * for the site, and the bar that says when a site's fix is in use; part of the tools chunk
 * (tools.ts), loaded when a person starts editing, or after the first paint of a page read with a fix.
 *
 * What a person points at in the reader is a copy; the fix must name the page's own element. The reader's body
 * is a clone of the extractor's copy (src/clean/present.ts), so the two trees pair element by element (less the
 * images, with images off), and the copy knows each block's page element (Extracted.sources). Each removal is
 * read at once with the new fix and shown: what the person sees is what the fix gives on the next page.
 */
import { localNameOf, parentElementOf } from '../../src/dom/access.ts';
import { MAX_ANCESTORS } from '../../src/dom/limits.ts';
import { MAX_REMOVALS, matchRule, parseRule, type SiteRule } from '../../src/rules/index.ts';
import { selectorFor, selectorLike } from '../../src/rules/selector.ts';
import type { Extracted } from '../../src/types.ts';
import { articleElements } from '../reader/added.ts';
import { type EditBar, editBar, type FixBar, fixBar } from '../reader/FixBars.tsx';
import { t, tCount } from '../shared/i18n.ts';
import { type FixKept, sendToExtension } from '../shared/messages.ts';
import { boxAround, pickOnPage } from './picker.ts';
import { goToPlace, type Place, placeOf } from './place.ts';
import type { ToolHost } from './tool-host.ts';

/** An edit going on: the fix it started from, as edited so far, and each earlier step for Undo. */
interface Session {
  before: SiteRule | null;
  rule: SiteRule;
  history: SiteRule[];
  /** The page element removed last, for "Remove blocks like this". */
  last: Element | null;
  /** What to show in the bar after the reader is shown again. */
  status: string;
  /** Where the reader was in the article, and which block had the focus, before it was shown again. */
  place: Place | null;
  focus: number;
}

let session: Session | null = null;
/** The reading shown without the site's fix (the bar's Undo): its bar offers the fix back. */
let withoutFix: Extracted | null = null;
/** The reading shown with the blocks the site repeats (the memory bar's "Show them"): its bar leaves them out. */
let withTemplate: Extracted | null = null;
/** What came of the edit that just ended, for the bar of the reader shown next. */
let outcome = '';
/**
 * Where the reader was in the article when the edit ended: the reader shown next (with the fix, or without it)
 * opens there, not at the top, which made the minutes left rise.
 */
let endedAt: Place | null = null;

const EMPTY: SiteRule = { root: null, remove: [] };

/** The fix each reading the editor asked for was read with ("Why this text" must read the page the same way). */
const readWith = new WeakMap<Extracted, SiteRule | null>();

function readWithRule(host: ToolHost, rule: SiteRule | null, memory = true): Extracted | null {
  const next = host.extract(document, { rule, template: memory ? host.template() : null });
  if (next !== null) readWith.set(next, rule);
  return next;
}

/** The fix the reader's article was read with: the editor's, else the site's when it was applied. */
export function ruleOf(host: ToolHost): SiteRule | null {
  const asked = readWith.get(host.extracted);
  if (asked !== undefined) return asked;
  return host.extracted.article.diagnostics.rule === 'applied' ? host.rule() : null;
}
const site = (): string => location.host;

/** Where the reader shown now is in its article. */
function placeNow(host: ToolHost): Place | null {
  const parts = host.parts();
  return parts === null ? null : placeOf(parts);
}

/** What the reader says of a fix it asked the background to keep; never another site: the bar is in the page. */
function keptMessage({ kept, dropped }: FixKept): string {
  if (kept === 'forgotten') return t('fixForgotten', site());
  if (kept === 'private') return t('fixPrivate');
  const room = dropped > 0 ? ` ${tCount('fixRoom', dropped)}` : '';
  return t('fixSaved', site()) + room;
}

/**
 * For each reader shown, and to start editing (`start`): the Edit mode while an edit goes on, else the bar of
 * the site's fix when one was used.
 */
export function attachEditor(host: ToolHost, start: boolean): void {
  if (start && session === null) {
    // As stored (checked where it was read, shared/site.ts); here it is built on.
    const rule = parseRule(host.rule());
    session = {
      before: rule,
      rule: rule ?? EMPTY,
      history: [],
      last: null,
      status: '',
      // The Edit mode opens where the person was reading.
      place: placeNow(host),
      focus: -1,
    };
    // Read with the site's fix (the reader may show the page without it): the Edit mode starts from there.
    reread(host, rule);
    return;
  }
  if (session !== null) {
    editMode(host, session);
    return;
  }
  const said = outcome;
  outcome = '';
  showMemoryBar(host);
  const bar = showFixBar(host);
  if (bar) bar.say(said);
  else if (said) host.parts()?.main.prepend(fixBar(said, []).element);
  // With the bars in place above the text.
  const parts = host.parts();
  if (parts) goToPlace(parts, endedAt);
  endedAt = null;
}

/**
 * The bar of the site's boilerplate memory (shared/memory.ts), when it left blocks out of this page: they can
 * be shown (this page only), and the site forgotten.
 */
const LEARNT = t('memoryBar');

function showMemoryBar(host: ToolHost): void {
  const parts = host.parts();
  if (parts === null) return;
  const rule = ruleOf(host);
  const count = host.extracted.article.diagnostics.template;
  const show = (memory: boolean) => {
    const next = readWithRule(host, rule, memory);
    withTemplate = memory ? null : next;
    if (next) host.show(next);
  };
  const forget = async () => {
    try {
      await sendToExtension('background:forget-memory', {});
    } catch (error) {
      bar.say(t('memoryCouldntForget', site(), error instanceof Error ? error.message : String(error)));
      return;
    }
    host.forget();
    outcome = t('memoryForgotten', site());
    show(true);
  };
  let bar: FixBar;
  if (host.extracted === withTemplate) {
    bar = fixBar(
      t('memoryShowing', site()),
      [
        [t('memoryLeaveOut'), () => show(true)],
        [t('memoryForget'), forget],
      ],
      LEARNT,
    );
  } else if (count > 0) {
    bar = fixBar(
      tCount('memoryLeftOut', count, site()),
      [
        [t('memoryShow'), () => show(false)],
        [t('memoryForget'), forget],
      ],
      LEARNT,
    );
  } else return;
  parts.main.prepend(bar.element);
}

function ignore(): void {}

/** The bar of the site's fix, when there is one to show: in use, not matching, or turned off for this page. */
function showFixBar(host: ToolHost): FixBar | null {
  const parts = host.parts();
  if (parts === null) return null;
  const use = host.extracted.article.diagnostics.rule;
  const edit = () => attachEditor(host, true);
  const forget = async () => {
    try {
      await sendToExtension('background:fix', { rule: null });
    } catch (error) {
      bar.say(t('fixCouldntForget', error instanceof Error ? error.message : String(error)));
      return;
    }
    host.use(null);
    withoutFix = null;
    bar.say(t('fixForgotten', site()));
    bar.actions([]);
  };
  let bar: FixBar;
  if (host.extracted === withoutFix) {
    bar = fixBar(t('fixWithout', site()), [
      [t('fixUse'), () => reread(host, host.rule())],
      [t('fixForget'), forget],
    ]);
  } else if (use === 'applied') {
    sendToExtension('background:fix-used', {}).catch(ignore);
    bar = fixBar(t('fixUsing', site()), [
      [
        t('undo'),
        () => {
          withoutFix = readWithRule(host, null);
          if (withoutFix) host.show(withoutFix);
        },
      ],
      [t('edit'), edit],
    ]);
  } else if (use === 'unmatched') {
    bar = fixBar(t('fixUnmatched', site()), [
      [t('edit'), edit],
      [t('fixForget'), forget],
    ]);
  } else return null;
  parts.main.prepend(bar.element);
  return bar;
}

function reread(host: ToolHost, rule: SiteRule | null): void {
  withoutFix = null;
  const next = readWithRule(host, rule);
  if (next) host.show(next);
}

/** The reader's blocks that name a page element, each with that element. */
function editableBlocks(host: ToolHost, content: Element, images: boolean): Map<Element, Element> {
  // Without the reader's own frames, buttons and tokens (added.ts), which the copy never held.
  const shown = articleElements(content);
  const copied = Array.from(host.extracted.body.querySelectorAll('*')).filter(
    (el) => images || el.localName !== 'img',
  );
  const out = new Map<Element, Element>();
  // The reader's body is a clone of the copy: the same elements in the same order, or the pairing is off.
  if (shown.length !== copied.length) return out;
  shown.forEach((el, i) => {
    const copy = copied[i] as Element;
    const source = el.localName === copy.localName ? host.extracted.sources.get(copy) : undefined;
    if (source) out.set(el, source);
  });
  return out;
}

function editMode(host: ToolHost, state: Session): void {
  const parts = host.parts();
  if (parts === null) return;
  const { root, content } = parts;
  const blocks = editableBlocks(host, content, root.getAttribute('data-images') !== 'off');
  const order = [...blocks.keys()];
  let target: Element | null = null;

  const finish = (rule: SiteRule | null, status: string) => {
    // Before the bar and the blocks' frames go, which moves the text.
    endedAt = placeNow(host);
    session = null;
    outcome = status;
    content.classList.remove('l-editing');
    for (const el of order) {
      el.classList.remove('l-editable', 'l-target');
      el.removeAttribute('tabindex');
    }
    content.removeEventListener('click', onClick, true);
    content.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('keydown', onEscape);
    content.removeEventListener('mouseover', onOver);
    bar.element.remove();
    reread(host, rule);
  };

  const show = (rule: SiteRule, status: string, focus: number) => {
    const next = readWithRule(host, rule);
    if (next === null) {
      bar.say(t('editNoTextLeft'));
      return false;
    }
    state.history.push(state.rule);
    state.rule = rule;
    state.status = status;
    state.place = placeNow(host);
    state.focus = focus;
    host.show(next);
    return true;
  };

  const remove = (block: Element) => {
    if (state.rule.remove.length >= MAX_REMOVALS) {
      bar.say(t('editTooManyRemoved', MAX_REMOVALS));
      return;
    }
    const source = blocks.get(block);
    const selector = source ? selectorFor(source, document) : null;
    if (!source || selector === null) {
      bar.say(t('editCantName'));
      return;
    }
    const rule: SiteRule = { ...state.rule, remove: [...state.rule.remove, selector] };
    if (!hides(rule, source)) {
      bar.say(t('editHoldsArticle'));
      return;
    }
    state.last = source;
    show(rule, t('editRemoved'), order.indexOf(block));
  };

  const removeLikeLast = () => {
    const last = state.last;
    const like = last ? selectorLike(last, document) : null;
    if (last === null || like === null) {
      bar.say(t('editNoLike'));
      return;
    }
    const rule: SiteRule = { ...state.rule, remove: [...state.rule.remove.slice(0, -1), like] };
    // The one removed before, and those of the reader's blocks the wider fix takes too.
    const removed = 1 + blocksLeftOut(order, blocks, state.rule, rule);
    show(rule, removed === 1 ? t('editNoOtherLike') : tCount('editRemovedLike', removed), state.focus);
  };

  const pick = () => {
    const sources = [...blocks.values()];
    const first = sources[0];
    const last = sources[sources.length - 1];
    pickOnPage({
      mount: root.parentElement ?? root,
      start: first && last ? boxAround(first, last) : null,
      done(picked, add) {
        if (picked === null) return bar.focus();
        const tag = localNameOf(picked).toLowerCase();
        const selector = tag === 'body' || tag === 'html' ? null : selectorFor(picked, document);
        if (selector === null) {
          bar.say(t('pickCantName'));
          return bar.focus();
        }
        const { root, remove, add: added = [] } = state.rule;
        if (add && added.length >= MAX_REMOVALS) {
          bar.say(t('pickTooMany', MAX_REMOVALS));
          return bar.focus();
        }
        show(
          add
            ? { root, remove, add: [...added, selector] }
            : { root: selector, remove, ...(added.length > 0 ? { add: added } : {}) },
          add ? t('pickAdded') : t('pickTaken'),
          -1,
        );
      },
    });
  };

  const undo = () => {
    const previous = state.history.pop();
    if (previous === undefined) return;
    const next = readWithRule(host, holdsAnything(previous) ? previous : null);
    if (next === null) return;
    state.rule = previous;
    // "Like this" widens the last removal: after an Undo there is none to widen.
    state.last = null;
    state.status = 'Undone.';
    state.place = placeNow(host);
    host.show(next);
  };

  const done = async () => {
    const rule = holdsAnything(state.rule) ? state.rule : null;
    if (sameRule(rule, state.before)) return finish(state.before, '');
    try {
      const kept = await sendToExtension('background:fix', { rule });
      host.use(rule);
      finish(rule, keptMessage(kept));
    } catch (error) {
      bar.say(t('fixCouldntSave', error instanceof Error ? error.message : String(error)));
    }
  };

  const bar: EditBar = editBar({
    site: site(),
    canUndo: state.history.length > 0,
    canLike: state.last !== null,
    onUndo: undo,
    onLike: removeLikeLast,
    onPick: pick,
    onDone: () => {
      done().catch(ignore);
    },
    onCancel: () => finish(state.before, ''),
  });
  bar.say(state.status);

  const targetOf = (node: EventTarget | null): Element | null => {
    for (let el = node instanceof Element ? node : null; el && el !== content; el = el.parentElement)
      if (blocks.has(el)) return el;
    return null;
  };
  const mark = (el: Element | null) => {
    target?.classList.remove('l-target');
    target = el;
    target?.classList.add('l-target');
  };
  const onOver = (event: Event) => mark(targetOf(event.target));
  function onClick(event: MouseEvent): void {
    // Links and buttons in the article do nothing while editing: a click removes.
    event.preventDefault();
    event.stopPropagation();
    const block = targetOf(event.target);
    if (block) remove(block);
  }
  function onKeyDown(event: KeyboardEvent): void {
    const block = targetOf(event.target);
    if (block && (event.key === 'Enter' || event.key === 'Delete' || event.key === 'Backspace')) {
      event.preventDefault();
      remove(block);
    }
  }
  // Esc ends the edit first, wherever the focus is in the reader (the reader's own Esc would close it).
  function onEscape(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    finish(state.before, '');
  }

  content.classList.add('l-editing');
  for (const el of order) {
    el.classList.add('l-editable');
    el.setAttribute('tabindex', '0');
  }
  content.addEventListener('click', onClick, true);
  content.addEventListener('keydown', onKeyDown);
  content.addEventListener('mouseover', onOver);
  root.addEventListener('keydown', onEscape);
  // In the sticky toolbar: in view while the article scrolls under it, covering none of it.
  parts.bar.append(bar.element);
  goToPlace(parts, state.place);
  const focus = order[Math.min(state.focus, order.length - 1)] ?? null;
  if (state.focus >= 0 && focus instanceof HTMLElement) focus.focus({ preventScroll: true });
  else bar.focus();
}

/**
 * Whether `rule` hides `el` on this page: it or a box around it is among what the rule removes. The page's
 * tree is read through src/dom/access.ts (`<input name="parentElement">` must not redirect the walk up).
 */
function hides(rule: SiteRule, el: Element): boolean {
  return inRemoved(matchRule(document, rule).removed, el);
}

/** Whether `el` or a box around it is one of `removed`. */
function inRemoved(removed: ReadonlySet<Element>, el: Element): boolean {
  let at: Element | null = el;
  for (let steps = 0; at !== null && steps < MAX_ANCESTORS; steps++, at = parentElementOf(at))
    if (removed.has(at)) return true;
  return false;
}

/**
 * How many of the reader's blocks (`order`, in document order, each with its page element in `blocks`) `after`
 * leaves out that `before` kept: each counted once with what it holds. The fix's selectors match the page's
 * blocks outside the article too (a sidebar's of the same kind), which were never in the reader.
 */
function blocksLeftOut(
  order: readonly Element[],
  blocks: ReadonlyMap<Element, Element>,
  before: SiteRule,
  after: SiteRule,
): number {
  const was = matchRule(document, before).removed;
  const now = matchRule(document, after).removed;
  let count = 0;
  let counted: Element | null = null;
  for (const shown of order) {
    if (counted?.contains(shown)) continue;
    const source = blocks.get(shown);
    if (source === undefined || !inRemoved(now, source) || inRemoved(was, source)) continue;
    count++;
    counted = shown;
  }
  return count;
}

/** Whether a fix picks, removes or adds anything (one that does none is no fix). */
const holdsAnything = (rule: SiteRule): boolean =>
  rule.root !== null || rule.remove.length > 0 || (rule.add?.length ?? 0) > 0;

function sameRule(a: SiteRule | null, b: SiteRule | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
