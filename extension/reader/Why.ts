/**
 * The "Why this text" view (extension/content/why.ts): every segment of the page outlined where it is, coloured
 * from red (not article text) to green (article text) by the model's probability, what the reader shows drawn thick,
 * and a panel that says how the text was found and what weighed most in the segment pointed at. Plain DOM
 * (dom.ts); positions and colours go through the CSSOM, which a page's CSP doesn't govern.
 */
import type { ExtractMethod } from '../../src/types.ts';
import { h } from './dom.ts';

/** What the reader shows of a segment: a block of the article, the header's title or byline, or nothing. */
export type WhyShown = 'article' | 'title' | 'byline' | null;

export interface WhySegment {
  /** Null for a box read as one (a footer, a comments box): never article text. */
  probability: number | null;
  shown: WhyShown;
  /** Where it is, in the page's coordinates. */
  box: { top: number; left: number; width: number; height: number };
  text: string;
  reasons: readonly { feature: string; value: number; weight: number }[];
  /** The site's other pages showed it too: the boilerplate memory set it aside. */
  template: boolean;
}

export interface WhyProps {
  method: ExtractMethod;
  /** The run's segments, numbered from 1 ("12–40"), when the text is a run. */
  run: string | null;
  /** How many outlined segments the reader shows. */
  shown: number;
  segments: readonly WhySegment[];
  /** The diagnostics as they would be copied: shown first, copied only when the person confirms. */
  report(): string;
  copy(text: string): Promise<void>;
  close(): void;
}

const FOUND_BY: Record<ExtractMethod, string> = {
  segments: 'the best run of segments by their scores',
  articleBody: 'the article body the page declares (schema.org)',
  page: 'the whole page less its menus and boxes, as no one run held the text',
  fallback: 'the largest block of text, as the best run was too weak',
  forced: 'the whole page, as you asked to show it anyway',
  rule: 'the box you picked for this site',
};

const WHERE: Record<NonNullable<WhyShown> | 'none', string> = {
  article: 'in the article',
  title: 'shown as the title',
  byline: 'shown as the byline',
  none: 'left out',
};

const percent = (p: number | null) =>
  p === null ? 'read as one box' : `${Math.round(p * 100)} % article-like`;

