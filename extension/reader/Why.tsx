/**
 * The "Why this text" view (extension/content/why.ts): every segment of the page outlined where it is, coloured
 * from red (not article text) to green (article text) by the model's probability, what the reader shows drawn thick,
 * and a panel that says how the text was found and what weighed most in the segment pointed at. A Preact
 * component; positions and colours go through the CSSOM (style objects), which a page's CSP doesn't govern.
 */

import { createRef, type RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ExtractMethod } from '../../src/types.ts';
import { type MessageName, t } from '../shared/i18n.ts';
import { viewOf } from './view.ts';

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

const FOUND_BY: Record<ExtractMethod, MessageName> = {
  segments: 'whyBySegments',
  articleBody: 'whyByArticleBody',
  page: 'whyByPage',
  fallback: 'whyByFallback',
  forced: 'whyByForced',
  rule: 'whyByRule',
};

const WHERE: Record<NonNullable<WhyShown> | 'none', MessageName> = {
  article: 'whyInArticle',
  title: 'whyAsTitle',
  byline: 'whyAsByline',
  none: 'whyLeftOut',
};

const percent = (p: number | null) =>
  p === null ? t('whyOneBox') : t('whyArticleLike', Math.round(p * 100));

type Box = WhySegment['box'];

const px = (value: number) => `${Math.round(value)}px`;

/** The segments' outlines, where they are on the page; moved with the page's scroll by the view's `follow`. */
function Boxes({
  segments,
  current,
  layer,
}: {
  segments: readonly WhySegment[];
  current: number;
  layer: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div class="l-why-boxes" aria-hidden="true" ref={layer}>
      {segments.map((segment, index) => {
        const { top, left, width, height } = segment.box;
        const classes = ['l-why-box'];
        if (segment.shown !== null) classes.push('l-why-in');
        // Hue 0 (red) to 120 (green); a box read as one is grey.
        if (segment.probability === null) classes.push('l-why-none');
        if (index === current) classes.push('l-why-current');
        return (
          <div
            key={index}
            class={classes.join(' ')}
            data-index={index}
            style={{
              top: px(top),
              left: px(left),
              width: px(width),
              height: px(height),
              ...(segment.probability === null
                ? {}
                : { '--l-hue': String(Math.round(segment.probability * 120)) }),
            }}
          />
        );
      })}
    </div>
  );
}

