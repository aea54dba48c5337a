/**
 * "Export, then say what happened", written once for the three places a person exports from: the reader
 * (its toolbar and More menu, through the exporters chunk: extension/content/exporters.ts), the popup and the
 * toolbar button's menu. Each says where the copy or the file is made and where a copy is written (an
 * `Exporter`), and how it tells the person what came of it, in its own words (the reader's toast, the popup's
 * status line, the button's tooltip). No extension API here: the reader, mountable without the extension,
 * reads its types.
 */
import type { CopyFormat, SaveFormat } from './formats.ts';
import { t } from './i18n.ts';
import type { ClipboardData, ExportReply } from './messages.ts';

export type ExportRequest = { action: 'copy'; format: CopyFormat } | { action: 'save'; format: SaveFormat };

export type ExportAction = ExportRequest['action'];

/** What came of a copy or a save, in the words the person is shown. */
export interface Outcome {
  ok: boolean;
  message: string;
}

/** Where an export is made. */
export interface Exporter {
  /** The article in a copy format; null when the page has none. */
  copy(format: CopyFormat): Promise<ExportReply | null>;
  /** Puts a copy on the clipboard. */
  write(data: ClipboardData): Promise<unknown>;
  /** Saves the article as a file and names it; null when the page has none. */
  save(format: SaveFormat): Promise<{ name: string } | null>;
}

/** What an asker says of each outcome. */
export interface ExportWords {
  copied(format: CopyFormat, words: number): string;
  saved(name: string): string;
  failed(action: ExportAction, error: unknown): string;
  /** The page has no article (any more); when absent, said as a failure: "the article is gone". */
  none?: string;
}

const GONE = new Error(t('articleGone'));

/** Runs the copy or the save that `request` asks for with `exporter`, and says what came of it in `words`. */
export async function runExport(
  request: ExportRequest,
  exporter: Exporter,
  words: ExportWords,
): Promise<Outcome> {
  const none = (): Outcome => ({ ok: false, message: words.none ?? words.failed(request.action, GONE) });
  try {
    if (request.action === 'save') {
      const saved = await exporter.save(request.format);
      return saved === null ? none() : { ok: true, message: words.saved(saved.name) };
    }
    const copied = await exporter.copy(request.format);
    if (copied === null) return none();
    await exporter.write({ text: copied.text, html: copied.html });
    return { ok: true, message: words.copied(request.format, copied.words) };
  } catch (error) {
    return { ok: false, message: words.failed(request.action, error) };
  }
}
