import { describe, expect, it } from 'vitest';
import { type SpeechCommand, speechCommandFor, speechRemote } from './speech-keys.ts';

const key = (key: string, modifiers: Partial<KeyboardEvent> = {}) =>
  ({ key, ctrlKey: false, metaKey: false, altKey: false, isComposing: false, ...modifiers }) as KeyboardEvent;

describe('speechCommandFor', () => {
  const from = {} as Element;

  it('reads from the focused element with R, either case', () => {
    expect(speechCommandFor(key('r'), from)).toEqual({ kind: 'here', from });
    expect(speechCommandFor(key('R'), null)).toEqual({ kind: 'here', from: null });
  });

  it('steps by sentence with , and . and by paragraph with [ and ]', () => {
    expect(speechCommandFor(key(','), null)).toEqual({ kind: 'step', unit: 'sentence', by: -1 });
    expect(speechCommandFor(key('.'), null)).toEqual({ kind: 'step', unit: 'sentence', by: 1 });
    expect(speechCommandFor(key('['), null)).toEqual({ kind: 'step', unit: 'paragraph', by: -1 });
    expect(speechCommandFor(key(']'), null)).toEqual({ kind: 'step', unit: 'paragraph', by: 1 });
  });

  it('leaves keys with Ctrl, Cmd or Alt, keys being composed and other keys alone', () => {
    expect(speechCommandFor(key('r', { ctrlKey: true }), null)).toBeNull();
    expect(speechCommandFor(key('p', { metaKey: true }), null)).toBeNull();
    expect(speechCommandFor(key('.', { altKey: true }), null)).toBeNull();
    expect(speechCommandFor(key('r', { isComposing: true }), null)).toBeNull();
    expect(speechCommandFor(key(' '), null)).toBeNull();
    expect(speechCommandFor(key('ArrowRight'), null)).toBeNull();
  });
});

describe('speechRemote', () => {
  it('keeps the last command sent before anyone listens, and then delivers at once', () => {
    const remote = speechRemote();
    remote.send({ kind: 'toggle' });
    remote.send({ kind: 'here', from: null });
    const heard: SpeechCommand[] = [];
    const channel = remote.listen((command) => heard.push(command));
    expect(channel.kept).toEqual({ kind: 'here', from: null });
    remote.send({ kind: 'follow' });
    expect(heard).toEqual([{ kind: 'follow' }]);
    channel.stop();
    remote.send({ kind: 'toggle' });
    expect(heard).toHaveLength(1);
    expect(remote.listen(() => {}).kept).toEqual({ kind: 'toggle' });
  });
});
