import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...rest }: DivProps) {
  return <div className={cx('pl-card', className)} {...rest} />;
}
export function CardHeader({ className, ...rest }: DivProps) {
  return <div className={cx('pl-card__header', className)} {...rest} />;
}
/** A card's heading: h3 by default (cards in a section); `level={2}` for cards directly under a page's h1. */
export function CardTitle({ className, level = 3, ...rest }: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className={cx('pl-card__title', className)} {...rest} />;
}
export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx('pl-card__description', className)} {...rest} />;
}
export function CardContent({ className, ...rest }: DivProps) {
  return <div className={cx('pl-card__content', className)} {...rest} />;
}
export function CardFooter({ className, ...rest }: DivProps) {
  return <div className={cx('pl-card__footer', className)} {...rest} />;
}
