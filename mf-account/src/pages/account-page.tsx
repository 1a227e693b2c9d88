import { useState } from 'react';
import type { Customer } from '@pl/contracts';
import { Badge, Button, buttonClass, Card, CardContent, CardHeader, CardTitle, Link, Skeleton } from '@pl/ui';
import { OrderSummaryCard } from '../features/orders/components/order-summary-card.js';
import { ChangePasswordDialog } from '../features/password/components/change-password-dialog.js';
import { EmailVerificationStatus } from '../features/verification/components/email-verification-status.js';
import { useVerifyEmailLink } from '../features/verification/components/use-verify-email-link.js';
import { EditProfileDialog } from '../features/profile/components/edit-profile-dialog.js';
import { RequireCustomer } from '../shared/components/require-customer.js';

/** /account: profile settings (spec §2 "Account page"); also where the verification link lands. */
export function AccountPage() {
  const { isVerifying } = useVerifyEmailLink();
  if (isVerifying) {
    return (
      <div className="pl-container pl-page" aria-busy="true">
        <p className="pl-muted" role="status">
          Verifying your email address...
        </p>
        <Skeleton style={{ height: '12rem', maxWidth: '40rem' }} />
      </div>
    );
  }
  return <RequireCustomer>{(user) => <Profile user={user} />}</RequireCustomer>;
}

const orNotProvided = (value: string | null | undefined) => (value && value.trim() ? value : 'Not provided');

function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? 'Not provided' : date.toLocaleDateString(undefined, { dateStyle: 'long' });
}

function Profile({ user }: { user: Customer }) {
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  const closeOn = (which: 'profile' | 'password') => (open: boolean) => setDialog(open ? which : null);

  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Profile Settings</h1>
      <p className="pl-page__lead">Your account details.</p>
      <div className="acc-profile">
        <Card>
          <CardHeader>
            <CardTitle level={2}>Personal Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="acc-details" data-profile>
              <dt>Username</dt>
              <dd data-field="username">{orNotProvided(user.username)}</dd>
              <dt>First Name</dt>
              <dd data-field="firstName">{orNotProvided(user.firstName)}</dd>
              <dt>Last Name</dt>
              <dd data-field="lastName">{orNotProvided(user.lastName)}</dd>
              <dt>Email</dt>
              <dd className="acc-email">
                <span data-field="email">{user.email}</span> <EmailVerificationStatus user={user} />
              </dd>
              <dt>Phone</dt>
              <dd data-field="phone">{orNotProvided(user.phone)}</dd>
              <dt>Member Since</dt>
              <dd data-field="memberSince">{memberSince(user.createdAt)}</dd>
            </dl>
            <div className="acc-profile__buttons">
              <Button variant="outline" onClick={() => setDialog('profile')}>
                Edit Profile
              </Button>
              <Button variant="outline" onClick={() => setDialog('password')}>
                Change Password
              </Button>
            </div>
          </CardContent>
        </Card>
        <div className="acc-side">
          <Card>
            <CardHeader>
              <CardTitle level={2}>Account Status</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="acc-details">
                <dt>Account Type</dt>
                <dd>{user.isAdmin ? 'Administrator' : 'Customer'}</dd>
                <dt>Status</dt>
                <dd>
                  <Badge variant="secondary" tone="green">
                    Active
                  </Badge>
                </dd>
              </dl>
            </CardContent>
          </Card>
          <OrderSummaryCard />
          <Card>
            <CardHeader>
              <CardTitle level={2}>Quick Actions</CardTitle>
            </CardHeader>
            <CardContent className="acc-actions">
              <Link to="/account/orders" className={buttonClass({ variant: 'outline', block: true })}>
                Order History
              </Link>
              <Link to="/products" className={buttonClass({ variant: 'outline', block: true })}>
                Continue Shopping
              </Link>
              {user.isAdmin && (
                <Link to="/admin" className={buttonClass({ block: true })}>
                  Admin Panel
                </Link>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
      <EditProfileDialog user={user} open={dialog === 'profile'} onOpenChange={closeOn('profile')} />
      <ChangePasswordDialog open={dialog === 'password'} onOpenChange={closeOn('password')} />
    </div>
  );
}
