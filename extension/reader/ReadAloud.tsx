/** Read-aloud buttons for the toolbar: play (or pause, or resume) and stop. */
import type { SpeechState } from './speech.ts';

interface ReadAloudProps {
  state: SpeechState;
  onPlay(): void;
  onPause(): void;
  onStop(): void;
}

export function ReadAloud({ state, onPlay, onPause, onStop }: ReadAloudProps) {
  const label = state === 'playing' ? 'Pause reading' : state === 'paused' ? 'Resume reading' : 'Read aloud';
  return (
    <>
      <button type="button" class="lectern-button" onClick={state === 'playing' ? onPause : onPlay}>
        <span class="lectern-icon-text" aria-hidden="true">
          {state === 'playing' ? '❚❚' : '▶'}
        </span>
        <span class="lectern-label">{label}</span>
      </button>
      {state !== 'stopped' && (
        <button type="button" class="lectern-button" onClick={onStop}>
          <span class="lectern-icon-text" aria-hidden="true">
            ■
          </span>
          <span class="lectern-label">Stop reading</span>
        </button>
      )}
    </>
  );
}
