/**
 * Read aloud with the Web Speech API: the article is spoken one block at a time (title, then each paragraph,
 * heading, list item, caption), so the block being read can be highlighted and scrolled into view, and pause,
 * resume and stop act at once. Loaded with the panels, when a person first asks for it (panels.tsx); which
 * voices there are is voices.ts, in the reader itself.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { synth } from './voices.ts';

export type SpeechState = 'stopped' | 'playing' | 'paused';

const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, figcaption, dt, dd, blockquote, pre, th, td';
const SPEAKING = 'l-speaking';
/** Header lines a listener doesn't need read out: the site's name, the byline and date, "6 min read · …". */
const UNSPOKEN = '.l-site, .l-byline, .l-stats';

/** The leaf blocks of the article, in reading order: a block holding other blocks is read through them. */
export function readableBlocks(article: Element): HTMLElement[] {
  return [...article.querySelectorAll<HTMLElement>(BLOCKS)].filter(
    (block) =>
      block.querySelector(BLOCKS) === null &&
      !block.matches(UNSPOKEN) &&
      (block.textContent ?? '').trim() !== '',
  );
}

interface SpeechOptions {
  article: () => Element | null;
  voice: SpeechSynthesisVoice | null;
  rate: number;
  lang: string | null;
}

export function useSpeech({ article, voice, rate, lang }: SpeechOptions) {
  const [state, setState] = useState<SpeechState>('stopped');
  // The run being spoken; a new play or a stop makes the old run's callbacks do nothing.
  const run = useRef(0);
  const current = useRef<HTMLElement | null>(null);
  // Only a voice we started is ours to cancel: the page may be speaking too.
  const started = useRef(false);

  const mark = useCallback((block: HTMLElement | null) => {
    current.current?.classList.remove(SPEAKING);
    current.current = block;
    if (!block) return;
    block.classList.add(SPEAKING);
    block.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);

  const stop = useCallback(() => {
    run.current += 1;
    if (started.current) synth()?.cancel();
    mark(null);
    setState('stopped');
  }, [mark]);

  const play = useCallback(() => {
    const speech = synth();
    const root = article();
    if (!speech || !root) return;
    if (state === 'paused') {
      speech.resume();
      setState('playing');
      return;
    }
    speech.cancel();
    started.current = true;
    const id = ++run.current;
    let blocks = readableBlocks(root);
    const speak = (index: number) => {
      if (run.current !== id) return;
      // The body is rebuilt when images are switched on or off: go on in the new one, at the same place.
      if (blocks[index]?.isConnected === false) {
        const now = article();
        blocks = now ? readableBlocks(now) : [];
      }
      const block = blocks[index];
      if (!block) {
        mark(null);
        setState('stopped');
        return;
      }
      mark(block);
      const utterance = new SpeechSynthesisUtterance((block.textContent ?? '').replace(/\s+/g, ' ').trim());
      utterance.rate = rate;
      if (voice) utterance.voice = voice;
      if (lang) utterance.lang = voice?.lang ?? lang;
      utterance.onend = () => speak(index + 1);
      // "interrupted"/"canceled" come from our own stop; anything else skips the block rather than stall.
      utterance.onerror = (event) => {
        if (event.error !== 'interrupted' && event.error !== 'canceled') speak(index + 1);
      };
      speech.speak(utterance);
    };
    setState('playing');
    speak(0);
  }, [article, lang, mark, rate, state, voice]);

  const pause = useCallback(() => {
    synth()?.pause();
    setState('paused');
  }, []);

  // Closing the reader stops the voice.
  useEffect(
    () => () => {
      run.current += 1;
      if (started.current) synth()?.cancel();
    },
    [],
  );

  return { state, play, pause, stop };
}
