/**
 * The reader's tools, written once: their names (the content script's tools chunk runs them:
 * extension/content/tools.ts) and how the More menu offers them (ExportList.tsx), in its order.
 */
export type ToolName = 'edit' | 'why' | 'outline';

export const TOOLS: { readonly [T in ToolName]: { label: string; title: string } } = {
  outline: { label: 'Outline', title: 'Show or hide the article’s sections beside the text' },
  edit: {
    label: 'Fix the text…',
    title:
      'Remove blocks that are not the article, or pick it on the page; Lectern remembers it for this site',
  },
  why: { label: 'Why this text?', title: 'Show on the page how Lectern scored each block and which it took' },
};

export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];
