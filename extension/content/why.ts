/**
 * "Why this text", a chunk of its own (extension/shared/chunks.ts): it explains the content script's own reading
 * of the page (ToolHost.readPage, through src/inspect.ts explainSegments), segment by segment. The reader steps
 * aside and every segment of the page is outlined where it is, coloured by the model's probability that it is
 * article text, the chosen run marked; pointing at one (or ← → through them) shows what weighed most in its
 * score. "Copy diagnostics" shows a JSON report and, confirmed, puts it on the clipboard, through the extension as
 * every copy is. Nothing is fetched or sent anywhere.
 */
import { boundingRectOf } from '../../src/dom/access.ts';
import { explainSegments, type SegmentExplained } from '../../src/inspect.ts';
import type { SiteRule } from '../../src/rules/index.ts';
import { keepAdopted } from '../reader/styles.ts';
import { whyView } from '../reader/Why.ts';
import whyCss from '../reader/why.css?inline';
import { sendToExtension } from '../shared/messages.ts';
import { register } from './registry.ts';
import type { ToolHost } from './tool-host.ts';

/** A segment on the page, in document coordinates, with whether the run took it. */
interface Placed {
  segment: SegmentExplained;
  index: number;
  inRun: boolean;
  top: number;
  left: number;
  width: number;
  height: number;
}

function place(host: ToolHost, rule: SiteRule | null, template: readonly number[]): Placed[] {
  const { diagnostics } = host.extracted.article;
  const run = diagnostics.method === 'segments' ? diagnostics.run : null;
  const out: Placed[] = [];
  explainSegments(host.readPage, document, rule, template).forEach((segment, index) => {
    const r = boundingRectOf(segment.block);
    if (r.width === 0 || r.height === 0) return;
    const inRun = run !== null && index >= run.start && index <= run.end;
    out.push({
      segment,
      index,
      inRun,
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
const fenced = (json: string): string => `\`\`\`json\n${json.replace(/`/g, '\\u0060')}\n\`\`\`\n`;

/**
 * What a bug report needs: how the page was read, and each segment's score, length and reasons; the start of a
 * segment's text only for those in the article (the rest of the page, its menus, comments and boxes, may say
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
        segments: placed.map(({ segment, index, inRun }) => ({
          index,
          inRun,
          probability: segment.probability === null ? null : Math.round(segment.probability * 1000) / 1000,
          length: segment.length,
          template: segment.template,
          ...(inRun ? { start: segment.text.slice(0, 80) } : {}),
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
    taken: placed.filter((p) => p.inRun).length,
    segments: placed.map(({ segment, inRun, top, left, width, height }) => ({
      probability: segment.probability,
      inRun,
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
