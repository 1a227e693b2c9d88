/** A small busy indicator inside a button; decorative, the button's aria-busy says it to assistive technology. */
export function Spinner() {
  return <span className="adm-spinner" aria-hidden="true" />;
}
