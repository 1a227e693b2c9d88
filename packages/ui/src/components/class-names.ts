/** Joins the truthy class names: `cx('pl-a', cond && 'pl-b')`. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
