/** Dates as pages write them out, read as the calendar day they state (no time zone: the day as written). */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
/** 2025-12-17; December 17, 2025 / Dec 17th 2025; 17 December 2025. Numeric day-month orders are ambiguous. */
const PATTERNS: readonly { re: RegExp; order: 'ymd' | 'mdy' | 'dmy' }[] = [
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/, order: 'ymd' },
  { re: new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+(\d{4})\b`, 'i'), order: 'mdy' },
  { re: new RegExp(String.raw`\b${DAY}\s+(?:of\s+)?${MONTH},?\s+(\d{4})\b`, 'i'), order: 'dmy' },
];

/** A date line is short: longer text is a paragraph that happens to hold a date. */
const MAX_DATE_TEXT = 160;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day a short text states, as YYYY-MM-DD; null when it states none (or an impossible one). */
export function parseDateText(text: string): string | null {
  if (text.length > MAX_DATE_TEXT) return null;
  for (const { re, order } of PATTERNS) {
    const m = re.exec(text);
    if (!m) continue;
    const [, a = '', b = '', c = ''] = m;
    const year = Number(order === 'ymd' ? a : c);
    const month =
      order === 'ymd' ? Number(b) : MONTHS.indexOf((order === 'mdy' ? a : b).slice(0, 3).toLowerCase()) + 1;
    const day = Number(order === 'ymd' ? c : order === 'mdy' ? b : a);
    if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) continue;
    return `${year}-${pad(month)}-${pad(day)}`;
  }
  return numericDay(text);
}

/** 13/11/2025 or 11/13/2025: read only when one of the two numbers can't be a month. */
function numericDay(text: string): string | null {
  const m = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/.exec(text);
  if (!m) return null;
  const [first, second, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [month, day] =
    first > 12 && second <= 12 ? [second, first] : second > 12 && first <= 12 ? [first, second] : [0, 0];
  if (month === 0 || day > 31 || year < 1990 || year > 2100) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
