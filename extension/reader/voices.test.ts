import { describe, expect, it } from 'vitest';
import { pickVoice, voiceLabel } from './voices.ts';

const voice = (voiceURI: string, lang: string, localService: boolean) => ({
  voiceURI,
  name: voiceURI,
  lang,
  localService,
});

describe('pickVoice', () => {
  const online = voice('Google UK English', 'en-GB', false);
  const device = voice('eSpeak English', 'en-US', true);
  const french = voice('eSpeak French', 'fr-FR', true);

  it('prefers a voice of the device for the article’s language over an online one listed first', () => {
    expect(pickVoice([online, french, device], '', 'en')).toBe(device);
  });

  it('takes an online voice for the language when the device has none', () => {
    expect(pickVoice([french, online], '', 'en-GB')).toBe(online);
  });

  it('keeps the voice the person chose, online or not', () => {
    expect(pickVoice([online, device], 'Google UK English', 'en')).toBe(online);
  });

  it('gives none for a language no voice speaks (the browser’s default then)', () => {
    expect(pickVoice([french], '', 'ja')).toBeNull();
  });
});

describe('voiceLabel', () => {
  it('says which voices send the text online', () => {
    expect(voiceLabel({ name: 'Google UK English', lang: 'en-GB', localService: false })).toBe(
      'Google UK English (en-GB) · online: sends the text to its service',
    );
    expect(voiceLabel({ name: 'eSpeak English', lang: 'en-US', localService: true })).toBe(
      'eSpeak English (en-US)',
    );
  });
});
