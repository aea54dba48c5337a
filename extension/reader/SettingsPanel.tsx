/**
 * Reading settings: theme, typeface, size, column width, line spacing, the reading aids (letter, word and
 * paragraph spacing, alignment, line focus), images, and whether copies carry a header. Native radio buttons and checkboxes, so every control is keyboard-operable and named for screen
 * readers without ARIA of our own; a change applies at once and is saved by the caller.
 */

import { formatDecimal, type MessageName, t, tCount } from '../shared/i18n.ts';
import {
  ALIGNMENTS,
  type Alignment,
  FONT_SIZES,
  FONTS,
  type Font,
  LINE_FOCUS,
  LINE_HEIGHTS,
  type ReaderSettings,
  SPACINGS,
  type Spacing,
  stepFontSize,
  TEXT_SPACINGS,
  type TextSpacing,
  THEMES,
  type Theme,
  WIDTHS,
  type Width,
} from './settings.ts';
import { voiceLabel, voiceRank } from './voices.ts';

interface SettingsPanelProps {
  id: string;
  settings: ReaderSettings;
  onChange(patch: Partial<ReaderSettings>): void;
  /** The browser's voices; read-aloud settings show only when there are some. */
  voices?: readonly SpeechSynthesisVoice[];
  lang?: string | null;
}

const RATES = [0.75, 1, 1.25, 1.5, 2];

const THEME_NAMES: Record<Theme, MessageName> = {
  auto: 'themeAuto',
  light: 'themeLight',
  sepia: 'themeSepia',
  dark: 'themeDark',
  contrast: 'themeContrast',
};
const FONT_NAMES: Record<Font, MessageName> = {
  serif: 'fontSerif',
  sans: 'fontSans',
  mono: 'fontMono',
  legible: 'fontLegible',
};
const WIDTH_NAMES: Record<Width, MessageName> = {
  narrow: 'widthNarrow',
  medium: 'widthMedium',
  wide: 'widthWide',
};
const LEADING_NAMES: readonly MessageName[] = [
  'leadingTight',
  'leadingNormal',
  'leadingLoose',
  'leadingLooser',
];

const lineFocusName = (lines: number): string =>
  lines === 0 ? t('lineFocusOff') : tCount('lineFocusLines', lines);

