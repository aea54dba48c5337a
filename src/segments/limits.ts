/**
 * Work caps shared by the walks, so that a huge or hostile page costs bounded time and memory.
 *
 * MAX_OUTPUT_DEPTH: Chromium's HTML parser nests elements no deeper than 512
 * (`kMaximumHTMLParserDOMTreeDepth`, third_party/blink/renderer/core/html/parser/html_construction_site.cc):
 * deeper markup is parsed as siblings. The article's HTML is parsed again by every consumer (the overlay,
 * the Markdown exporter), so output deeper than that would change shape on the way; the copy unwraps elements
 * past this depth instead, and keeps their text. No real article nests that deep (the dev corpora's deepest
 * page is far shallower), only generated or hostile pages.
 */
export const MAX_OUTPUT_DEPTH = 512;