export function whyView(props: WhyProps): { element: HTMLElement; follow(): void; focus(): void } {
  const boxes = props.segments.map((segment, index) => {
    const box = h('div', {
      class: segment.shown === null ? 'l-why-box' : 'l-why-box l-why-in',
      'data-index': index,
    });
    const { top, left, width, height } = segment.box;
    for (const [name, value] of [
      ['top', top],
      ['left', left],
      ['width', width],
      ['height', height],
    ] as const)
      box.style.setProperty(name, `${Math.round(value)}px`);
    // Hue 0 (red) to 120 (green); a box read as one is grey.
    if (segment.probability === null) box.classList.add('l-why-none');
    else box.style.setProperty('--l-hue', String(Math.round(segment.probability * 120)));
    return box;
  });
  const layer = h('div', { class: 'l-why-boxes', 'aria-hidden': 'true' }, ...boxes);
  const detail = h('div', { class: 'l-why-detail', role: 'status' });
  const status = h('p', { class: 'l-status', role: 'status' });
  const copy = h('button', { type: 'button', class: 'l-button' }, 'Copy diagnostics');
  const back = h('button', { type: 'button', class: 'l-button' }, 'Back to the reader');
  // The panel covers part of the page: it moves to the other side.
  const side = h('button', { type: 'button', class: 'l-button' }, 'Move this panel');
  const actions = h('span', { class: 'l-actions' }, copy, side, back);
  const count = props.segments.length;
  const panel = h(
    'div',
    { class: 'l-fixbar l-why-panel' },
    h('h2', {}, 'Why this text'),
    h(
      'p',
      {},
      `Found by ${FOUND_BY[props.method]}.`,
      props.run ? ` It took segments ${props.run}.` : '',
      ` The reader shows ${props.shown} of the ${count} outlined here.`,
    ),
    h(
      'p',
      { class: 'l-why-legend' },
      'Green: read as article text, red: as not; thick: the reader shows it. Point at a box, or use ← →.',
    ),
    detail,
    actions,
    status,
  );
  const element = h(
    'div',
    { class: 'l-why', tabindex: -1, role: 'region', 'aria-label': 'Why this text' },
    h('div', { class: 'l-why-page' }, layer),
    panel,
  );

  let current = -1;
  const select = (index: number, reveal: boolean) => {
    const segment = props.segments[index];
    if (segment === undefined) return;
    boxes[current]?.classList.remove('l-why-current');
    current = index;
    boxes[index]?.classList.add('l-why-current');
    const where = WHERE[segment.shown ?? 'none'];
    detail.replaceChildren(
      h(
        'p',
        { class: 'l-why-head' },
        `Segment ${index + 1} of ${count} · ${where} · ${percent(segment.probability)}`,
      ),
      h(
        'p',
        { class: 'l-why-text' },
        segment.text.slice(0, 160) || '(a box read as one: a footer, menu or comments)',
      ),
      h(
        'ul',
        {},
        ...(segment.template
          ? [h('li', {}, 'seen on other pages of this site: set aside as its template')]
          : []),
        ...segment.reasons.map((r) =>
          h(
            'li',
            {},
            `${r.feature} = ${r.value.toFixed(2)} → ${r.weight >= 0 ? '+' : ''}${r.weight.toFixed(2)}`,
          ),
        ),
      ),
    );
    if (reveal) {
      window.scrollTo({ top: Math.max(0, segment.box.top - 120), behavior: 'instant' });
      keepClear(segment.box);
    }
  };

  /**
   * The panel goes to the other side when it covers the segment stepped to (a pointer can't reach a covered
   * box, the keys can), unless it would cover it there too (a box the page's whole width).
   */
  const keepClear = (box: WhySegment['box']) => {
    const shown = { left: box.left - scrollX, right: box.left - scrollX + box.width };
    const covers = () => {
      const r = panel.getBoundingClientRect();
      const top = box.top - scrollY;
      return r.left < shown.right && r.right > shown.left && r.top < top + box.height && r.bottom > top;
    };
    if (!covers()) return;
    panel.classList.toggle('l-why-left');
    if (covers()) panel.classList.toggle('l-why-left');
  };

  const follow = () => {
    layer.style.setProperty('transform', `translate(${-scrollX}px, ${-scrollY}px)`);
  };

  element.addEventListener('mouseover', (event) => {
    const index = Number((event.target as Element | null)?.getAttribute?.('data-index') ?? Number.NaN);
    if (Number.isInteger(index)) select(index, false);
  });
  element.addEventListener(
    'wheel',
    (event) => {
      if (panel.contains(event.target as Node)) return;
      event.preventDefault();
      window.scrollBy(0, event.deltaY);
    },
    { passive: false },
  );
  // What "Copy diagnostics" would copy, shown until the person copies it or cancels: nothing is copied unseen.
  let preview: HTMLElement | null = null;
  const closePreview = () => {
    preview?.remove();
    preview = null;
    copy.disabled = false;
    copy.focus({ preventScroll: true });
  };
  const showPreview = () => {
    if (preview !== null) return;
    const text = props.report();
    const confirm = h('button', { type: 'button', class: 'l-button' }, 'Copy');
    const cancel = h('button', { type: 'button', class: 'l-button' }, 'Cancel');
    preview = h(
      'div',
      { class: 'l-why-preview', role: 'group', 'aria-label': 'The diagnostics to copy' },
      h(
        'p',
        {},
        'This is what will be copied: the page’s address without its query, how the text was found, each block’s score and length, and the words of the blocks in the article only.',
      ),
      h('pre', { tabindex: 0 }, text),
      h('span', { class: 'l-actions' }, confirm, cancel),
    );
    confirm.addEventListener('click', () => {
      closePreview();
      props.copy(text).then(
        () => {
          status.textContent = 'Copied the diagnostics: paste them into a bug report.';
        },
        (error: unknown) => {
          status.textContent = `Couldn’t copy: ${error instanceof Error ? error.message : String(error)}`;
        },
      );
    });
    cancel.addEventListener('click', closePreview);
    copy.disabled = true;
    status.textContent = '';
    actions.after(preview);
    confirm.focus({ preventScroll: true });
  };

  element.addEventListener('keydown', (event) => {
    if (preview !== null) {
      // The preview has the keys (its text scrolls with them); Esc cancels it alone.
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closePreview();
      return;
    }
    const step: Record<string, () => void> = {
      ArrowRight: () => select(Math.min(count - 1, current + 1), true),
      ArrowLeft: () => select(Math.max(0, current - 1), true),
      PageDown: () => window.scrollBy(0, Math.round(innerHeight * 0.8)),
      PageUp: () => window.scrollBy(0, -Math.round(innerHeight * 0.8)),
      Escape: props.close,
    };
    const act = step[event.key];
    if (act === undefined) return;
    event.preventDefault();
    act();
  });
  copy.addEventListener('click', showPreview);
  back.addEventListener('click', props.close);
  side.addEventListener('click', () => panel.classList.toggle('l-why-left'));
  return { element, follow, focus: () => element.focus({ preventScroll: true }) };
}
