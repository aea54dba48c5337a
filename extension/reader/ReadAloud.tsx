/**
 * Read aloud's bar, under the toolbar's buttons while reading: previous and next paragraph and sentence, pause
 * or resume, stop, and "Back to reading position" once the person has scrolled the sentence being read out of
 * view. It drives the speech engine (speech.ts), which also hears the reader's keys (speech-keys.ts) and a click
 * on a paragraph while reading. Part of the panels (panels.tsx): the reader shows its own "Read aloud" button
 * until this is loaded, and mounts this only once that button (or a key) asked, so mounting starts the
 * reading: one press, not two. Stop takes the bar away again.
 */

import { useEffect, useRef, useState } from 'preact/hooks';
import { ownerDocumentOf, selectionOf } from '../../src/dom/access.ts';
import { t } from '../shared/i18n.ts';
import { connectMediaSession, type MediaSessionLink } from './media-session.ts';
import { createReading, type Reading, type SpeechState } from './speech.ts';
import type { SpeechCommand, SpeechRemote } from './speech-keys.ts';
import { pickVoice } from './voices.ts';

export interface ReadAloudProps {
  /** The article element, the scroller and the sticky bar, found when reading starts. */
  article: () => HTMLElement | null;
  scroller: () => HTMLElement | null;
  bar: () => HTMLElement | null;
  /** The browser's voices, and the one the person chose ('' for the default: pickVoice). */
  voices: readonly SpeechSynthesisVoice[];
  voiceURI: string;
  rate: number;
  lang: string | null;
  /** What the browser's media controls show as playing. */
  title: string;
  site: string | null;
  /** The reader's keys' requests (speech-keys.ts). */
  remote: SpeechRemote;
  /** The reading ended by the person: the bar goes, and the reader's own button comes back. */
  onStop(): void;
}

/** What a click on the article's text must not also do: follow a link, press a control, open a summary. */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, label';

/** A person's plain click on the text (not the end of a selection, not on a link), which reads from there. */
function isClickOnText(event: MouseEvent): boolean {
  if (!event.isTrusted || event.button !== 0 || event.defaultPrevented) return false;
  if (!(event.target instanceof Element) || event.target.closest(INTERACTIVE)) return false;
  const root = event.target.getRootNode();
  // Chromium gives a shadow root its own selection; Firefox's document selection reaches into shadow trees.
  const own = (root as { getSelection?: () => Selection | null }).getSelection;
  const doc = ownerDocumentOf(event.target);
  const selection = typeof own === 'function' ? own.call(root) : doc === null ? null : selectionOf(doc);
  return !selection || selection.isCollapsed;
}

function apply(reading: Reading, command: SpeechCommand): void {
  if (command.kind === 'here') reading.readFrom(command.from);
  else if (command.kind === 'toggle') reading.toggle();
  else if (command.kind === 'step') reading.step(command.unit, command.by);
  else reading.follow();
}

