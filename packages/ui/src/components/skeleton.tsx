import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';

/** A shimmering placeholder; size it with style or a class. Hidden from assistive technology. */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cx('pl-skeleton', className)} data-skeleton="" {...rest} />;
}
