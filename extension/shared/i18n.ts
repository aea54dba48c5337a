/**
 * Every word Lectern shows, in the person's language: the browser's `i18n.getMessage` over
 * `_locales/<lang>/messages.json`, which picks the browser's UI language and falls back to English (the
 * manifest's default_locale) for a message a language lacks. Where there is no extension API (the reader mounted
 * in a plain page by its test harness, the unit tests) the words are those `useMessagesWithoutExtension` gives,
 * English's (`english.ts`): the extension's own scripts carry no copy of the messages.
 *
 * Messages take their values as `$1`…`$9`, which both browsers substitute; counted words have one message per
 * CLDR plural category (`name_one`, `name_other`, …), chosen by the language's rule in locales.ts.
 */
import type english from '../../_locales/en/messages.json';
import { api } from './api.ts';
import { groupDecimal, groupDigits, isLocaleCode, LOCALES, type LocaleCode } from './locales.ts';

type Messages = typeof english;
export type MessageName = keyof Messages;

/** The names of counted messages: `words` for `words_one` + `words_other`. */
export type PluralName = {
  [K in MessageName]: K extends `${infer Base}_other` ? Base : never;
}[MessageName];

/** A value put into a message: a number is written the way the message's language writes it. */
export type MessageValue = string | number;

interface I18nApi {
  getMessage(name: string, substitutions?: string[]): string;
  getUILanguage(): string;
}

let browserI18n: I18nApi | null | undefined;

/** The browser's i18n API, or null outside an extension (then English is used). */
function i18nApi(): I18nApi | null {
  if (browserI18n === undefined) {
    try {
      const found = api().i18n as unknown as I18nApi | undefined;
      browserI18n = typeof found?.getMessage === 'function' ? found : null;
    } catch {
      browserI18n = null;
    }
  }
  return browserI18n;
}

/**
 * The language of the words shown: the browser's UI language where Lectern is written in it, else English (the
 * browser falls back to the default locale's file then, and each file names its own language).
 */
export function messagesLocale(): LocaleCode {
  const code = i18nApi()?.getMessage('locale') ?? '';
  return isLocaleCode(code) ? code : 'en';
}

/** `n` written the way the words around it are: "12,345", "12.345", "12 345". */
export function formatNumber(n: number): string {
  return groupDigits(n, messagesLocale());
}

/** `n` with `digits` decimals, written the way the words around it are: "1.5", "1,5". */
export function formatDecimal(n: number, digits: number): string {
  return groupDecimal(n, digits, messagesLocale());
}

const asText = (value: MessageValue): string => (typeof value === 'number' ? formatNumber(value) : value);

type MessageFile = Readonly<Record<string, { message: string } | undefined>>;

/** The messages used where no extension API gives them; none until `useMessagesWithoutExtension`. */
let withoutExtension: MessageFile = {};

/** Gives the messages to use where there is no extension API (english.ts gives English's). */
export function useMessagesWithoutExtension(messages: MessageFile): void {
  withoutExtension = messages;
}

/** The message from `withoutExtension` with `$1`…`$9` filled in, as the browsers do it (`$$` is a dollar sign). */
function messageWithoutExtension(name: string, values: readonly string[]): string {
  const entry = withoutExtension[name];
  if (!entry) return '';
  return entry.message.replace(/\$(\$|[1-9])/g, (_whole, which: string) =>
    which === '$' ? '$' : (values[Number(which) - 1] ?? ''),
  );
}

function lookUp(name: string, values: readonly MessageValue[]): string {
  const texts = values.map(asText);
  const browser = i18nApi();
  return browser ? browser.getMessage(name, texts) : messageWithoutExtension(name, texts);
}

/** The message `name` in the person's language, its `$1`… filled with `values`. */
export function t(name: MessageName, ...values: MessageValue[]): string {
  return lookUp(name, values);
}

/**
 * The counted message `name` for `count` (which is its `$1`), in the form the language uses for that number:
 * `name_one`, `name_many`, …; a form a language's file leaves out falls back to `name_other`.
 */
export function tCount(name: PluralName, count: number, ...more: MessageValue[]): string {
  const values = [count, ...more];
  const form = LOCALES[messagesLocale()].plural(Math.round(Math.abs(count)));
  return lookUp(`${name}_${form}`, values) || lookUp(`${name}_other`, values);
}

/**
 * The writing direction of the words shown: their language's, not the browser's (in a browser whose language
 * Lectern is not written in, the words are English, left to right).
 */
export function uiDirection(): 'ltr' | 'rtl' {
  return LOCALES[messagesLocale()].dir;
}

/** An extension page (popup, options) in the language of its words: `lang` and `dir`, and its title. */
export function localizeDocument(document: Document, title: MessageName): void {
  document.documentElement.lang = messagesLocale();
  document.documentElement.dir = uiDirection();
  document.title = t(title);
}
