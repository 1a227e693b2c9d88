import { useState, type FormEvent } from 'react';
import { Button, buttonClass, Card, CardContent, FormField, Link, serverMessage, useSearchParams } from '@pl/ui';
import { useResetPassword } from '../api/reset-password.js';
import { hasErrors, resetPasswordErrors, type ResetPasswordErrors } from '../../../shared/utils/password-forms.js';

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
    if (!hasErrors(next)) reset.mutate({ token, password });
  };

  return (
    <form onSubmit={submit} noValidate>
      <h1 className="acc-card__title">Reset Your Password</h1>
      <p className="pl-muted">Enter your new password below.</p>
      <FormField
        id="reset-password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormField
        id="reset-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        value={confirmPassword}
        error={errors.confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
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
