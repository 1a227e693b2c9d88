import type { ReactNode } from 'react';
import { Button, errorStatus, type ButtonVariant } from '@pl/ui';
import { Spinner } from './spinner.js';

/**
 * Runs an action: on success, or on a 409 (someone else changed the order or listing meanwhile; it
 * has been read again), the control is gone and focus moves on. Other refusals leave the control,
 * and focus, where they are.
 */
export async function runAction(call: () => Promise<unknown>, onMoved: () => void): Promise<boolean> {
  try {
    await call();
    onMoved();
    return true;
  } catch (error) {
    if (errorStatus(error) === 409) onMoved();
    return false;
  }
}

interface ActionButtonProps {
  pending: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  variant?: ButtonVariant;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}

/** While its call is under way the button is aria-disabled rather than disabled: a disabled button would drop keyboard focus to <body>. */
export function ActionButton({ pending, disabled, type = 'button', variant, className = 'adm-step__button', onClick, children }: ActionButtonProps) {
  return (
    <Button
      type={type}
      variant={variant}
      className={className}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={pending ? (e) => e.preventDefault() : onClick}
    >
      {pending && <Spinner />}
      {children}
    </Button>
  );
}
