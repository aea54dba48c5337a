/**
 * Data table or layout table? Layout tables (the whole article in one cell, a page grid built of `<td>`s)
 * are unwrapped into their content; data tables are kept. The signals follow Readability's
 * `_markDataTables` (mozilla/readability), trimmed to what the clean copy needs. The page's table is read
 * through dom/access.ts.
 */
import { attributeOf, elementsByTagName, hasAttribute, localNameOf, textContentOf } from '../dom/access.ts';
import { elementChildren } from '../dom/limits.ts';

/** A cell holding this much text is prose laid out in a grid, not a datum. */
const PROSE_CELL_CHARS = 400;

export function isLayoutTable(table: Element): boolean {
  const role = (attributeOf(table, 'role') ?? '').trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  if (attributeOf(table, 'datatable') === '0') return true;
  if (hasAttribute(table, 'summary')) return false;

  let rows = 0;
  let columns = 0;
  let headerCells = 0;
  let prose = false;
  for (const row of tableRows(table)) {
    rows++;
    let cells = 0;
    for (const c of elementChildren(row)) {
      const tag = localNameOf(c).toLowerCase();
      if (tag !== 'td' && tag !== 'th') continue;
      if (tag === 'th') headerCells++;
      const span = Number(attributeOf(c, 'colspan'));
      cells += Number.isFinite(span) && span > 1 ? Math.min(span, 100) : 1;
      // A nested table: the outer one is page layout.
      if (elementsByTagName(c, 'table').length > 0) return true;
      if (!prose && tag === 'td' && (textContentOf(c) ?? '').length > PROSE_CELL_CHARS) prose = true;
    }
    if (cells > columns) columns = cells;
  }
  for (const part of elementChildren(table)) {
    const tag = localNameOf(part).toLowerCase();
    if (tag === 'caption' || tag === 'thead' || tag === 'tfoot' || tag === 'colgroup') return false;
  }
  if (headerCells > 0) return false;
  if (prose) return true;
  // One row or one column is a box around content, not data (Readability: rows == 1 || columns == 1).
  return rows <= 1 || columns <= 1;
}

/** The rows of this table only (not of tables nested in its cells). */
function* tableRows(table: Element): Generator<Element> {
  for (const c of elementChildren(table)) {
    const tag = localNameOf(c).toLowerCase();
    if (tag === 'tr') yield c;
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') {
      for (const r of elementChildren(c)) {
        if (localNameOf(r).toLowerCase() === 'tr') yield r;
      }
    }
  }
}
