/**
 * Read aloud in the toolbar: play (or pause, or resume) and stop, driving the speech engine (speech.ts). Part
 * of the panels (panels.tsx): the reader shows its own "Read aloud" button until this is loaded, and mounts
 * this only once that button was pressed, so mounting starts the reading: one press, not two.
 */
import { useEffect, useRef } from 'preact/hooks';
import { useSpeech } from './speech.ts';
import { pickVoice } from './voices.ts';

export interface ReadAloudProps {
  /** The article element to read, found when reading starts. */
  article: () => Element | null;
  /** The browser's voices, and the one the person chose ('' for the default: pickVoice). */
  voices: readonly SpeechSynthesisVoice[];
  voiceURI: string;
  rate: number;
  lang: string | null;
}

export function ReadAloud({ article, voices, voiceURI, rate, lang }: ReadAloudProps) {
  const speech = useSpeech({ article, voice: pickVoice(voices, voiceURI, lang), rate, lang });
  const main = useRef<HTMLButtonElement>(null);
  // Once, on mount (reading starts once, with the first props). The reader's placeholder button had the
  // focus, and this one takes its place, unless the person moved on while the panels loaded.
  useEffect(() => {
    speech.play();
    const root = main.current?.getRootNode();
    const focused = root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null;
    if (focused === null || focused === main.current?.ownerDocument.body)
      main.current?.focus({ preventScroll: true });
  }, []);
  const { state } = speech;
  const label = state === 'playing' ? 'Pause reading' : state === 'paused' ? 'Resume reading' : 'Read aloud';
  return (
    <>
      <button
        type="button"
        class="l-button"
        ref={main}
        onClick={state === 'playing' ? speech.pause : speech.play}
      >
        <span class="l-icon-text" aria-hidden="true">
          {state === 'playing' ? '❚❚' : '▶'}
        </span>
        <span class="l-label">{label}</span>
      </button>
      {state !== 'stopped' && (
        <button type="button" class="l-button" onClick={speech.stop}>
          <span class="l-icon-text" aria-hidden="true">
            ■
          </span>
          <span class="l-label">Stop reading</span>
        </button>
      )}
    </>
  );
}