export function SettingsPanel({ id, settings, onChange, voices = [], lang = null }: SettingsPanelProps) {
  const sorted = [...voices].sort((a, b) => voiceRank(a, lang) - voiceRank(b, lang));
  const sizeIndex = FONT_SIZES.indexOf(settings.fontSize as (typeof FONT_SIZES)[number]);
  return (
    <section id={id} class="l-settings" aria-label={t('readingSettings')}>
      <Choice
        legend={t('settingTheme')}
        name="theme"
        options={THEMES.map((theme) => [theme, t(THEME_NAMES[theme])] as const)}
        value={settings.theme}
        swatches
        onSelect={(theme) => onChange({ theme })}
      />
      <Choice
        legend={t('settingTypeface')}
        name="font"
        options={FONTS.map((font) => [font, t(FONT_NAMES[font])] as const)}
        value={settings.font}
        onSelect={(font) => onChange({ font })}
      />
      <fieldset class="l-choice l-choice-size">
        <legend class="l-setting-name">{t('settingTextSize')}</legend>
        <div class="l-options">
          <StepButton
            symbol="A−"
            label={t('smallerText')}
            keys={t('keyCtrl', '−')}
            disabled={sizeIndex === 0}
            onClick={() => onChange({ fontSize: stepFontSize(settings.fontSize, -1) })}
          />
          <output class="l-size" aria-live="polite">
            {t('percent', Math.round(settings.fontSize * 80))}
          </output>
          <StepButton
            symbol="A+"
            label={t('largerText')}
            keys={t('keyCtrl', '+')}
            disabled={sizeIndex === FONT_SIZES.length - 1}
            onClick={() => onChange({ fontSize: stepFontSize(settings.fontSize, 1) })}
          />
        </div>
      </fieldset>
      <Choice
        legend={t('settingWidth')}
        name="width"
        options={(Object.keys(WIDTHS) as Width[]).map((width) => [width, t(WIDTH_NAMES[width])] as const)}
        value={settings.width}
        onSelect={(width) => onChange({ width })}
      />
      <Choice
        legend={t('settingLineSpacing')}
        name="leading"
        options={LINE_HEIGHTS.map(
          (height, index) => [height, t(LEADING_NAMES[index] ?? 'leadingNormal')] as const,
        )}
        value={settings.lineHeight}
        onSelect={(lineHeight) => onChange({ lineHeight })}
      />
      <TextSpacingChoice settings={settings} onChange={onChange} />
      <Choice
        legend={t('settingAlignment')}
        name="align"
        options={(Object.keys(ALIGNMENTS) as Alignment[]).map(
          (align) => [align, t(ALIGNMENTS[align])] as const,
        )}
        value={settings.align}
        onSelect={(align) => onChange({ align })}
      />
      <Choice
        legend={t('settingLineFocus')}
        name="line-focus"
        options={LINE_FOCUS.map((lines) => [lines, lineFocusName(lines)] as const)}
        value={settings.lineFocus}
        onSelect={(lineFocus) => onChange({ lineFocus })}
      />
      {voices.length > 0 && (
        <fieldset class="l-choice l-choice-speech">
          <legend class="l-setting-name">{t('readAloud')}</legend>
          <div class="l-options">
            <label class="l-select">
              {t('settingVoice')}
              <select
                value={settings.voice}
                onChange={(event) => onChange({ voice: event.currentTarget.value })}
              >
                <option value="">{t('voiceDefault')}</option>
                {sorted.map((voice) => (
                  <option key={voice.voiceURI} value={voice.voiceURI}>
                    {voiceLabel(voice)}
                  </option>
                ))}
              </select>
            </label>
            <label class="l-select">
              {t('settingSpeed')}
              <select
                value={String(settings.rate)}
                onChange={(event) => onChange({ rate: Number(event.currentTarget.value) })}
              >
                {RATES.map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {t('rateTimes', formatDecimal(rate, String(rate).split('.')[1]?.length ?? 0))}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </fieldset>
      )}
      <label class="l-check">
        <input
          type="checkbox"
          checked={settings.images}
          onChange={() => onChange({ images: !settings.images })}
        />
        {t('settingImages')}
      </label>
      <label class="l-check">
        <input
          type="checkbox"
          checked={settings.copyHeader}
          onChange={() => onChange({ copyHeader: !settings.copyHeader })}
        />
        {t('settingCopyHeader')}
      </label>
    </section>
  );
}

/**
 * Letter, word and paragraph spacing as three lists in one group: three rows of Normal / Wide / Wider radios
 * would name nine buttons alike.
 */
function TextSpacingChoice({ settings, onChange }: Pick<SettingsPanelProps, 'settings' | 'onChange'>) {
  return (
    <fieldset class="l-choice l-choice-spacing">
      <legend class="l-setting-name">{t('settingSpacing')}</legend>
      <div class="l-options">
        {(Object.keys(TEXT_SPACINGS) as TextSpacing[]).map((setting) => (
          <label key={setting} class="l-select">
            {t(TEXT_SPACINGS[setting].label)}
            <select
              value={settings[setting]}
              onChange={(event) => onChange({ [setting]: event.currentTarget.value as Spacing })}
            >
              {(Object.keys(SPACINGS) as Spacing[]).map((spacing) => (
                <option key={spacing} value={spacing}>
                  {t(SPACINGS[spacing].label)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface ChoiceProps<T extends string | number> {
  legend: string;
  name: string;
  /** Each option's value and label. */
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  /** A colour swatch before each label (themes). */
  swatches?: boolean;
  onSelect(value: T): void;
}

/** One setting as a group of radio buttons. */
function Choice<T extends string | number>({
  legend,
  name,
  options,
  value,
  swatches,
  onSelect,
}: ChoiceProps<T>) {
  return (
    <fieldset class={`l-choice l-choice-${name}`}>
      <legend class="l-setting-name">{legend}</legend>
      <div class="l-options">
        {options.map(([option, label]) => (
          <label key={option} class="l-option">
            <input
              type="radio"
              name={`l-${name}`}
              checked={option === value}
              onChange={() => onSelect(option)}
            />
            {swatches && <span class={`l-swatch l-swatch-${option}`} aria-hidden="true" />}
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface StepButtonProps {
  symbol: string;
  label: string;
  keys: string;
  disabled: boolean;
  onClick(): void;
}

/** A button that shows a symbol (A−) and is named by its words (Smaller text) for screen readers. */
function StepButton({ symbol, label, keys, disabled, onClick }: StepButtonProps) {
  return (
    <button
      type="button"
      class="l-button l-step"
      title={`${label} (${keys})`}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{symbol}</span>
      <span class="l-hidden-label">{label}</span>
    </button>
  );
}
