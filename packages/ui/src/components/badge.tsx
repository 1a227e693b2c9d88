import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';

export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive';
export type BadgeTone = 'neutral' | 'green' | 'blue' | 'yellow' | 'orange' | 'red' | 'purple';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
  /** A colour that overrides the variant's fill (condition grades, stock levels). */
  tone?: BadgeTone;
}

export function Badge({ variant = 'default', tone, className, ...rest }: BadgeProps) {
  return <span className={cx('pl-badge', `pl-badge--${variant}`, tone && `pl-badge--tone-${tone}`, className)} {...rest} />;
}
