/**
 * Read aloud with the Web Speech API, one sentence at a time (sentences.ts cuts them in the article's language):
 * the sentence being read is marked (and the word, when the voice says where it is), followed on the screen
 * (follow.ts), and the person can start from any paragraph and step by sentence or paragraph, as in Chromium's
 * reading mode and Edge's Immersive Reader. A sentence an utterance: a step, a pause and a new speed or voice
 * act at the next sentence, with nothing to seek inside an utterance. Loaded with the panels, when a person
 * first asks for it (panels.tsx); which voices there are is voices.ts, in the reader itself.
 */
import { createRangeIn, createTreeWalkerIn, ownerDocumentOf } from '../../src/dom/access.ts';
import { blockAtTop, readableBlocks, viewUnder } from './blocks.ts';
import { createFollower, type Follower } from './follow.ts';
import { createMarks, type Marks } from './marks.ts';
import { collapseWhitespace, type Span, sentenceSpans, wordSpan } from './sentences.ts';
import type { SpeechUnit } from './speech-keys.ts';
import { synth } from './voices.ts';

export type SpeechState = 'stopped' | 'playing' | 'paused';

/** A block as it is read: its text as the voice gets it, its sentences, and the way back to its nodes. */
export interface Passage {
  block: HTMLElement;
  text: string;
  sentences: Span[];
  /** The article's text that `span` of `text` was made of. */
  range(span: Span): Range;
}

