/**
 * Exporters: the article as plain text and as Markdown, for the clipboard. They run where the article is
 * shown (a browser page), never touch extension APIs, and parse `article.content` only into inert
 * `<template>` content, where nothing loads or runs.
 */
export { toMarkdown } from './markdown.ts';
export { toText } from './plain.ts';
export { textOf } from './text.ts';
