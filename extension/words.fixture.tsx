// What extension/words.test.ts must flag: each kind of hard-coded word once, and names it must leave alone.
import { t } from './shared/i18n.ts';

export const said = 'Nothing was saved.';
export const mime = 'text/html;charset=utf-8';
export const saved = (name: string) => `Saved ${name}`;
export const path = (id: number) => `fix-${id}`;

export function Bar() {
  return (
    <div class="toolbar wide" data-tool="copy">
      <button type="button">Close</button>
      <button type="button" aria-label="Close the reader" title={t('closeReader')} />
    </div>
  );
}
