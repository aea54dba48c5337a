/**
 * The article's images for a saved web page, fetched once when the person saves and inlined as `data:` URLs,
 * so that opening the file later contacts nobody (its CSP allows `data:` images only). Bounded: PARALLEL
 * requests at a time, an image read no further than MAX_IMAGE_BYTES, none fetched once MAX_TOTAL_BYTES are
 * in, nothing after FETCH_TIMEOUT_MS; each image left out is named in the file where it was
 * (src/export/html.ts).
 */
import type { ImageSource, SavedImages } from '../../src/export/html.ts';
import { imageSources } from '../../src/export/html.ts';
import type { ReaderArticle } from '../../src/types.ts';
import { t } from '../shared/i18n.ts';

/**
 * A news photo is 100–500 KB, a large hero image 1–2 MB; as base64 a data: URL is a third larger again. Past
 * these, a saved article would become a file people hesitate to mail or keep.
 */
const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
const MAX_TOTAL_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
/** What an `<img>` may show in the saved file; src/clean/sanitize.ts allows the same `data:` types. */
const IMAGE_TYPE = /^image\/(png|jpeg|gif|webp|avif|svg\+xml)$/i;

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(t('imageUnreadable')));
    reader.readAsDataURL(blob);
  });
}

/** Its body, read no further than `limit` bytes: 'too-large' past it, null when it can't be read. */
async function readLimited(response: Response, limit: number): Promise<Blob | 'too-large' | null> {
  const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>> | null)?.getReader();
  if (reader === undefined) return null;
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return new Blob(parts);
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        return 'too-large';
      }
      parts.push(value);
    }
  } catch {
    return null;
  }
}

/**
 * One image: the page's own images come from its cache as a rule. No referrer goes with the request; the
 * page's cookies go only to its own origin, as when the page loaded the image itself. An image on another
 * origin that doesn't allow reading it (no CORS header) can't be read from here: it is left out.
 */
async function fetchImage(src: string, signal: AbortSignal): Promise<ImageSource> {
  let response: Response;
  try {
    response = await fetch(src, { cache: 'force-cache', referrerPolicy: 'no-referrer', signal });
  } catch {
    return { dropped: 'unavailable' };
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!response.ok || !IMAGE_TYPE.test(type)) return { dropped: 'unavailable' };
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > MAX_IMAGE_BYTES) return { dropped: 'too-large' };
  const blob = await readLimited(response, MAX_IMAGE_BYTES);
  if (blob === null) return { dropped: 'unavailable' };
  if (blob === 'too-large') return { dropped: 'too-large' };
  return { data: await dataUrl(new Blob([blob], { type })), bytes: blob.size };
}

/** How many images are fetched at once: a page of hundreds doesn't open hundreds of requests together. */
const PARALLEL = 4;

export async function inlineImages(article: ReaderArticle): Promise<SavedImages> {
  const sources = imageSources(article);
  const images = new Map<string, ImageSource>();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FETCH_TIMEOUT_MS);
  let total = 0;
  let next = 0;
  // Each worker takes the next image in the article's order; once the file is full, the rest aren't fetched.
  const worker = async (): Promise<void> => {
    for (let src = sources[next++]; src !== undefined; src = sources[next++]) {
      if (total >= MAX_TOTAL_BYTES) {
        images.set(src, { dropped: 'too-large' });
        continue;
      }
      const image = await fetchImage(src, controller.signal);
      if ('data' in image) total += image.bytes;
      images.set(src, 'data' in image && total > MAX_TOTAL_BYTES ? { dropped: 'too-large' } : image);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL, sources.length) }, worker));
  } finally {
    clearTimeout(timer);
  }
  return images;
}
