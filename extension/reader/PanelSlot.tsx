/**
 * A place for one of the panels (panels.tsx): an element of the reader's that holds nothing of its own, which
 * the panels' chunk renders the panel into with its own Preact, with these props, each time the reader renders;
 * null props take it out (its cleanup runs: read aloud stops). Before the chunk has loaded it stays empty.
 */
import type { RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { PanelName, PanelProps, Panels } from './panels.tsx';

interface PanelSlotProps<K extends PanelName> {
  panels: Panels | null;
  name: K;
  props: PanelProps<K> | null;
  slotRef?: RefObject<HTMLDivElement | null>;
}

export function PanelSlot<K extends PanelName>({ panels, name, props, slotRef }: PanelSlotProps<K>) {
  const own = useRef<HTMLDivElement>(null);
  const ref = slotRef ?? own;
  /** Where the panel is shown now, and by which chunk: taken out from there when the slot goes. */
  const shown = useRef<{ panels: Panels; slot: HTMLDivElement } | null>(null);
  useLayoutEffect(() => {
    const slot = ref.current;
    if (!slot || !panels || (props === null && shown.current === null)) return;
    panels.show(slot, name, props);
    shown.current = props === null ? null : { panels, slot };
  });
  useLayoutEffect(
    () => () => {
      shown.current?.panels.show(shown.current.slot, name, null);
      shown.current = null;
    },
    [],
  );
  return <div class="l-mount" ref={ref} />;
}
