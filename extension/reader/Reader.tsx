/** The overlay's layout: a dialog holding the toolbar and the article in one scroll container, and the toast. */
import { useCallback, useRef, useState } from 'preact/hooks';
import { ArticleBody } from './ArticleBody.tsx';
import { ArticleHeader } from './ArticleHeader.tsx';
import { copyMessage, isCjk, normalizeLang } from './format.ts';
import { Toast, useToast } from './Toast.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { CopyFormat, ReaderProps } from './types.ts';

export function Reader({ article, actions }: ReaderProps) {
  const [toast, showToast] = useToast();
  const [busy, setBusy] = useState(false);
  // A ref, not the state, guards against a double click: both clicks can arrive before a re-render.
  const copying = useRef(false);
  const lang = normalizeLang(article.lang);

  const copy = useCallback(
    async (format: CopyFormat) => {
      if (copying.current) return;
      copying.current = true;
      setBusy(true);
      try {
        const result = await actions.copy(format);
        showToast(copyMessage(format, result), result.ok ? 'ok' : 'error');
      } catch (error) {
        showToast(copyMessage(format, { ok: false, error: String(error) }), 'error');
      } finally {
        copying.current = false;
        setBusy(false);
      }
    },
    [actions, showToast],
  );

  const articleClass = isCjk(lang) ? 'lectern-article lectern-cjk' : 'lectern-article';
  return (
    <div
      class="lectern-root"
      role="dialog"
      aria-modal="true"
      aria-label={`Reader view: ${article.title}`}
      lang="en"
      dir="ltr"
    >
      <div class="lectern-scroll" tabIndex={-1}>
        <Toolbar onCopy={copy} onClose={() => actions.close()} busy={busy} />
        <div class="lectern-main">
          <article class={articleClass} lang={lang ?? undefined} dir={article.dir}>
            <ArticleHeader article={article} lang={lang} />
            <ArticleBody html={article.content} />
          </article>
        </div>
      </div>
      <Toast message={toast} />
    </div>
  );
}
