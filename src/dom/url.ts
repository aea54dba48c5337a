/** URL parsing shared by the stages: the copy's links and images, the metadata's lead image. */

/** `raw` resolved against `base`; null when it isn't a URL. A base that isn't one either still lets absolute URLs through. */
export function parseUrl(raw: string, base: string): URL | null {
  const value = raw.trim();
  if (value === '') return null;
  try {
    return new URL(value, base);
  } catch {
    try {
      return new URL(value);
    } catch {
      return null;
    }
  }
}
