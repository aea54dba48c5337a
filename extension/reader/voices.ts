/**
 * The browser's speech voices: whether there are any (the reader offers read aloud only then), which one reads
 * an article, and how the voice list names them. Small and in the reader itself; the speaking is speech.ts.
 */
import { t } from '../shared/i18n.ts';
export function synth(): SpeechSynthesis | null {
  return typeof speechSynthesis === 'undefined' ? null : speechSynthesis;
}

/**
 * The browser's voices now, and `onChange` hearing each new list (Chromium fills it after `voiceschanged`);
 * `stop` stops listening.
 */
export function watchVoices(onChange: (voices: SpeechSynthesisVoice[]) => void): {
  voices: SpeechSynthesisVoice[];
  stop(): void;
} {
  const speech = synth();
  const update = () => onChange(speech?.getVoices() ?? []);
  speech?.addEventListener('voiceschanged', update);
  return {
    voices: speech?.getVoices() ?? [],
    stop: () => speech?.removeEventListener('voiceschanged', update),
  };
}

/**
 * The chosen voice; else a voice of the device for the article's language; else an online voice for it;
 * else the browser's default. An online voice (`localService` false: Chromium's "Google …" voices) sends the
 * text it reads to its speech service, so one on the device comes first, and the voice list says which is
 * which (`voiceLabel`).
 */
export function pickVoice<V extends Pick<SpeechSynthesisVoice, 'voiceURI' | 'lang' | 'localService'>>(
  voices: readonly V[],
  voiceURI: string,
  lang: string | null,
): V | null {
  const chosen = voices.find((voice) => voice.voiceURI === voiceURI);
  if (chosen) return chosen;
  let best: V | null = null;
  for (const voice of voices) {
    if (!speaksLanguage(voice, lang)) continue;
    if (best === null || voiceRank(voice, lang) < voiceRank(best, lang)) best = voice;
  }
  return best;
}

/**
 * The order voices are offered in: those for the article's language first (they can read it), and of each
 * kind the device's own before online ones. pickVoice takes the first of them.
 */
export function voiceRank(
  voice: Pick<SpeechSynthesisVoice, 'lang' | 'localService'>,
  lang: string | null,
): number {
  return (speaksLanguage(voice, lang) ? 0 : 2) + (voice.localService ? 0 : 1);
}

/** A voice as the list shows it: name, language, and whether it reads on this device or online. */
export function voiceLabel(voice: Pick<SpeechSynthesisVoice, 'name' | 'lang' | 'localService'>): string {
  return `${voice.name} (${voice.lang})${voice.localService ? '' : ` · ${t('voiceOnline')}`}`;
}

/** Whether a voice speaks the language of `lang` (its primary subtag: en-GB and en-US both speak "en"). */
export function speaksLanguage(voice: Pick<SpeechSynthesisVoice, 'lang'>, lang: string | null): boolean {
  const primary = lang?.toLowerCase().split(/[-_]/)[0];
  return Boolean(primary) && voice.lang.toLowerCase().split(/[-_]/)[0] === primary;
}
