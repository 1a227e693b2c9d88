import { useState, type FormEvent } from 'react';
import { Button, Card, CardContent, FormField, Link } from '@pl/ui';
import { useRequestPasswordReset } from '../api/forgot-password.js';
import { forgotPasswordError } from '../../../shared/utils/password-forms.js';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = forgotPasswordError(email);
    setFieldError(error);
    if (!error) request.mutate(email.trim());
  };

  return (
    <div className="pl-container pl-page acc-narrow">
      <Card>
        <CardContent className="acc-card">
          <h1 className="acc-card__title">Forgot Password</h1>
          {request.isSuccess ? (
            <p className="acc-success" role="status">
              If an account exists with that email, we've sent password reset instructions. Please check your inbox.
            </p>
          ) : (
            <form onSubmit={submit} noValidate>
              <p className="pl-muted">Enter your email address and we'll send you a link to reset your password.</p>
              <FormField
                id="forgot-email"
                label="Email Address"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                maxLength={254}
                value={email}
                error={fieldError}
                onChange={(e) => setEmail(e.target.value)}
              />
              {request.isError && (
                <p className="acc-error" role="alert">
                  An error occurred. Please try again.
                </p>
              )}
              <Button type="submit" block disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send Reset Link'}
              </Button>
            </form>
          )}
          <p className="acc-card__footer">
            <Link to="/account">Back to Login</Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
