import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...rest }: DivProps) {
  return <div className={cx('pl-card', className)} {...rest} />;
}
export function CardHeader({ className, ...rest }: DivProps) {
  return <div className={cx('pl-card__header', className)} {...rest} />;
}
export function CardTitle({ className, ...rest }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cx('pl-card__title', className)} {...rest} />;
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
