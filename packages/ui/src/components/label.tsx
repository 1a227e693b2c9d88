import type { LabelHTMLAttributes } from 'react';
import { cx } from './class-names.js';

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cx('pl-label', className)} {...rest} />;
}
