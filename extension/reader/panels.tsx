/**
 * The reader's parts that wait until a person first uses them: the export menu's list, the reading settings,
 * the keyboard help and read aloud, with their styles. The reader's first paint needs none of them, so the
 * extension loads them as a script of their own when asked (extension/content/panels.ts); mountReader's
 * caller says how (`panels`). They are Preact components, and this chunk brings its own copy of Preact: the
 * reader hands each panel a slot of its own to render into (`show`, called by PanelSlot.tsx).
 */
import { type ComponentProps, type FunctionComponent, h, render } from 'preact';
import { ExportList } from './ExportList.tsx';
import { HelpPanel } from './HelpPanel.tsx';
import panelsCss from './panels.css?inline';
import { ReadAloud } from './ReadAloud.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

interface PanelPropsOf {
  ExportList: ComponentProps<typeof ExportList>;
  SettingsPanel: ComponentProps<typeof SettingsPanel>;
  HelpPanel: ComponentProps<typeof HelpPanel>;
  ReadAloud: ComponentProps<typeof ReadAloud>;
}

export type PanelName = keyof PanelPropsOf;
export type PanelProps<K extends PanelName> = PanelPropsOf[K];

const COMPONENTS: { readonly [K in PanelName]: FunctionComponent<PanelPropsOf[K]> } = {
  ExportList,
  SettingsPanel,
  HelpPanel,
  ReadAloud,
};

export const panels = {
  /** The panels' stylesheet (adopted into the reader's shadow root with them: mountReader). */
  css: panelsCss,
  /**
   * Renders the panel `name` with `props` into `slot` (an element of the reader's that holds nothing else), or
   * renders it again with new props; null props take it out again, running its cleanup (read aloud stops).
   */
  show<K extends PanelName>(slot: Element, name: K, props: PanelProps<K> | null): void {
    render(props === null ? null : h(COMPONENTS[name], props), slot);
  },
};

export type Panels = typeof panels;
