import { describe, expect, it } from 'vitest';
import { GECKO_ID } from '../vite.firefox.config.ts';
import { builtManifest } from './built-manifest.ts';

// What only the Firefox build (npm run build:firefox → dist-firefox/) has; manifest.test.ts runs the checks
// both builds share over it too.
describe('the Firefox manifest', () => {
  const firefox = () => builtManifest('dist-firefox');

  it('names the add-on for Firefox and says which Firefox it needs', () => {
    const gecko = firefox().browser_specific_settings?.gecko;
    expect(gecko?.id).toBe(GECKO_ID);
    expect(gecko?.strict_min_version).toMatch(/^\d+\.0$/);
    expect(gecko?.data_collection_permissions?.required).toEqual(['none']);
  });

  it('runs the background as module scripts (an event page), not a service worker', () => {
    const { background } = firefox();
    expect(background?.service_worker).toBeUndefined();
    expect(background?.scripts?.length).toBe(1);
    expect(background?.type).toBe('module');
  });

  it('is the Chromium manifest apart from the background, the offscreen permission and the Firefox settings', () => {
    const {
      background: _f,
      browser_specific_settings: _s,
      permissions: firefoxPermissions,
      ...fromFirefox
    } = firefox();
    const { background: _c, permissions: chromiumPermissions, ...fromChromium } = builtManifest('dist');
    expect(fromFirefox).toEqual(fromChromium);
    expect(firefoxPermissions).toEqual(chromiumPermissions?.filter((name) => name !== 'offscreen'));
  });
});
