import { forwardRef, type InputHTMLAttributes } from 'react';
import { cx } from './class-names.js';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return <input ref={ref} className={cx('pl-input', className)} {...rest} />;
});
