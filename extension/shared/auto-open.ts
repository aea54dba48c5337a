/**
 * "Always open reader view on this site", off for every site until a person turns it on for one:
 * then, and only then, Lectern asks the browser for that one site's pages (`optional_host_permissions`, asked
 * at the moment of the click), and registers a small script there (content/auto.ts) that asks the background
 * to open the reader when the page has an article. Turning it off unregisters the script and gives the
 * permission back. The registered scripts are the list: nothing else is stored.
 */
import { api } from './api.ts';
import { CHUNKS } from './chunks.ts';
import { t } from './i18n.ts';
import { originOf } from './site-rules.ts';

const PREFIX = 'auto-open:';

/**
 * A plain host, with a port or not: a name of letters, digits, `-` and `_` between dots (a domain in Unicode
 * comes as punycode), an IPv4 address, or an IPv6 one in brackets.
 */
const PLAIN_HOST = /^(?:[a-z\d_-]+(?:\.[a-z\d_-]+)*\.?|\[[\da-f:.]+\])(?::\d{1,5})?$/;

const NOT_PLAIN = t('autoOpenNotPlain');

/**
 * The site (origin) of a web address whose host is plain as written and as the browser reads it, else null.
 * Its match pattern is built from it: a `*` there would widen the pattern to other sites (`*.example.com`), and
 * a percent-escape is read as what it stands for (`%2A` is `*`).
 */
function plainSite(address: string): string | null {
  const site = originOf(address);
  const written = /^https?:\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(address)?.[1];
  if (site === null || written === undefined) return null;
  return PLAIN_HOST.test(written.toLowerCase()) && PLAIN_HOST.test(new URL(site).host) ? site : null;
}

/** The match pattern of one site's pages: only ever made from a plain site. */
function patternOf(address: string): string {
  const site = plainSite(address);
  if (site === null) throw new Error(NOT_PLAIN);
  return `${site}/*`;
}

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
  if (site === null) throw new Error(t('autoOpenWebOnly'));
  const pattern = patternOf(origin);
  if (!(await api().permissions.request({ origins: [pattern] }))) return false;
  if ((await listAutoOpen()).includes(site)) return true;
  await api().scripting.registerContentScripts([
    {
      id: PREFIX + site,
      matches: [pattern],
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
  // A site that is not plain was never asked for (enableAutoOpen refuses it), and its pattern would reach others.
  if (plainSite(origin) === null) return;
  // A build that holds the site's access for good (the test build's test origins) can't give it back.
  await api()
    .permissions.remove({ origins: [patternOf(origin)] })
    .catch(() => false);
}
