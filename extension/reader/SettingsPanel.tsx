/**
 * Reading settings: theme, typeface, size, column width, line spacing, images, and whether copies carry a
 * header. Native radio buttons and checkboxes, so every control is keyboard-operable and named for screen
 * readers without ARIA of our own; a change applies at once and is saved by the caller.
 */
import type { ComponentChildren } from 'preact';
import {
  FONT_SIZES,
  FONTS,
  type Font,
  LINE_HEIGHTS,
  type ReaderSettings,
  stepFontSize,
  THEMES,
  type Theme,
  WIDTHS,
  type Width,
} from './settings.ts';

interface SettingsPanelProps {
  id: string;
  settings: ReaderSettings;
  onChange(patch: Partial<ReaderSettings>): void;
  /** The browser's voices; read-aloud settings show only when there are some. */
  voices?: readonly SpeechSynthesisVoice[];
  lang?: string | null;
}

const RATES = [0.75, 1, 1.25, 1.5, 2];

const THEME_NAMES: Record<Theme, string> = {
  auto: 'Auto',
  light: 'Light',
  sepia: 'Sepia',
  dark: 'Dark',
  contrast: 'High contrast',
};
const FONT_NAMES: Record<Font, string> = { serif: 'Serif', sans: 'Sans-serif', mono: 'Monospace' };
const WIDTH_NAMES: Record<Width, string> = { narrow: 'Narrow', medium: 'Medium', wide: 'Wide' };
const LEADING_NAMES = ['Tight', 'Normal', 'Loose', 'Looser'];

export function SettingsPanel({ id, settings, onChange, voices = [], lang = null }: SettingsPanelProps) {
  // Voices for the article's language first: those are the ones that can read it.
  const primary = lang?.split('-')[0]?.toLowerCase() ?? '';
  const sorted = [...voices].sort(
    (a, b) =>
      Number(!a.lang.toLowerCase().startsWith(primary)) - Number(!b.lang.toLowerCase().startsWith(primary)),
  );
  const sizeIndex = FONT_SIZES.indexOf(settings.fontSize as (typeof FONT_SIZES)[number]);
  return (
    <section id={id} class="lectern-settings" aria-label="Reading settings">
      <Choice legend="Theme" name="theme">
        {THEMES.map((theme) => (
          <Option
            key={theme}
            name="theme"
            label={THEME_NAMES[theme]}
            swatch={theme}
            checked={settings.theme === theme}
            onSelect={() => onChange({ theme })}
          />
        ))}
      </Choice>
      <Choice legend="Typeface" name="font">
        {FONTS.map((font) => (
          <Option
            key={font}
            name="font"
            label={FONT_NAMES[font]}
            checked={settings.font === font}
            onSelect={() => onChange({ font })}
          />
        ))}
      </Choice>
      <fieldset class="lectern-choice lectern-choice-size">
        <legend class="lectern-setting-name">Text size</legend>
        <div class="lectern-options">
          <button
            type="button"
            class="lectern-button lectern-step"
            title="Smaller text (Ctrl −)"
            disabled={sizeIndex === 0}
            onClick={() => onChange({ fontSize: stepFontSize(settings.fontSize, -1) })}
          >
            <span aria-hidden="true">A−</span>
            <span class="lectern-hidden-label">Smaller text</span>
          </button>
          <output class="lectern-size" aria-live="polite">
            {Math.round(settings.fontSize * 80)}%
          </output>
          <button
            type="button"
            class="lectern-button lectern-step"
            title="Larger text (Ctrl +)"
            disabled={sizeIndex === FONT_SIZES.length - 1}
            onClick={() => onChange({ fontSize: stepFontSize(settings.fontSize, 1) })}
          >
            <span aria-hidden="true">A+</span>
            <span class="lectern-hidden-label">Larger text</span>
          </button>
        </div>
      </fieldset>
      <Choice legend="Width" name="width">
        {(Object.keys(WIDTHS) as Width[]).map((width) => (
          <Option
            key={width}
            name="width"
            label={WIDTH_NAMES[width]}
            checked={settings.width === width}
            onSelect={() => onChange({ width })}
          />
        ))}
      </Choice>
      <Choice legend="Line spacing" name="leading">
        {LINE_HEIGHTS.map((lineHeight, index) => (
          <Option
            key={lineHeight}
            name="leading"
            label={LEADING_NAMES[index] ?? String(lineHeight)}
            checked={settings.lineHeight === lineHeight}
            onSelect={() => onChange({ lineHeight })}
          />
        ))}
      </Choice>
      {voices.length > 0 && (
        <fieldset class="lectern-choice lectern-choice-speech">
          <legend class="lectern-setting-name">Read aloud</legend>
          <div class="lectern-options">
            <label class="lectern-select">
              Voice
              <select
                value={settings.voice}
                onChange={(event) => onChange({ voice: event.currentTarget.value })}
              >
                <option value="">Default for the article’s language</option>
                {sorted.map((voice) => (
                  <option key={voice.voiceURI} value={voice.voiceURI}>
                    {voice.name} ({voice.lang})
                  </option>
                ))}
              </select>
            </label>
            <label class="lectern-select">
              Speed
              <select
                value={String(settings.rate)}
                onChange={(event) => onChange({ rate: Number(event.currentTarget.value) })}
              >
                {RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}×
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
      )}
      <label class="lectern-check">
        <input
          type="checkbox"
          checked={settings.images}
          onChange={() => onChange({ images: !settings.images })}
        />
        Show images
      </label>
      <label class="lectern-check">
        <input
          type="checkbox"
          checked={settings.copyHeader}
          onChange={() => onChange({ copyHeader: !settings.copyHeader })}
        />
        Copies start with title, byline and link
      </label>
    </section>
  );
}

function Choice({ legend, name, children }: { legend: string; name: string; children: ComponentChildren }) {
  return (
    <fieldset class={`lectern-choice lectern-choice-${name}`}>
      <legend class="lectern-setting-name">{legend}</legend>
      <div class="lectern-options">{children}</div>
    </fieldset>
  );
}

interface OptionProps {
  name: string;
  label: string;
  checked: boolean;
  swatch?: Theme;
  onSelect(): void;
}

function Option({ name, label, checked, swatch, onSelect }: OptionProps) {
  return (
    <label class="lectern-option">
      <input type="radio" name={`lectern-${name}`} checked={checked} onChange={onSelect} />
      {swatch && <span class={`lectern-swatch lectern-swatch-${swatch}`} aria-hidden="true" />}
      <span>{label}</span>
    </label>
  );
}