/** What weighed most in the segment pointed at. */
function Detail({
  segment,
  index,
  count,
}: {
  segment: WhySegment | undefined;
  index: number;
  count: number;
}) {
  return (
    <div class="l-why-detail" role="status">
      {segment && (
        <>
          <p class="l-why-head">
            {t(
              'whySegment',
              index + 1,
              count,
              t(WHERE[segment.shown ?? 'none']),
              percent(segment.probability),
            )}
          </p>
          <p class="l-why-text">{segment.text.slice(0, 160) || t('whyOneBoxText')}</p>
          <ul>
            {segment.template && <li>{t('whyTemplate')}</li>}
            {segment.reasons.map((r) => (
              <li key={r.feature}>
                {`${r.feature} = ${r.value.toFixed(2)} → ${r.weight >= 0 ? '+' : ''}${r.weight.toFixed(2)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** What "Copy diagnostics" would copy, shown until the person copies it or cancels: nothing is copied unseen. */
function Preview({ text, onCopy, onCancel }: { text: string; onCopy(): void; onCancel(): void }) {
  const confirm = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => confirm.current?.focus({ preventScroll: true }), []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a text shown with its two buttons, not a form's fields.
    <div class="l-why-preview" role="group" aria-label={t('whyPreviewLabel')}>
      <p>{t('whyPreviewText')}</p>
      <pre tabindex={0}>{text}</pre>
      <span class="l-actions">
        <button type="button" class="l-button" ref={confirm} onClick={onCopy}>
          {t('rowCopy')}
        </button>
        <button type="button" class="l-button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </span>
    </div>
  );
}

interface WhyRefs {
  root: RefObject<HTMLElement | null>;
  layer: RefObject<HTMLDivElement | null>;
}

function WhyView({ props, refs }: { props: WhyProps; refs: WhyRefs }) {
  const count = props.segments.length;
  const [current, setCurrent] = useState(-1);
  const [left, setLeft] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const panel = useRef<HTMLDivElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  // The keys step from the segment shown last, which a render may not have caught up with.
  const at = useRef(-1);

  /**
   * The panel goes to the other side when it covers the segment stepped to (a pointer can't reach a covered
   * box, the keys can), unless it would cover it there too (a box the page's whole width). Measured at once,
   * on the panel's class, which the next render sets from the side chosen.
   */
  const keepClear = (box: Box) => {
    const el = panel.current;
    if (!el) return;
    const shown = { left: box.left - scrollX, right: box.left - scrollX + box.width };
    const covers = () => {
      const r = el.getBoundingClientRect();
      const top = box.top - scrollY;
      return r.left < shown.right && r.right > shown.left && r.top < top + box.height && r.bottom > top;
    };
    if (!covers()) return;
    el.classList.toggle('l-why-left');
    if (covers()) el.classList.toggle('l-why-left');
    setLeft(el.classList.contains('l-why-left'));
  };

  const select = (index: number, reveal: boolean) => {
    const segment = props.segments[index];
    if (segment === undefined) return;
    at.current = index;
    setCurrent(index);
    if (reveal) {
      window.scrollTo({ top: Math.max(0, segment.box.top - 120), behavior: 'instant' });
      keepClear(segment.box);
    }
  };

  const closePreview = () => {
    setPreview(null);
    // Enabled again once the preview has gone (this render), then focused.
    requestAnimationFrame(() => copyButton.current?.focus({ preventScroll: true }));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (preview !== null) {
      // The preview has the keys (its text scrolls with them); Esc cancels it alone.
      if (event.key !== 'Escape') return;
      event.preventDefault();
      closePreview();
      return;
    }
    const step: Record<string, () => void> = {
      ArrowRight: () => select(Math.min(count - 1, at.current + 1), true),
      ArrowLeft: () => select(Math.max(0, at.current - 1), true),
      PageDown: () => window.scrollBy(0, Math.round(innerHeight * 0.8)),
      PageUp: () => window.scrollBy(0, -Math.round(innerHeight * 0.8)),
      Escape: props.close,
    };
    const act = step[event.key];
    if (act === undefined) return;
    event.preventDefault();
    act();
  };

  // A wheel over the page scrolls it under the view; over the panel it scrolls the panel. Not passive.
  useLayoutEffect(() => {
    const root = refs.root.current;
    if (!root) return;
    const onWheel = (event: WheelEvent) => {
      if (panel.current?.contains(event.target as Node)) return;
      event.preventDefault();
      window.scrollBy(0, event.deltaY);
    };
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, [refs.root]);

  const copy = (text: string) => {
    closePreview();
    props.copy(text).then(
      () => setStatus(t('whyCopied')),
      (error: unknown) => setStatus(t('couldntCopy', error instanceof Error ? error.message : String(error))),
    );
  };

  return (
    // biome-ignore lint/a11y/useKeyWithMouseEvents: the keyboard's way is ← and →, from anywhere in the view.
    <section
      class="l-why"
      tabindex={-1}
      aria-label={t('whyTitle')}
      ref={refs.root}
      onKeyDown={onKeyDown}
      onMouseOver={(event) => {
        const index = Number((event.target as Element | null)?.getAttribute?.('data-index') ?? Number.NaN);
        if (Number.isInteger(index)) select(index, false);
      }}
    >
      <div class="l-why-page">
        <Boxes segments={props.segments} current={current} layer={refs.layer} />
      </div>
      <div class={left ? 'l-fixbar l-why-panel l-why-left' : 'l-fixbar l-why-panel'} ref={panel}>
        <h2>{t('whyTitle')}</h2>
        <p>
          {[
            t('whyFoundBy', t(FOUND_BY[props.method])),
            props.run ? t('whyTookSegments', props.run) : '',
            t('whyShows', props.shown, count),
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
        <p class="l-why-legend">{t('whyLegend')}</p>
        <Detail segment={props.segments[current]} index={current} count={count} />
        <span class="l-actions">
          <button
            type="button"
            class="l-button"
            ref={copyButton}
            disabled={preview !== null}
            onClick={() => {
              if (preview !== null) return;
              setStatus('');
              setPreview(props.report());
            }}
          >
            {t('whyCopyDiagnostics')}
          </button>
          {/* The panel covers part of the page: it moves to the other side. */}
          <button type="button" class="l-button" onClick={() => setLeft(!left)}>
            {t('whyMove')}
          </button>
          <button type="button" class="l-button" onClick={props.close}>
            {t('whyBack')}
          </button>
        </span>
        {preview !== null && <Preview text={preview} onCopy={() => copy(preview)} onCancel={closePreview} />}
        <p class="l-status" role="status">
          {status}
        </p>
      </div>
    </section>
  );
}

export function whyView(props: WhyProps): { element: HTMLElement; follow(): void; focus(): void } {
  const refs: WhyRefs = { root: createRef(), layer: createRef() };
  const view = viewOf(<WhyView props={props} refs={refs} />);
  return {
    element: view.element,
    // Every frame of a scroll: the outlines move with the page, no render.
    follow() {
      refs.layer.current?.style.setProperty('transform', `translate(${-scrollX}px, ${-scrollY}px)`);
    },
    focus: () => refs.root.current?.focus({ preventScroll: true }),
  };
}
