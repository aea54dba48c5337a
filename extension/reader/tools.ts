/**
 * The reader's tools, written once: their names (the content script's tools chunk runs them:
 * extension/content/tools.ts) and how the More menu offers them (ExportList.tsx), in its order.
 */
import { t } from '../shared/i18n.ts';

export type ToolName = 'edit' | 'why' | 'outline';

export const TOOLS: { readonly [T in ToolName]: { label: string; title: string } } = {
  outline: { label: t('outline'), title: t('outlineTooltip') },
  edit: { label: t('fixTheText'), title: t('fixTheTextTooltip') },
  why: { label: t('whyThisText'), title: t('whyThisTextTooltip') },
};

export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];
