/**
 * The bars of the editor (extension/content/editor.ts), in the reader above the article: the Edit mode's, and
 * the one that says a site's fix is in use, and the picker's surface. Preact components, each with the handle
 * its tool drives it by; styled by tools.css.
 */
import { createRef, type RefObject } from 'preact';
import { t } from '../shared/i18n.ts';
import { viewOf } from './view.ts';

/** A button's label and what it does. */
export type BarAction = readonly [label: string, run: () => void];

export interface Bar {
  element: HTMLElement;
  /** Says `text` in the bar's live region (empty: says nothing). */
  say(text: string): void;
}

export interface FixBar extends Bar {
  /** Puts these buttons in place of the bar's own. */
  actions(actions: readonly BarAction[]): void;
}

const Button = ({
  action: [label, run],
  disabled = false,
  buttonRef,
}: {
  action: BarAction;
  disabled?: boolean;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}) => (
  <button type="button" class="l-button" disabled={disabled} onClick={run} ref={buttonRef}>
    {label}
  </button>
);

const Status = ({ text }: { text: string }) => (
  <p class="l-status" role="status">
    {text}
  </p>
);

interface FixBarProps {
  text: string;
  actions: readonly BarAction[];
  label: string;
  said: string;
}

/** The bar of a site's fix: what is shown, and what can be done about it. */
function FixBarView({ text, actions, label, said }: FixBarProps) {
  return (
    <section class="l-fixbar" aria-label={label}>
      <p>{text}</p>
      <span class="l-actions">
        {actions.map((action) => (
          <Button key={action[0]} action={action} />
        ))}
      </span>
      <Status text={said} />
    </section>
  );
}

export function fixBar(text: string, actions: readonly BarAction[], label = t('fixBarLabel')): FixBar {
  let props: FixBarProps = { text, actions, label, said: '' };
  const view = viewOf(<FixBarView {...props} />);
  const update = (patch: Partial<FixBarProps>) => {
    props = { ...props, ...patch };
    view.update(<FixBarView {...props} />);
  };
  return {
    element: view.element,
    say: (said) => update({ said }),
    actions: (next) => update({ actions: next }),
  };
}

export interface EditBarProps {
  site: string;
  onPick(): void;
  canUndo: boolean;
  /** A block was removed: blocks like it can be removed too. */
  canLike: boolean;
  onUndo(): void;
  onLike(): void;
  onDone(): void;
  onCancel(): void;
}

export interface EditBar extends Bar {
  focus(): void;
}

/** The Edit mode's bar: how it works, Undo, "Remove blocks like this", Done and Cancel. */
function EditBarView(props: EditBarProps & { said: string; done: RefObject<HTMLButtonElement | null> }) {
  return (
    <section class="l-fixbar l-fixbar-editing" aria-label={t('fixTheTextBar')}>
      <p>{t('editHowTo', props.site)}</p>
      <span class="l-actions">
        <Button action={[t('undo'), props.onUndo]} disabled={!props.canUndo} />
        <Button action={[t('editRemoveLike'), props.onLike]} disabled={!props.canLike} />
        <Button action={[t('editPick'), props.onPick]} />
        <Button action={[t('done'), props.onDone]} buttonRef={props.done} />
        <Button action={[t('cancel'), props.onCancel]} />
      </span>
      <Status text={props.said} />
    </section>
  );
}

export function editBar(props: EditBarProps): EditBar {
  const done = createRef<HTMLButtonElement>();
  const view = viewOf(<EditBarView {...props} said="" done={done} />);
  return {
    element: view.element,
    say: (said) => view.update(<EditBarView {...props} said={said} done={done} />),
    focus: () => done.current?.focus({ preventScroll: true }),
  };
}

export interface PickerSurface {
  element: HTMLElement;
  /** Where a click takes the box under the pointer. */
  area: HTMLElement;
  take: HTMLButtonElement;
  /** Adds the box after the article instead (text the article left out). */
  add: HTMLButtonElement;
  cancel: HTMLButtonElement;
  /** Outlines `rect` (viewport coordinates) and says what it holds; null takes the outline away. */
  outline(rect: DOMRect | null, label: string): void;
  focus(): void;
}

interface PickerRefs {
  surface: RefObject<HTMLElement | null>;
  area: RefObject<HTMLDivElement | null>;
  take: RefObject<HTMLButtonElement | null>;
  add: RefObject<HTMLButtonElement | null>;
  cancel: RefObject<HTMLButtonElement | null>;
}

const px = (value: number) => `${Math.round(value)}px`;

/**
 * A transparent layer over the page, the outline of the box pointed at, and a bar saying how to pick.
 * Positions go through the CSSOM (a style object), which a page's CSP doesn't govern.
 */
function PickerView({ rect, label, refs }: { rect: DOMRect | null; label: string; refs: PickerRefs }) {
  return (
    <section class="l-picker" tabindex={-1} aria-label={t('editPick')} ref={refs.surface}>
      <div class="l-pick-area" ref={refs.area}>
        <div
          class="l-pick-box"
          aria-hidden="true"
          hidden={rect === null}
          data-label={rect === null ? undefined : label}
          style={
            rect === null
              ? undefined
              : { top: px(rect.top), left: px(rect.left), width: px(rect.width), height: px(rect.height) }
          }
        />
      </div>
      <div class="l-fixbar l-pickbar">
        <p>{t('pickHowTo')}</p>
        <span class="l-actions">
          <button type="button" class="l-button" ref={refs.take}>
            {t('pickTake')}
          </button>
          <button type="button" class="l-button" ref={refs.add}>
            {t('pickAdd')}
          </button>
          <button type="button" class="l-button" ref={refs.cancel}>
            {t('cancel')}
          </button>
        </span>
        <Status text={rect === null ? '' : t('pickOutlined', label)} />
      </div>
    </section>
  );
}

export function pickerSurface(): PickerSurface {
  const refs: PickerRefs = {
    surface: createRef(),
    area: createRef(),
    take: createRef(),
    add: createRef(),
    cancel: createRef(),
  };
  const view = viewOf(<PickerView rect={null} label="" refs={refs} />);
  const { surface, area, take, add, cancel } = refs;
  if (!surface.current || !area.current || !take.current || !add.current || !cancel.current)
    // not shown: a render of ours that failed, caught where the picker starts
    throw new Error('the picker did not render');
  return {
    element: view.element,
    area: area.current,
    take: take.current,
    add: add.current,
    cancel: cancel.current,
    outline: (rect, label) => view.update(<PickerView rect={rect} label={label} refs={refs} />),
    focus: () => surface.current?.focus({ preventScroll: true }),
  };
}
