/**
 * The slim bar above the article: read aloud, reading settings, the copy buttons, the More menu and Close, the
 * reading progress in it; under its buttons read aloud's own bar while reading, the open settings and help,
 * and a tool's bar that must stay in view (the Edit mode's).
 */
import { useLayoutEffect } from 'preact/hooks';
import { COPY } from '../shared/formats.ts';
import { t } from '../shared/i18n.ts';
import type { ReaderControls, ReaderElements } from './controls.ts';
import { PanelSlot } from './PanelSlot.tsx';
import { Progress } from './Progress.tsx';
import { type ReaderState, reading } from './state.ts';
import { type Store, sameFields, useStore } from './store.ts';
import type { ReaderActions } from './types.ts';

export const SETTINGS_ID = 'l-settings';
const HELP_ID = 'l-help';

interface ToolbarProps {
  store: Store<ReaderState>;
  controls: ReaderControls;
  elements: ReaderElements;
  actions: ReaderActions;
  /** The article's reading time, for the minutes left. */
  minutes: number;
  lang: string | null;
  article: () => HTMLElement | null;
  /** The article's title and site, for the browser's media controls while reading aloud. */
  title: string;
  site: string | null;
}

const Label = ({ text }: { text: string }) => <span class="l-label">{text}</span>;

/**
 * A click on the bar's buttons leaves the focus where it was (the text, mostly): Space then scrolls the
 * article instead of pressing the button again, and the scroller doesn't jump to bring a focused button of the
 * sticky bar "into view" (Chromium scrolls by the bar's place in the flow). Tab still reaches them.
 */
function keepFocus(event: MouseEvent): void {
  if (event.target instanceof Element && event.target.closest('button')) event.preventDefault();
}

