import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from './class-names.js';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** The class names of a button, for links that must look like one (`<Link className={buttonClass()}>`). */
export function buttonClass({ variant = 'default', size = 'md', block = false }: Pick<ButtonProps, 'variant' | 'size' | 'block'> = {}) {
  return cx('pl-button', `pl-button--${variant}`, `pl-button--${size}`, block && 'pl-button--block');
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={cx(buttonClass({ variant, size, block }), className)} {...rest} />;
});
