import { FIRST_VIEW_ELEMENT_ID } from '@pl/contracts';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * A page whose first screen came rendered from the server (decision 076) is usable before the app
 * runs: a shopper may type in a search box, pick an option or press a button on it. The app's first
 * render replaces those elements with its own, the same ones in the same places; this carries over
 * what was typed or picked, and the focus, and presses again the last button pressed (or submits
 * the form submitted) on the app's copy, so nothing the shopper did is lost. The app's copies get
 * the text as typed input (an `input` event its handlers see) and a click for a changed checkbox or
 * option. Links work before the app as links do. Does nothing on a page the browser renders.
 */
export function carryOverFirstScreen(root: HTMLElement): void {
  if (!document.getElementById(FIRST_VIEW_ELEMENT_ID) || root.children.length === 0) return;
  const served = [...root.children];
  const isServed = (target: EventTarget | null): target is Element => target instanceof Element && served.some((element) => element.contains(target));
  let focused: Element | null = document.activeElement;
  /** The last button pressed or form submitted on the server's page: the app does it again. */
  let pressed: { element: Element; kind: 'click' | 'submit' } | null = null;
  const onFocus = (event: FocusEvent) => {
    focused = event.target as Element;
  };
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!isServed(button)) return;
    // A button does nothing without the app: it is pressed when the app is here (a submit button's form would reload the page).
    event.preventDefault();
    pressed = { element: button, kind: 'click' };
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!isServed(event.target)) return;
    event.preventDefault();
    pressed = { element: event.target, kind: 'submit' };
  };
  document.addEventListener('focusin', onFocus, true);
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  const observer = new MutationObserver(() => {
    // Still the server's (the app has not rendered yet, or added beside them).
    if (served.some((element) => element.isConnected)) return;
    observer.disconnect();
    document.removeEventListener('focusin', onFocus, true);
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    const twinOf = (element: Element) => counterpart(element, served, root);
    for (const field of served.flatMap((element) => [...element.querySelectorAll<Field>('input, textarea, select')])) {
      const twin = twinOf(field);
      if (!twin || twin.tagName !== field.tagName) continue;
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked !== field.defaultChecked && twin instanceof HTMLInputElement && twin.checked !== field.checked) twin.click();
      } else if (changed(field)) {
        typeInto(twin as Field, field.value);
      }
    }
    if (focused && served.some((element) => element.contains(focused))) (twinOf(focused) as HTMLElement | null)?.focus({ preventScroll: true });
    const again = pressed && twinOf(pressed.element);
    if (pressed?.kind === 'click' && again instanceof HTMLButtonElement) again.click();
    if (pressed?.kind === 'submit' && again instanceof HTMLFormElement) again.requestSubmit();
  });
  observer.observe(root, { childList: true });
}

function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/** Sets a field's value as typing would: through the element's own setter, then an `input` event. */
function typeInto(field: Field, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The element at the same place in `root`'s new children as `element` was in the served ones. */
function counterpart(element: Element, served: Element[], root: HTMLElement): Element | null {
  const path: number[] = [];
  let node: Element = element;
  while (!served.includes(node)) {
    const parent = node.parentElement;
    if (!parent) return null;
    path.unshift([...parent.children].indexOf(node));
    node = parent;
  }
  let twin: Element | undefined = root.children[served.indexOf(node)];
  for (const index of path) twin = twin?.children[index];
  return twin ?? null;
}