export function Toolbar(props: ToolbarProps) {
  const { store, controls, elements, actions } = props;
  const state = useStore(
    store,
    (s: ReaderState) => ({
      settings: s.settings,
      busy: s.busy,
      settingsOpen: s.settingsOpen,
      helpOpen: s.helpOpen,
      menuOpen: s.menuOpen,
      panels: s.panels,
      shortcut: s.shortcut,
      voices: s.voices,
      reading: reading(s),
    }),
    sameFields,
  );
  const { panels, voices } = state;
  // After the menu's list has rendered into its slot (a child's effect runs first).
  useLayoutEffect(() => controls.focusAskedMenuItem());
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only keeps a click on its buttons from moving the focus.
    <div class="l-toolbar" ref={elements.toolbar} onMouseDown={keepFocus}>
      <div class="l-toolbar-inner">
        <span class="l-brand" aria-hidden="true">
          {t('extensionName')}
        </span>
        <Progress store={store} minutes={props.minutes} />
        <div class="l-actions">
          {/* Read aloud only where the browser has voices: the reader's own button, then (asked for and
              loaded) the panels' bar under these buttons in its place. */}
          {voices.length > 0 && !state.reading && (
            <button
              type="button"
              class="l-button"
              ref={elements.speechButton}
              onClick={() => controls.startSpeech()}
            >
              <span class="l-icon-text" aria-hidden="true">
                ▶
              </span>
              <Label text={t('readAloud')} />
            </button>
          )}
          <button
            type="button"
            class="l-button"
            ref={elements.settingsButton}
            aria-expanded={state.settingsOpen}
            aria-controls={SETTINGS_ID}
            title={t('settingsTooltip')}
            onClick={controls.toggleSettings}
          >
            <span class="l-aa" aria-hidden="true">
              {/* not shown: a picture of letters, hidden from screen readers, the button named by its label */}
              Aa
            </span>
            <Label text={t('readingSettings')} />
          </button>
          {(['text', 'markdown'] as const).map((format, index) => (
            <button
              key={format}
              type="button"
              class="l-button"
              ref={index === 0 ? elements.firstCopy : undefined}
              title={COPY[format].tooltip}
              aria-busy={state.busy}
              onClick={() => controls.copy(format)}
            >
              {format === 'text' ? <CopyIcon /> : <MarkdownIcon />}
              <Label text={COPY[format].button} />
            </button>
          ))}
          <div class="l-menu">
            {/* A disclosure (a button that shows a list of buttons), so Tab and Enter work as everywhere
                else; the list comes with the panels, loaded when it first opens. */}
            <button
              type="button"
              class="l-button"
              ref={elements.menuButton}
              onKeyDown={controls.onMenuKeyDown}
              aria-label={t('moreOptions')}
              aria-expanded={state.menuOpen}
              aria-controls="l-export"
              title={t('moreTooltip')}
              onClick={controls.toggleMenu}
            >
              <Label text={t('more')} />
              <span class="l-caret" aria-hidden="true">
                ▾
              </span>
            </button>
            <PanelSlot
              panels={panels}
              name="ExportList"
              slotRef={elements.menuList}
              props={
                state.menuOpen
                  ? {
                      onCopy: controls.copy,
                      ...(actions.save ? { onSave: controls.save } : {}),
                      ...(actions.tool ? { onTool: actions.tool } : {}),
                      busy: state.busy,
                      choose: controls.choose,
                      onKeyDown: controls.onMenuKeyDown,
                    }
                  : null
              }
            />
          </div>
          <button
            type="button"
            class="l-button l-close"
            aria-label={t('closeReader')}
            title={t('withKey', t('closeReader'), 'Esc')}
            onClick={controls.close}
          >
            <CloseIcon />
          </button>
        </div>
      </div>
      <PanelSlot
        panels={panels}
        name="ReadAloud"
        props={
          state.reading
            ? {
                article: props.article,
                scroller: () => elements.scroller.current,
                bar: () => elements.toolbar.current,
                voices,
                voiceURI: state.settings.voice,
                rate: state.settings.rate,
                lang: props.lang,
                title: props.title,
                site: props.site,
                remote: controls.speech,
                onStop: controls.stopSpeech,
              }
            : null
        }
      />
      <PanelSlot
        panels={panels}
        name="SettingsPanel"
        slotRef={elements.settingsSlot}
        props={
          state.settingsOpen
            ? {
                id: SETTINGS_ID,
                settings: state.settings,
                onChange: controls.change,
                voices,
                lang: props.lang,
              }
            : null
        }
      />
      <PanelSlot
        panels={panels}
        name="HelpPanel"
        slotRef={elements.helpSlot}
        props={
          state.helpOpen
            ? {
                id: HELP_ID,
                speech: voices.length > 0,
                ...(state.shortcut === undefined ? {} : { shortcut: state.shortcut }),
                onClose: () => controls.closePanels(false),
              }
            : null
        }
      />
      {/* A tool's bar that must stay in view while the article scrolls under it: filled by the tools. */}
      <div class="l-mount" ref={elements.toolBar} />
    </div>
  );
}

// Icons are inline SVG drawn with `currentColor` (reader.css .l-icon), which follows forced colours; their
// shapes are presentation attributes, not style attributes, which a page's CSP could block.
const Icon = ({ children }: { children: preact.ComponentChildren }) => (
  <svg class="l-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

const CopyIcon = () => (
  <Icon>
    <rect x="5.5" y="5.5" width="8" height="9" rx="1.5" />
    <path d="M3.5 10.5h-.5a1 1 0 0 1-1-1V3a1.5 1.5 0 0 1 1.5-1.5H9a1 1 0 0 1 1 1v.5" />
  </Icon>
);

const MarkdownIcon = () => (
  <Icon>
    <rect x="1.5" y="3.5" width="13" height="9" rx="1.5" />
    <path
      d="M4 10.5v-5l2 2.5 2-2.5v5M11.5 5.5v4.5m-1.75-1.75L11.5 10l1.75-1.75"
      stroke-linejoin="round"
      stroke-linecap="round"
    />
  </Icon>
);

const CloseIcon = () => (
  <Icon>
    <path d="M4 4l8 8M12 4l-8 8" stroke-width="1.6" stroke-linecap="round" />
  </Icon>
);