export function passageOf(block: HTMLElement, lang: string | null): Passage {
  const nodes: Text[] = [];
  const doc = ownerDocumentOf(block) as Document;
  const walker = createTreeWalkerIn(doc, block, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  const { text, places } = collapseWhitespace(nodes.map((node) => node.data));
  return {
    block,
    text,
    sentences: sentenceSpans(text, lang),
    range({ start, end }) {
      const range = createRangeIn(doc);
      const first = places[start];
      const last = places[end - 1];
      const [from, to] = [first && nodes[first.piece], last && nodes[last.piece]];
      if (!first || !last || !from || !to) {
        range.selectNodeContents(block);
        return range;
      }
      range.setStart(from, first.offset);
      range.setEnd(to, last.offset + 1);
      return range;
    },
  };
}

/** Where the reading is: a block of the article, and a sentence of it. */
interface Position {
  block: number;
  sentence: number;
}

export interface ReadingOptions {
  /** The article element, the scroller it scrolls in, and the sticky bar over it. */
  article: HTMLElement;
  scroller: HTMLElement;
  bar: () => HTMLElement | null;
  lang: string | null;
  /** Voice and speed as they are now: read for each sentence, so a change is heard at the next one. */
  voice: () => { voice: SpeechSynthesisVoice | null; rate: number };
  onState(state: SpeechState): void;
  onFollowing(following: boolean): void;
}

export interface Reading {
  /** Reads from the start, or resumes where it was paused. */
  play(): void;
  pause(): void;
  /** Pauses a reading that is playing; else plays. */
  toggle(): void;
  /** Reads from the block that holds `node` (or the first after it); null: the first block in view. */
  readFrom(node: Node | null): void;
  step(unit: SpeechUnit, by: 1 | -1): void;
  /** Back to the sentence being read, followed again. */
  follow(): void;
  stop(): void;
  /** Stops, and takes the marks and listeners away. */
  end(): void;
}

/** How long an engine has to say it paused (Firefox says so a moment after it is asked). */
const PAUSE_HEARD_MS = 300;

export function createReading(options: ReadingOptions): Reading {
  const { article, scroller, lang } = options;
  let state: SpeechState = 'stopped';
  let position: Position = { block: 0, sentence: 0 };
  let blocks = readableBlocks(article);
  const passages = new Map<HTMLElement, Passage>();
  // Each utterance's number: a cancelled one's late events (end, boundary) are not the current one's.
  let utterances = 0;
  // Paused after a step: resuming starts the new sentence instead of the cancelled one.
  let moved = false;
  // Only a voice we started is ours to cancel: the page may be speaking too.
  let started = false;
  const marks: Marks = createMarks(article);
  const follower: Follower = createFollower(scroller, options.bar, options.onFollowing);

  const setState = (next: SpeechState) => {
    state = next;
    options.onState(next);
  };

  const passage = (index: number): Passage | null => {
    const block = blocks[index];
    if (!block) return null;
    let found = passages.get(block);
    if (!found) {
      found = passageOf(block, lang);
      passages.set(block, found);
    }
    return found;
  };

  /** The position `by` sentences on (sentences of empty blocks skipped); null past either end. */
  const sentenceFrom = (from: Position, by: 1 | -1): Position | null => {
    const here = passage(from.block);
    const next = from.sentence + by;
    if (here && next >= 0 && next < here.sentences.length) return { block: from.block, sentence: next };
    for (let block = from.block + by; block >= 0 && block < blocks.length; block += by) {
      const count = passage(block)?.sentences.length ?? 0;
      if (count > 0) return { block, sentence: by === 1 ? 0 : count - 1 };
    }
    return null;
  };

  /** The first sentence of the block `by` blocks on that has one; null past either end. */
  const paragraphFrom = (from: Position, by: 1 | -1): Position | null => {
    for (let block = from.block + by; block >= 0 && block < blocks.length; block += by) {
      if ((passage(block)?.sentences.length ?? 0) > 0) return { block, sentence: 0 };
    }
    return null;
  };

  /** Marks and shows the sentence at `at`, and speaks it unless paused. */
  const go = (at: Position) => {
    position = at;
    const here = passage(at.block);
    const span = here?.sentences[at.sentence];
    if (!here || !span) return finish();
    const range = here.range(span);
    marks.show('sentence', range);
    marks.show('word', null);
    follower.reveal(range);
    if (state === 'paused') {
      moved = true;
      return;
    }
    speak(here, span);
  };

  const speak = (here: Passage, span: Span) => {
    const speech = synth();
    if (!speech) return finish();
    const id = ++utterances;
    const text = here.text.slice(span.start, span.end);
    const utterance = new SpeechSynthesisUtterance(text);
    const { voice, rate } = options.voice();
    utterance.rate = rate;
    if (voice) utterance.voice = voice;
    if (lang) utterance.lang = voice?.lang ?? lang;
    utterance.onboundary = (event) => {
      if (id !== utterances || event.name !== 'word') return;
      const word = wordSpan(text, event.charIndex, event.charLength, lang);
      marks.show('word', word && here.range({ start: span.start + word.start, end: span.start + word.end }));
    };
    const next = () => {
      if (id !== utterances) return;
      rebase();
      const after = sentenceFrom(position, 1);
      if (after) go(after);
      else finish();
    };
    utterance.onend = next;
    // "interrupted"/"canceled" come from our own cancel; anything else skips the sentence rather than stall.
    utterance.onerror = (event) => {
      if (event.error !== 'interrupted' && event.error !== 'canceled') next();
    };
    started = true;
    speech.speak(utterance);
  };

  /** Silences the sentence being spoken, so the next one starts at once. */
  const silence = () => {
    utterances += 1;
    if (started) synth()?.cancel();
  };

  const finish = () => {
    if (state !== 'stopped') silence();
    marks.show('sentence', null);
    marks.show('word', null);
    moved = false;
    setState('stopped');
  };

  /**
   * Starts speaking at `at`. Whatever is speaking is cancelled first, the page's voice too (ours would wait
   * behind it); Chromium stays paused through a cancel, so a paused reading is resumed.
   */
  const startAt = (at: Position | null) => {
    if (!at) return;
    const wasPaused = state === 'paused';
    utterances += 1;
    synth()?.cancel();
    if (wasPaused) synth()?.resume();
    moved = false;
    setState('playing');
    go(at);
  };

  const firstFrom = (index: number): Position | null =>
    (passage(index)?.sentences.length ?? 0) > 0
      ? { block: index, sentence: 0 }
      : paragraphFrom({ block: index, sentence: 0 }, 1);

  /**
   * The body is rebuilt when images are switched on or off, and loses blocks in the Edit mode: the reading goes
   * on in the new nodes, at the block with the same text nearest to where it was (else at the same index), and
   * its mark is drawn again on them.
   */
  const rebase = () => {
    const was = blocks[position.block];
    if (was?.isConnected !== false) return;
    const text = was.textContent;
    blocks = readableBlocks(article);
    passages.clear();
    position = { block: nearestWithText(blocks, text, position.block), sentence: position.sentence };
    const here = passage(position.block);
    const span = here?.sentences[Math.min(position.sentence, here.sentences.length - 1)];
    if (state === 'stopped' || !here || !span) return;
    marks.show('sentence', here.range(span));
    marks.show('word', null);
  };
  const rebuilt = new MutationObserver(rebase);
  rebuilt.observe(article, { childList: true, subtree: true });

  /** The block that holds `node`, or the first one after it in the article. */
  const blockOf = (node: Node): number => {
    const holding = blocks.findIndex((block) => block.contains(node));
    if (holding >= 0) return holding;
    const after = blocks.findIndex(
      (block) => (node.compareDocumentPosition(block) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    );
    return after >= 0 ? after : 0;
  };

  const reading: Reading = {
    play() {
      if (state === 'playing') return;
      if (state === 'paused' && !moved) {
        synth()?.resume();
        setState('playing');
        return;
      }
      startAt(state === 'paused' ? position : firstFrom(0));
    },
    pause() {
      if (state !== 'playing') return;
      const id = utterances;
      synth()?.pause();
      setState('paused');
      // An engine that goes on speaking through a pause (Firefox's speech-dispatcher voices on Linux) is
      // silenced instead: resuming then reads that sentence again from its start.
      setTimeout(() => {
        const speech = synth();
        if (state !== 'paused' || id !== utterances || !speech?.speaking || speech.paused) return;
        silence();
        moved = true;
      }, PAUSE_HEARD_MS);
    },
    toggle() {
      if (state === 'playing') reading.pause();
      else reading.play();
    },
    readFrom(node) {
      rebase();
      const { top, bottom } = viewUnder(scroller, options.bar());
      startAt(firstFrom(node ? blockOf(node) : blockAtTop(blocks, top, bottom)));
    },
    step(unit, by) {
      if (state === 'stopped') return;
      rebase();
      const to = unit === 'sentence' ? sentenceFrom(position, by) : paragraphFrom(position, by);
      if (!to) return;
      if (state === 'playing') silence();
      go(to);
    },
    follow: () => follower.back(),
    stop: finish,
    end() {
      rebuilt.disconnect();
      finish();
      follower.stop();
      marks.remove();
    },
  };
  return reading;
}

/** The index of the block of `blocks` with `text` nearest to `index`; else `index`, within the list. */
function nearestWithText(blocks: readonly Element[], text: string | null, index: number): number {
  for (let distance = 0; distance < blocks.length; distance += 1) {
    for (const at of [index - distance, index + distance]) {
      if (blocks[at] !== undefined && blocks[at].textContent === text) return at;
    }
  }
  return Math.max(0, Math.min(index, blocks.length - 1));
}
