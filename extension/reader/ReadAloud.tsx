/**
 * Read aloud in the toolbar: play (or pause, or resume) and stop, driving the speech engine (speech.ts). Part
 * of the panels (panels.tsx): the reader shows its own "Read aloud" button until this is loaded, and mounts
 * this with `autoplay` when that button was pressed, so one press starts the reading.
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
  /** Start reading as soon as it is mounted (the person pressed the reader's own Read aloud button). */
  autoplay: boolean;
}

export function ReadAloud({ article, voices, voiceURI, rate, lang, autoplay }: ReadAloudProps) {
  const speech = useSpeech({ article, voice: pickVoice(voices, voiceURI, lang), rate, lang });
  const main = useRef<HTMLButtonElement>(null);
  // Once, on mount (reading starts once, with the first props): the reader's placeholder button had the
  // focus, and this one takes its place.
  useEffect(() => {
    if (!autoplay) return;
    speech.play();
    main.current?.focus({ preventScroll: true });
  }, []);
  const { state } = speech;
  const label = state === 'playing' ? 'Pause reading' : state === 'paused' ? 'Resume reading' : 'Read aloud';
  return (
    <>
      <button
        type="button"
        class="lectern-button"
        ref={main}
        onClick={state === 'playing' ? speech.pause : speech.play}
      >
        <span class="lectern-icon-text" aria-hidden="true">
          {state === 'playing' ? '❚❚' : '▶'}
        </span>
        <span class="lectern-label">{label}</span>
      </button>
      {state !== 'stopped' && (
        <button type="button" class="lectern-button" onClick={speech.stop}>
          <span class="lectern-icon-text" aria-hidden="true">
            ■
          </span>
          <span class="lectern-label">Stop reading</span>
        </button>
      )}
    </>
  );
}
