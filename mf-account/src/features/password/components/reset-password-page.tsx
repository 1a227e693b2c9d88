import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClass, Card, CardContent, Input, Label, serverMessage } from '@pl/ui';
import { useResetPassword } from '../api/reset-password.js';
import { resetPasswordErrors, type ResetPasswordErrors } from '../utils/password-forms.js';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="pl-container pl-page acc-narrow">
      <Card>
        <CardContent className="acc-card">{token ? <ResetForm token={token} /> : <InvalidLink />}</CardContent>
      </Card>
    </div>
  );
}

function InvalidLink() {
  return (
    <>
      <h1 className="acc-card__title">Invalid Reset Link</h1>
      <p className="pl-muted">This password reset link is invalid. Please request a new one.</p>
      <Link to="/forgot-password" className={buttonClass({ block: true })}>
        Request New Reset Link
      </Link>
    </>
  );
}

function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<ResetPasswordErrors>({});
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <>
        <h1 className="acc-card__title">Reset Your Password</h1>
        <p className="acc-success" role="status">
          Your password has been reset successfully!
        </p>
        <Link to="/account" className={buttonClass({ block: true })}>
          Go to Login
        </Link>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = resetPasswordErrors(password, confirmPassword);
    setErrors(next);
    if (!next.password && !next.confirmPassword) reset.mutate({ token, password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <h1 className="acc-card__title">Reset Your Password</h1>
      <p className="pl-muted">Enter your new password below.</p>
      <PasswordField id="reset-password" label="New Password" value={password} onChange={setPassword} error={errors.password} />
      <PasswordField
        id="reset-confirm-password"
        label="Confirm Password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        error={errors.confirmPassword}
      />
      {reset.isError && (
        <p className="acc-error" role="alert">
          {serverMessage(reset.error) ?? 'Failed to reset password. The link may have expired.'}
        </p>
      )}
      <Button type="submit" block disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}

function PasswordField(props: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const errorId = `${props.id}-error`;
  return (
    <div className="pl-field">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="password"
        autoComplete="new-password"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p id={errorId} className="pl-field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
