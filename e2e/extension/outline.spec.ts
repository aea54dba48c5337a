/**
 * The outline, in the built extension: More → Outline lists the article's sections; choosing one
 * scrolls the reader to it and gives its heading the focus; the section being read is marked while scrolling;
 * the keyboard works it; More → Outline again takes it away.
 */
import { expect, test } from '@playwright/test';
import { openReaderOn, useExtension } from './harness.ts';
import { NEWS } from './pages.ts';

const extension = useExtension();

test('lists the sections, jumps to one, marks the one being read, and goes away again', async () => {
  const { page, overlay } = await openReaderOn(extension, NEWS.url, NEWS.body);
  await overlay.click('More options');
  await overlay.click('Outline');
  await expect.poll(() => overlay.has('Outline', 'navigation')).toBe(true);

  const state = () =>
    overlay.evaluate((root) => {
      const headings = Array.from(root.querySelectorAll('.l-content h2, .l-content h3, .l-content h4'));
      const items = Array.from(root.querySelectorAll('.l-outline-item'));
      const scroller = root.querySelector('.l-scroll') as HTMLElement;
      const top = scroller.getBoundingClientRect().top;
      return {
        headings: headings.map((h) => h.textContent?.trim() ?? ''),
        items: items.map((i) => i.textContent ?? ''),
        current: items.findIndex((i) => i.getAttribute('aria-current') === 'true'),
        offsets: headings.map((h) => Math.round(h.getBoundingClientRect().top - top)),
        focused: (root.activeElement?.textContent ?? '').trim(),
      };
    });
  const first = await state();
  expect(first.items.length).toBeGreaterThan(1);
  expect(first.items).toEqual(first.headings);
  const last = first.items.length - 1;
  const lastTitle = first.items[last] as string;

  await overlay.click(lastTitle);
  await expect.poll(async () => (await state()).current).toBe(last);
  const jumped = await state();
  // Its heading is in view (under the toolbar, or as far up as the article's end lets it come), and has the
  // focus (a screen reader reads from there).
  expect(jumped.offsets[last]).toBeGreaterThanOrEqual(0);
  expect(jumped.offsets[last]).toBeLessThan(
    await overlay.evaluate((root) => (root.querySelector('.l-scroll') as HTMLElement).clientHeight),
  );
  expect(jumped.focused).toBe(lastTitle);

  // Scrolling back to the top marks no section.
  await overlay.evaluate((root) => {
    (root.querySelector('.l-scroll') as HTMLElement).scrollTop = 0;
  });
  await expect.poll(async () => (await state()).current).toBe(-1);

  // The keyboard: focus the first section's button, Enter.
  await overlay.evaluate((root) => (root.querySelector('.l-outline-item') as HTMLElement).focus());
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await state()).current).toBe(0);

  await overlay.click('More options');
  await overlay.click('Outline');
  await expect.poll(() => overlay.has('Outline', 'navigation')).toBe(false);
});