export function ReadAloud(props: ReadAloudProps) {
  const { remote } = props;
  const [state, setState] = useState<SpeechState>('stopped');
  const [following, setFollowing] = useState(true);
  const reading = useRef<Reading | null>(null);
  const media = useRef<MediaSessionLink | null>(null);
  const main = useRef<HTMLButtonElement>(null);
  // Read for each sentence: a voice or speed chosen while reading is heard from the next sentence on.
  const latest = useRef(props);
  latest.current = props;
  const stateNow = useRef(state);
  stateNow.current = state;

  // Once, on mount: the engine, the keys' channel, a click on the text; reading starts with the first props.
  useEffect(() => {
    const article = props.article();
    const scroller = props.scroller();
    if (!article || !scroller) return;
    const engine = createReading({
      article,
      scroller,
      bar: props.bar,
      lang: props.lang,
      voice: () => {
        const { voices, voiceURI, lang, rate } = latest.current;
        return { voice: pickVoice(voices, voiceURI, lang), rate };
      },
      onState: setState,
      onFollowing: setFollowing,
    });
    reading.current = engine;
    media.current = connectMediaSession(
      ownerDocumentOf(article) as Document,
      { title: props.title, site: props.site },
      {
        play: () => engine.play(),
        pause: () => engine.pause(),
        previous: () => engine.step('sentence', -1),
        next: () => engine.step('sentence', 1),
        stop: () => stopRef.current(),
      },
    );
    const channel = remote.listen((command) => apply(engine, command));
    if (channel.kept) apply(engine, channel.kept);
    else engine.play();
    const onClick = (event: MouseEvent) => {
      if (stateNow.current !== 'stopped' && isClickOnText(event)) engine.readFrom(event.target as Node);
    };
    article.addEventListener('click', onClick);
    // The reader's placeholder button had the focus, and this bar's main button takes its place, unless the
    // person moved on while the panels loaded.
    const root = main.current?.getRootNode();
    const focused = root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null;
    if (focused === null || focused === main.current?.ownerDocument.body)
      main.current?.focus({ preventScroll: true });
    return () => {
      article.removeEventListener('click', onClick);
      channel.stop();
      media.current?.disconnect();
      engine.end();
      reading.current = null;
    };
  }, []);
  useEffect(() => media.current?.playback(state), [state]);

  const act = (command: SpeechCommand) => () => {
    if (reading.current) apply(reading.current, command);
  };
  const stop = () => {
    reading.current?.stop();
    props.onStop();
  };
  // The button goes once followed: a focus on it moves to the article, where Space and the keys work.
  const backToReading = (event: MouseEvent) => {
    const button = event.currentTarget as HTMLElement;
    const root = button.getRootNode() as Document | ShadowRoot;
    const focused = root.activeElement === button;
    reading.current?.follow();
    if (focused) props.scroller()?.focus({ preventScroll: true });
  };
  // The media keys' stop, set up once, ends the reading as the bar's Stop does.
  const stopRef = useRef(stop);
  stopRef.current = stop;
  const label = t(state === 'playing' ? 'speechPause' : state === 'paused' ? 'speechResume' : 'readAloud');
  const active = state !== 'stopped';
  return (
    // A named group of buttons, each a Tab stop like the toolbar's own.
    <fieldset class="l-speech-bar" aria-label={t('readAloud')}>
      <StepButton
        label={t('speechPrevParagraph')}
        keys="["
        icon="M9 4L5 8l4 4M13 4L9 8l4 4"
        disabled={!active}
        onClick={act({ kind: 'step', unit: 'paragraph', by: -1 })}
      />
      <StepButton
        label={t('speechPrevSentence')}
        keys=","
        icon="M10 4L6 8l4 4"
        disabled={!active}
        onClick={act({ kind: 'step', unit: 'sentence', by: -1 })}
      />
      <button
        type="button"
        class="l-button"
        ref={main}
        title={t('withKey', label, 'P')}
        onClick={act({ kind: 'toggle' })}
      >
        <span class="l-icon-text" aria-hidden="true">
          {state === 'playing' ? '❚❚' : '▶'}
        </span>
        <span class="l-label">{label}</span>
      </button>
      <StepButton
        label={t('speechNextSentence')}
        keys="."
        icon="M6 4l4 4-4 4"
        disabled={!active}
        onClick={act({ kind: 'step', unit: 'sentence', by: 1 })}
      />
      <StepButton
        label={t('speechNextParagraph')}
        keys="]"
        icon="M3 4l4 4-4 4M7 4l4 4-4 4"
        disabled={!active}
        onClick={act({ kind: 'step', unit: 'paragraph', by: 1 })}
      />
      <button type="button" class="l-button" onClick={stop}>
        <span class="l-icon-text" aria-hidden="true">
          ■
        </span>
        <span class="l-label">{t('speechStop')}</span>
      </button>
      {active && !following && (
        <button
          type="button"
          class="l-button"
          title={t('withKey', t('speechBackToPosition'), 'F')}
          onClick={backToReading}
        >
          <span class="l-label">{t('speechBackToPosition')}</span>
        </button>
      )}
    </fieldset>
  );
}

function StepButton(props: {
  label: string;
  keys: string;
  icon: string;
  disabled: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      class="l-button l-step"
      aria-label={props.label}
      title={`${props.label} (${props.keys})`}
      // aria-disabled, not disabled: a button that has the focus when the reading ends keeps it.
      aria-disabled={props.disabled}
      onClick={props.disabled ? undefined : props.onClick}
    >
      <svg class="l-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={props.icon} stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" />
      </svg>
    </button>
  );
}
