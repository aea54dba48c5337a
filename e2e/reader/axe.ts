/** axe-core scans of the reader as the reader specs mount it (mount.ts). */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe lays out what it checks for contrast from <body> down, and reports the colours of anything outside it (the
 * reader's host is a child of <html>, as in the extension) as undetermined, never as a violation. Moving the
 * host puts the dialog back at the top of its scroll, so it comes before scrolling to what is to be scanned.
 */
export async function hostInBody(page: Page): Promise<void> {
  await page.evaluate(() => {
    const host = document.querySelector('lectern-reader');
    const dialog = host?.shadowRoot?.querySelector('dialog');
    if (!host || !dialog || host.parentElement === document.body) return;
    document.body.append(host);
    // Moved, the dialog is no longer modal: shown modally again, so the page under it stays inert.
    dialog.close();
    dialog.showModal();
  });
}

/**
 * The serious and critical violations axe finds in the reader, each with the elements it names; how many checks
 * passed, and how many of the passed colour checks were a code token's.
 */
export async function seriousViolations(
  page: Page,
): Promise<{ serious: string[]; passes: number; tokens: number }> {
  await hostInBody(page);
  const results = await new AxeBuilder({ page })
    .include('lectern-reader')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  const contrast = results.passes.find((rule) => rule.id === 'color-contrast');
  const tokens = contrast?.nodes.filter((node) => node.html.includes('hljs-')).length ?? 0;
  return { serious, passes: results.passes.length, tokens };
}
