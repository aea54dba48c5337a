import { describe, expect, it } from 'vitest';
// The extension API is looked up only when a message is sent or listened for: the shape checks need none.
import { envelope, isEnvelope } from './messages.ts';

describe('isEnvelope', () => {
  it('accepts every message the extension sends', () => {
    expect(isEnvelope(envelope('content:ping', {}))).toBe(true);
    expect(isEnvelope(envelope('content:toggle', {}))).toBe(true);
    expect(isEnvelope(envelope('content:close', {}))).toBe(true);
    expect(isEnvelope(envelope('content:open', { force: false }))).toBe(true);
    expect(isEnvelope(envelope('content:summary', { force: true }))).toBe(true);
    expect(isEnvelope(envelope('content:export', { format: 'markdown', header: true, force: false }))).toBe(
      true,
    );
    // Structured cloning gives the receiver a plain object: the same shape must pass.
    const cloned = structuredClone(
      envelope('content:export', { format: 'text', header: false, force: true }),
    );
    expect(isEnvelope(cloned)).toBe(true);
    expect(isEnvelope(envelope('background:clipboard', { text: 'a', html: null }))).toBe(true);
    expect(isEnvelope(envelope('background:clipboard', { text: 'a', html: '<p>a</p>' }))).toBe(true);
    expect(isEnvelope(envelope('background:load', { chunk: 'panels' }))).toBe(true);
    expect(isEnvelope(envelope('offscreen:clipboard', { text: 'a', html: null }))).toBe(true);
    expect(isEnvelope(envelope('background:remember', { fingerprints: [1, 4294967295] }))).toBe(true);
    expect(isEnvelope(envelope('background:site', {}))).toBe(true);
    expect(isEnvelope(envelope('background:fix', { rule: null }))).toBe(true);
    expect(isEnvelope(envelope('background:fix', { rule: { root: 'main', remove: ['div.promo'] } }))).toBe(
      true,
    );
    expect(isEnvelope(envelope('background:fix-used', {}))).toBe(true);
    expect(isEnvelope(envelope('background:forget-memory', {}))).toBe(true);
    for (const why of ['layer', 'fullscreen', 'loop'] as const)
      expect(isEnvelope(envelope('background:covered', { why }))).toBe(true);
  });

  it.each([
    ['not an object', 'content:toggle'],
    ['null', null],
    ['an array', ['content:toggle', {}]],
    ['an unknown name', { lectern: 'content:eval', payload: {} }],
    ['a name from Object.prototype', { lectern: 'toString', payload: {} }],
    ['no payload', { lectern: 'content:toggle' }],
    ['a null payload', { lectern: 'content:toggle', payload: null }],
    ['an array payload', { lectern: 'content:toggle', payload: [] }],
    ['an extra envelope field', { lectern: 'content:toggle', payload: {}, reply: 'x' }],
    ['an extra payload field', { lectern: 'content:toggle', payload: { force: true } }],
    ['a missing field', { lectern: 'content:open', payload: {} }],
    ['a string where a boolean belongs', { lectern: 'content:open', payload: { force: 'true' } }],
    [
      'an unknown export format',
      { lectern: 'content:export', payload: { format: 'pdf', header: true, force: false } },
    ],
    [
      'a format object',
      {
        lectern: 'content:export',
        payload: { format: { toString: (): string => 'text' }, header: true, force: false },
      },
    ],
    ['a payload with a prototype', { lectern: 'content:toggle', payload: new Date() }],
    ['a chunk that is not one', { lectern: 'background:load', payload: { chunk: 'constructor' } }],
    [
      'clipboard text that is not text',
      { lectern: 'background:clipboard', payload: { text: 1, html: null } },
    ],
    [
      'fingerprints that are not 32-bit numbers',
      { lectern: 'background:remember', payload: { fingerprints: [1.5, -1] } },
    ],
    ['fingerprints as text', { lectern: 'background:remember', payload: { fingerprints: ['1'] } }],
    [
      'more fingerprints than a page has',
      { lectern: 'background:remember', payload: { fingerprints: new Array(25_001).fill(1) } },
    ],
    ['a fix that is a string', { lectern: 'background:fix', payload: { rule: 'main' } }],
    [
      'a fix with nothing in it',
      { lectern: 'background:fix', payload: { rule: { root: null, remove: [] } } },
    ],
    [
      'a fix whose removals are not selectors',
      { lectern: 'background:fix', payload: { rule: { root: null, remove: [1] } } },
    ],
    ['a fix without its rule', { lectern: 'background:fix', payload: {} }],
    ['a site request naming a site', { lectern: 'background:site', payload: { origin: 'https://a.test' } }],
    ['a reason the reader never gives', { lectern: 'background:covered', payload: { why: 'toString' } }],
    ['a reason that is not text', { lectern: 'background:covered', payload: { why: ['layer'] } }],
    ['clipboard without its HTML field', { lectern: 'offscreen:clipboard', payload: { text: 'a' } }],
  ])('rejects %s', (_, message) => {
    expect(isEnvelope(message)).toBe(false);
  });

  it('rejects a payload whose own __proto__ key smuggles fields', () => {
    const payload = JSON.parse('{"force": false, "__proto__": {"admin": true}}') as unknown;
    expect(isEnvelope({ lectern: 'content:open', payload })).toBe(false);
  });
});
