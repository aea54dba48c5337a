/**
 * The reader's parts that wait until a person first uses them: the export menu's list, the reading settings,
 * the keyboard help and read aloud, with their styles. The reader's first paint needs none of them, so the
 * extension loads them as a script of their own when asked (extension/content/panels.ts); mountReader's
 * caller says how (`panels`).
 */
import { ExportList } from './ExportList.tsx';
import { HelpPanel } from './HelpPanel.tsx';
import panelsCss from './panels.css?inline';
import { ReadAloud } from './ReadAloud.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';

/** The components, and their stylesheet (adopted into the reader's shadow root with them: mountReader). */
export const panels = { ExportList, SettingsPanel, HelpPanel, ReadAloud, css: panelsCss };

export type Panels = typeof panels;
