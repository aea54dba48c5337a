/**
 * Runs once before the browser tests: every build they load (support/builds.ts) that is older than its sources
 * is built again, so a run tests the code as it is on disk. Up to date, it only compares file times.
 * LECTERN_BUILDS (e.g. `extractor`) limits it to the builds a run loads.
 */
import { buildsNamed, rebuildStale } from './support/builds.ts';

export default function globalSetup(): void {
  rebuildStale(buildsNamed(process.env.LECTERN_BUILDS));
}
