import { describe, expect, it } from 'vitest';
import { CARRIER, carrierWav } from './media-session.ts';

describe('the carrier read aloud plays for the media controls', () => {
  const file = carrierWav();
  const view = new DataView(file);
  const ascii = (offset: number, length: number) =>
    String.fromCharCode(...new Uint8Array(file, offset, length));
  const samples = Array.from({ length: (file.byteLength - 44) / 2 }, (_, i) =>
    view.getInt16(44 + i * 2, true),
  );

  it('is a 16-bit mono PCM WAV file of six seconds or more (Chromium counts shorter sounds as notifications)', () => {
    expect(ascii(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(file.byteLength - 8);
    expect(ascii(8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(36, 4)).toBe('data');
    expect(samples.length / view.getUint32(24, true)).toBeGreaterThanOrEqual(6);
  });

  it('is a tone below hearing, at −60 dBFS: loud enough for Firefox to measure, too low and slow to hear', () => {
    const peak = Math.max(...samples.map(Math.abs));
    expect(20 * Math.log10(peak / 32768)).toBeCloseTo(-60, 0);
    let crossings = 0;
    for (let i = 1; i < samples.length; i += 1)
      if (Math.sign(samples[i] ?? 0) !== Math.sign(samples[i - 1] ?? 0) && samples[i] !== 0) crossings += 1;
    const hertz = crossings / 2 / CARRIER.seconds;
    expect(hertz).toBeLessThan(20);
    expect(hertz).toBeGreaterThan(0);
  });

  it('loops without a click: it ends where it starts', () => {
    expect(samples[0]).toBe(0);
    expect(Math.abs(samples.at(-1) ?? Number.NaN)).toBeLessThanOrEqual(1);
  });
});
