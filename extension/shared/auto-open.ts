/**
 * "Always open reader view on this site" (issue 21 §5), off for every site until a person turns it on for one:
 * then, and only then, Lectern asks the browser for that one site's pages (`optional_host_permissions`, asked
 * at the moment of the click), and registers a small script there (content/auto.ts) that asks the background
 * to open the reader when the page has an article. Turning it off unregisters the script and gives the
 * permission back. The registered scripts are the list: nothing else is stored.
 */
import { api } from './api.ts';
import { CHUNKS } from './chunks.ts';
import { originOf } from './site-rules.ts';

const PREFIX = 'auto-open:';

const patternOf = (origin: string): string => `${origin}/*`;

/** The sites that open in reader view by themselves, by origin, in the order they were turned on. */
export async function listAutoOpen(): Promise<string[]> {
  const scripts = await api().scripting.getRegisteredContentScripts();
  return scripts
    .filter((script) => script.id.startsWith(PREFIX))
    .map((script) => script.id.slice(PREFIX.length));
}

/**
 * Turns it on for `origin`, asking for its pages first (from a person's click: the browser asks them). False
 * when they said no; nothing is registered then.
 */
export async function enableAutoOpen(origin: string): Promise<boolean> {
  const site = originOf(origin);
  if (site === null) throw new Error('only web pages can open in reader view by themselves');
  if (!(await api().permissions.request({ origins: [patternOf(site)] }))) return false;
  if ((await listAutoOpen()).includes(site)) return true;
  await api().scripting.registerContentScripts([
    {
      id: PREFIX + site,
      matches: [patternOf(site)],
      js: [CHUNKS.auto.file],
      runAt: 'document_idle',
      persistAcrossSessions: true,
    },
  ]);
  return true;
}

/** Turns it off for `origin`: the script goes, and so does the access to the site's pages. */
export async function disableAutoOpen(origin: string): Promise<void> {
  if ((await listAutoOpen()).includes(origin))
    await api().scripting.unregisterContentScripts({ ids: [PREFIX + origin] });
  // A build that holds the site's access for good (the test build's test origins) can't give it back.
  await api()
    .permissions.remove({ origins: [patternOf(origin)] })
    .catch(() => false);
}
