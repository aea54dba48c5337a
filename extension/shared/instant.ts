/**
 * The instant reader, off until a person turns it on (the options page): then, and only then, Lectern asks the
 * browser for access to every site (`optional_host_permissions`, asked at the moment of the click), and
 * registers the content script itself on every page's top frame, behind content/ahead.ts, which marks its run
 * as a read-ahead. At idle it reads the page's article, keeps it in the tab for the key press (which then only
 * paints) and lights the toolbar button when there is one; it keeps nothing after the tab and sends nothing
 * anywhere. Turning it off unregisters the script and gives the access back. The registered script is the
 * setting: nothing else is stored.
 */
import { api } from './api.ts';
import { CHUNKS } from './chunks.ts';
import { CONTENT_SCRIPT } from './content-script.ts';

const ID = 'instant';

/**
 * The sites it reads ahead on: every web page (the manifest's optional host access). The test build, which
 * holds access to its test origins for good, asks for those, so no browser prompt stands in a test's way.
 */
export function instantSites(): string[] {
  const manifest = api().runtime.getManifest();
  const sites = import.meta.env.LECTERN_E2E ? manifest.host_permissions : manifest.optional_host_permissions;
  return [...(sites ?? [])];
}

/** Whether the instant reader is on: its script is registered. */
export async function instantOn(): Promise<boolean> {
  const scripts = await api().scripting.getRegisteredContentScripts({ ids: [ID] });
  return scripts.length > 0;
}

/**
 * Turns it on, asking for every site's pages first (from a person's click: the browser asks them; the request
 * comes first, as Firefox wants it straight from the click). False when they said no: nothing is registered.
 */
export async function enableInstant(): Promise<boolean> {
  const sites = instantSites();
  if (!(await api().permissions.request({ origins: sites }))) return false;
  if (await instantOn()) return true;
  await api().scripting.registerContentScripts([
    {
      id: ID,
      matches: sites,
      js: [CHUNKS.ahead.file, CONTENT_SCRIPT],
      runAt: 'document_idle',
      allFrames: false,
      persistAcrossSessions: true,
    },
  ]);
  return true;
}

/** Turns it off: the script goes, and so does the access to every site (the test build keeps its own). */
export async function disableInstant(): Promise<void> {
  if (await instantOn()) await api().scripting.unregisterContentScripts({ ids: [ID] });
  if (import.meta.env.LECTERN_E2E) return;
  await api()
    .permissions.remove({ origins: instantSites() })
    .catch(() => false);
}
