/**
 * "Why this text", a chunk of its own (extension/shared/chunks.ts): it explains the content script's own reading
 * of the page (ToolHost.readPage, through src/inspect.ts explainSegments), segment by segment. The reader steps
 * aside and every segment of the page is outlined where it is, coloured by the model's probability that it is
 * article text, the chosen run marked; pointing at one (or ← → through them) shows what weighed most in its
 * score. "Copy diagnostics" shows a JSON report and, confirmed, puts it on the clipboard, through the extension as
 * every copy is. Nothing is fetched or sent anywhere.
 */
import { boundingRectOf, parentElementOf } from '../../src/dom/access.ts';
import { explainSegments, type SegmentExplained } from '../../src/inspect.ts';
import type { SiteRule } from '../../src/rules/index.ts';
import { keepAdopted } from '../reader/styles.ts';
import { type WhyShown, whyView } from '../reader/Why.tsx';
import whyCss from '../reader/why.css?inline';
import { sendToExtension } from '../shared/messages.ts';
import { register } from './registry.ts';
import type { ToolHost } from './tool-host.ts';

/** A segment on the page, in document coordinates, with whether the run took it and what the reader shows of it. */
interface Placed {
  segment: SegmentExplained;
  index: number;
  inRun: boolean;
  shown: WhyShown;
  top: number;
  left: number;
  width: number;
  height: number;
}

/** How far up from a segment's box a block of the article is looked for (the blocks copied whole hold boxes). */
const MAX_UP = 32;

const squashed = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What the reader shows of a segment, from the article it shows (not from the run: the lead before the run is
 * shown, a pull quote inside it is not, and a declared body or a picked box has no run): a block of the article,
 * when the segment's box or a box around it was copied into it with the segment's words; else the header's
 * title or byline, when it is that line.
 */
function shownBy(host: ToolHost): (segment: SegmentExplained) => WhyShown {
  const { article, body, sources } = host.extracted;
  const copies = new Map<Element, Element>();
  for (const copy of body.querySelectorAll('*')) {
    const source = sources.get(copy);
    if (source !== undefined) copies.set(source, copy);
  }
  const words = new Map<Element, string>();
  const wordsOf = (copy: Element) => {
    const known = words.get(copy);
    if (known !== undefined) return known;
    const text = squashed(copy.textContent ?? '');
    words.set(copy, text);
    return text;
  };
  const title = squashed(article.title);
  const byline = squashed(article.byline ?? '');
  return (segment) => {
    const text = squashed(segment.text);
    if (text === '') return null;
    let box: Element | null = segment.block;
    for (let up = 0; box !== null && up < MAX_UP; up++, box = parentElementOf(box)) {
      const copy = copies.get(box);
      if (copy !== undefined) return wordsOf(copy).includes(text.slice(0, 60)) ? 'article' : null;
    }
    if (title !== '' && text === title) return 'title';
    if (byline !== '' && text.includes(byline) && text.length <= byline.length * 2 + 40) return 'byline';
    return null;
  };
}

function place(host: ToolHost, rule: SiteRule | null, template: readonly number[]): Placed[] {
  const { diagnostics } = host.extracted.article;
  const run = diagnostics.method === 'segments' ? diagnostics.run : null;
  const shownOf = shownBy(host);
  const out: Placed[] = [];
  explainSegments(host.readPage, document, rule, template).forEach((segment, index) => {
    const r = boundingRectOf(segment.block);
    if (r.width === 0 || r.height === 0) return;
    const inRun = run !== null && index >= run.start && index <= run.end;
    out.push({
      segment,
      index,
      inRun,
      shown: shownOf(segment),
      top: r.top + scrollY,
      left: r.left + scrollX,
      width: r.width,
      height: r.height,
    });
  });
  return out;
}

/** The page's address without its query and fragment (a session, a token, a search) or credentials. */
function addressOnly(url: string): string {
  try {
    const address = new URL(url);
    for (const part of ['search', 'hash', 'username', 'password'] as const) address[part] = '';
    return address.href;
  } catch {
    return '';
  }
}

/**
 * The report as a fenced JSON block: pasted into an issue tracker or a chat, nothing in it renders (no link,
 * mention, image or markup). Its backticks are written as `\u0060`, which JSON reads back the same, so no
 * text in it can close the fence.
 */
// not shown: a Markdown code fence
const fenced = (json: string): string => `\`\`\`json\n${json.replace(/`/g, '\\u0060')}\n\`\`\`\n`;

/**
 * What a bug report needs: how the page was read, and each segment's score, length and reasons; the start of a
 * segment's text only for those the reader shows (the rest of the page, its menus, comments and boxes, may say
 * more about the person than about the page).
 */
export function diagnosticsReport(host: ToolHost, rule: SiteRule | null, placed: readonly Placed[]): string {
  const { article } = host.extracted;
  const { diagnostics } = article;
  const { method, run, segmentCount, truncated, capped } = diagnostics;
  return fenced(
    JSON.stringify(
      {
        url: addressOnly(article.url),
        kind: article.kind,
        records: article.records,
        method,
        run,
        rule: { use: diagnostics.rule, fix: rule },
        template: diagnostics.template,
        segmentCount,
        truncated,
        capped,
        segments: placed.map(({ segment, index, inRun, shown }) => ({
          index,
          inRun,
          shown,
          probability: segment.probability === null ? null : Math.round(segment.probability * 1000) / 1000,
          length: segment.length,
          template: segment.template,
          ...(shown !== null ? { start: segment.text.slice(0, 80) } : {}),
          reasons: segment.reasons.map(
            (r) => `${r.feature} ${r.weight >= 0 ? '+' : ''}${r.weight.toFixed(2)}`,
          ),
        })),
      },
      null,
      2,
    ),
  );
}

/** The site's template the reader's article was read with (none after "Show them"). */
const templateOf = (host: ToolHost): readonly number[] =>
  host.extracted.article.diagnostics.template === 0 ? [] : host.template();

async function show(
  host: ToolHost,
  rule: SiteRule | null,
  mount: HTMLElement,
  done: () => void,
): Promise<void> {
  keepAdopted(host.root, whyCss);
  const placed = place(host, rule, templateOf(host));
  const { method, run } = host.extracted.article.diagnostics;
  const view = whyView({
    method,
    shown: placed.filter((p) => p.shown !== null).length,
    segments: placed.map(({ segment, shown, top, left, width, height }) => ({
      probability: segment.probability,
      shown,
      box: { top, left, width, height },
      text: segment.text,
      template: segment.template,
      reasons: segment.reasons,
    })),
    run: run === null ? null : `${run.start + 1}–${run.end + 1}`,
    report: () => diagnosticsReport(host, rule, placed),
    async copy(text) {
      await sendToExtension('background:clipboard', { text, html: null });
    },
    close() {
      view.element.remove();
      mount.classList.remove('l-picking');
      window.removeEventListener('scroll', view.follow);
      done();
    },
  });
  window.addEventListener('scroll', view.follow, { passive: true });
  mount.classList.add('l-picking');
  mount.append(view.element);
  view.follow();
  view.focus();
}

register('why', { show });
