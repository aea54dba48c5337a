/**
 * Read aloud in the browser's media controls (Media Session API): the article's title and site as what is
 * playing, and the media keys' play, pause, previous, next and stop acting on the reading. Chromium and Firefox
 * show a session, and send it the media keys, only for a tab playing a media element, which speech is not: so
 * there the handlers wait for a browser that lets speech count, and cost nothing meanwhile. No silent audio is
 * played to make them show.
 */

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
  /** Takes the handlers and the title away again. */
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

export function connectMediaSession(
  view: Window | null,
  about: { title: string; site: string | null },
  actions: MediaActions,
): MediaSessionLink {
  const session = view?.navigator.mediaSession;
  if (!view || !session) return { playback() {}, disconnect() {} };
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
    },
    disconnect() {
      setHandlers(session, { play: null, pause: null, previoustrack: null, nexttrack: null, stop: null });
      session.metadata = null;
      session.playbackState = 'none';
    },
  };
}
