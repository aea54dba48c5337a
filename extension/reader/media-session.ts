/**
 * Read aloud in the browser's media controls (Media Session API): the article's title and site as what is
 * playing, and the media keys' and the system's controls (MPRIS on Linux, the media overlay on Windows and
 * macOS) acting on the reading: play, pause, previous, next and stop.
 *
 * Chromium and Firefox give a tab those controls only while it plays a media element, and speech is not one.
 * So while reading, a carrier plays: an `<audio>` element of our own, never put in the page, looping a tone
 * nobody hears (10 Hz, below hearing, at −60 dBFS). It has to be a real sound, as Firefox hands the controls
 * only to audio it measures as audible (a silent track gets none), and six seconds long, as Chromium counts
 * shorter sounds as notifications. It is made here, in memory, as a blob: nothing is fetched.
 */
import { createElementIn, defaultViewOf } from '../../src/dom/access.ts';

export interface MediaActions {
  play(): void;
  pause(): void;
  previous(): void;
  next(): void;
  stop(): void;
}

export interface MediaSessionLink {
  /** Tells the browser whether the reading is playing, paused or stopped. */
  playback(state: 'playing' | 'paused' | 'stopped'): void;
  /** Takes the handlers, the title and the carrier away again. */
  disconnect(): void;
}

const ACTIONS = ['play', 'pause', 'previoustrack', 'nexttrack', 'stop'] as const;
type Action = (typeof ACTIONS)[number];

/** Sets our handlers (one the browser doesn't know is left out: setActionHandler throws for it). */
function setHandlers(session: MediaSession, handlers: { [A in Action]: (() => void) | null }): void {
  for (const action of ACTIONS) {
    try {
      session.setActionHandler(action, handlers[action]);
    } catch {
      // An action this browser has no key or button for.
    }
  }
}

/** The carrier's sound, as a 16-bit mono WAV file. */
export const CARRIER = { seconds: 6, rate: 8000, hertz: 10, amplitude: 32 } as const;

/** The WAV file of CARRIER: a whole number of periods, so the loop joins without a click. */
export function carrierWav(): ArrayBuffer {
  const { seconds, rate, hertz, amplitude } = CARRIER;
  const samples = seconds * rate;
  const file = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(file);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // the format chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a sample
  view.setUint16(34, 16, true); // bits a sample
  ascii(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i += 1)
    view.setInt16(44 + i * 2, Math.round(amplitude * Math.sin((2 * Math.PI * hertz * i) / rate)), true);
  return file;
}

interface Carrier {
  play(): void;
  pause(): void;
  remove(): void;
}

/**
 * The `<audio>` that keeps the controls on this tab, made when reading first plays. Its load is the content
 * script's, which the page's CSP doesn't govern; if a browser blocked it, only the media keys would be lost.
 */
function createCarrier(doc: Document): Carrier {
  let audio: HTMLAudioElement | null = null;
  let url: string | null = null;
  const made = (): HTMLAudioElement => {
    if (audio) return audio;
    url = URL.createObjectURL(new Blob([carrierWav()], { type: 'audio/wav' }));
    audio = createElementIn(doc, 'audio') as HTMLAudioElement;
    audio.loop = true;
    audio.src = url;
    return audio;
  };
  return {
    play() {
      made()
        .play()
        .catch(() => {
          // Refused (the autoplay rules, or a browser that holds it to the page's CSP): the reading goes on
          // without the media keys.
        });
    },
    pause() {
      audio?.pause();
    },
    remove() {
      audio?.pause();
      audio?.removeAttribute('src');
      audio?.load();
      if (url) URL.revokeObjectURL(url);
      audio = null;
      url = null;
    },
  };
}

export function connectMediaSession(
  doc: Document,
  about: { title: string; site: string | null },
  actions: MediaActions,
): MediaSessionLink {
  const session = defaultViewOf(doc)?.navigator.mediaSession;
  if (!session) return { playback() {}, disconnect() {} };
  const carrier = createCarrier(doc);
  if (typeof MediaMetadata === 'function')
    session.metadata = new MediaMetadata({ title: about.title, artist: about.site ?? '' });
  setHandlers(session, {
    play: actions.play,
    pause: actions.pause,
    previoustrack: actions.previous,
    nexttrack: actions.next,
    stop: actions.stop,
  });
  return {
    playback(state) {
      session.playbackState = state === 'stopped' ? 'none' : state;
      if (state === 'playing') carrier.play();
      else carrier.pause();
    },
    disconnect() {
      carrier.remove();
      setHandlers(session, { play: null, pause: null, previoustrack: null, nexttrack: null, stop: null });
      session.metadata = null;
      session.playbackState = 'none';
    },
  };
}
