import { attributeOf, localNameOf } from '../dom/access.ts';
import { elementChildren } from '../dom/limits.ts';
import { parseUrl } from '../dom/url.ts';
import { DATA_IMAGE } from './allowed.ts';

/**
 * One real source for an image: lazy images resolved. Pages defer loading by
 * parking the real URL in `data-src`/`data-srcset` and a placeholder (a 1×1 GIF, a `data:` URI, a
 * "blank.gif") in `src`; a rendered page may also not have loaded an image below the fold yet. So the
 * order is: the widest `srcset` candidate (from `<picture><source>`, `data-srcset`, `srcset`), then the
 * lazy single-URL attributes, then `src`, skipping placeholders throughout. No real source: no image.
 */

/** Lazy-loading attributes seen on news and blog templates (lazysizes, lozad, WordPress plugins, Medium). */
const LAZY_SRC = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-hi-res-src',
  'data-full-src',
  'data-url',
] as const;
const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset', 'data-original-set'] as const;

/**
 * Placeholder file names used by lazy loaders and spacer-GIF layouts: a whole name (`blank.gif`, `grey.png`)
 * or a telling word inside one (`lazyload-placeholder.png`), not any photo that mentions "clear skies".
 */
const PLACEHOLDER_FILE =
  /^(blank|spacer|pixel|transparent|empty|clear|1x1|grey|gray|lazy|loading|loader|dot|px)$/i;
const PLACEHOLDER_WORD =
  /(^|[-_.])(placeholder|spacer|lazyload|lazy-load|blank|1x1|pixel-transparent)([-_.]|$)/i;

/**
 * A `data:` image shorter than this is a placeholder: a 1×1 GIF is ~70 characters, an empty sized SVG
 * ~120–250. Longer ones are images the page inlined (charts, diagrams). Blurred previews (LQIP, 400–1,500)
 * always come with a lazy attribute, which is tried first. SVG in `<img>` runs no script, so it is safe.
 */
const MIN_DATA_URI = 300;

/** `<source type>` values Chromium decodes; other types (JPEG XL, HEIC) would give a broken image. */
const DECODABLE = /^image\/(jpe?g|png|gif|webp|avif|apng|svg\+xml)$/i;

interface Candidate {
  url: string;
  /** `w` descriptor, or 0. */
  width: number;
  /** `x` descriptor (default 1). */
  density: number;
}

export function imageSource(img: Element | null, picture: Element | null, baseUrl: string): string | null {
  const sets: string[] = [];
  if (picture !== null) {
    for (const c of elementChildren(picture)) {
      if (localNameOf(c).toLowerCase() !== 'source') continue;
      const type = attributeOf(c, 'type');
      if (type && !DECODABLE.test(type.trim())) continue;
      for (const name of ['srcset', ...LAZY_SRCSET]) {
        const v = attributeOf(c, name);
        if (v) sets.push(v);
      }
    }
  }
  if (img !== null) {
    for (const name of LAZY_SRCSET) {
      const v = attributeOf(img, name);
      if (v) sets.push(v);
    }
    const srcset = attributeOf(img, 'srcset');
    if (srcset) sets.push(srcset);
  }
  let best: Candidate | null = null;
  for (const set of sets) {
    for (const c of parseSrcset(set)) {
      const url = realUrl(c.url, baseUrl);
      if (url === null) continue;
      if (best === null || wider({ ...c, url }, best)) best = { ...c, url };
    }
  }
  if (best !== null) return best.url;
  if (img === null) return null;
  for (const name of LAZY_SRC) {
    const v = attributeOf(img, name);
    const url = v ? realUrl(v, baseUrl) : null;
    if (url !== null) return url;
  }
  const src = attributeOf(img, 'src');
  return src ? realUrl(src, baseUrl) : null;
}

/** A tracking pixel or spacer, by its declared size. */
export function isPixel(img: Element): boolean {
  const w = attributeOf(img, 'width');
  const h = attributeOf(img, 'height');
  return (w !== null && /^\s*[0-2](px)?\s*$/.test(w)) || (h !== null && /^\s*[0-2](px)?\s*$/.test(h));
}

/** The absolute URL of a real image, or null for placeholders and unusable schemes. */
function realUrl(raw: string, baseUrl: string): string | null {
  const value = raw.trim();
  if (value.startsWith('data:')) {
    return value.length >= MIN_DATA_URI && DATA_IMAGE.test(value) ? value : null;
  }
  const url = parseUrl(value, baseUrl);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const name = file.replace(/\.[a-z0-9]+$/i, '');
  if (PLACEHOLDER_FILE.test(name) || PLACEHOLDER_WORD.test(name)) return null;
  if (file === '' && url.search === '') return null;
  return url.href;
}

/** Later candidates win ties: authors list sources smallest first. */
function wider(a: Candidate, b: Candidate): boolean {
  if (a.width > 0 || b.width > 0) return a.width >= b.width;
  return a.density >= b.density;
}

/**
 * The candidates of a `srcset` (HTML's "parse a srcset attribute", simplified): a URL is a run of
 * non-space characters, so commas inside URLs (`w_400,h_300` image CDNs) survive; a trailing comma ends it.
 */
export function parseSrcset(value: string): Candidate[] {
  const out: Candidate[] = [];
  let i = 0;
  const n = value.length;
  while (i < n) {
    while (i < n && (isSpace(value[i]) || value[i] === ',')) i++;
    if (i >= n) break;
    let j = i;
    while (j < n && !isSpace(value[j])) j++;
    let url = value.slice(i, j);
    i = j;
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      let depth = 0;
      while (i < n && (value[i] !== ',' || depth > 0)) {
        if (value[i] === '(') depth++;
        else if (value[i] === ')') depth = Math.max(0, depth - 1);
        descriptor += value[i];
        i++;
      }
    }
    if (url === '') continue;
    let width = 0;
    let density = 1;
    for (const d of descriptor.trim().split(/\s+/)) {
      const m = /^(\d+(?:\.\d+)?)([wx])$/i.exec(d);
      if (!m) continue;
      if ((m[2] ?? '').toLowerCase() === 'w') width = Number(m[1]);
      else density = Number(m[1]);
    }
    out.push({ url, width, density });
  }
  return out;
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}
