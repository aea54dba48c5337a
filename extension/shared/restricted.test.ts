import { describe, expect, it } from 'vitest';
import { classifyInjectError, restrictedReason, restrictedReasonByError } from './restricted.ts';

describe('restrictedReason', () => {
  it('names the kind of page the browser keeps from extensions', () => {
    expect(restrictedReason('chrome://settings')).toBe('browser-page');
    expect(restrictedReason('about:blank')).toBe('browser-page');
    expect(restrictedReason('https://chromewebstore.google.com/detail/x/abc')).toBe('web-store');
    expect(restrictedReason('https://chrome.google.com/webstore/detail/abc')).toBe('web-store');
    expect(restrictedReason('https://example.org/report.PDF')).toBe('pdf');
    expect(restrictedReason(undefined)).toBe('no-page');
  });

  it('lets ordinary pages and local files through', () => {
    expect(restrictedReason('https://example.org/news/story')).toBeNull();
    expect(restrictedReason('https://chrome.google.com/search')).toBeNull();
    expect(restrictedReason('file:///home/me/page.html')).toBeNull();
  });
});

describe('injection errors', () => {
  // Chromium's wording (extensions/common/extension_urls and permissions_data).
  const gallery = 'The extensions gallery cannot be scripted.';
  const browserPage = 'Cannot access a chrome:// URL';
  const noAccess =
    'Cannot access contents of the page. Extension manifest must request permission to access the respective host.';

  it('tells restricted pages from pages we lack access to', () => {
    expect(classifyInjectError(gallery)).toBe('restricted');
    expect(classifyInjectError(browserPage)).toBe('restricted');
    expect(classifyInjectError(noAccess)).toBe('no-access');
    expect(classifyInjectError('Cannot access contents of url "file:///x.html"')).toBe('file-access');
  });

  it('recognises the Web Store by its error when its URL is hidden', () => {
    expect(restrictedReasonByError(gallery)).toBe('web-store');
    expect(restrictedReasonByError(browserPage)).toBeNull();
  });
});
