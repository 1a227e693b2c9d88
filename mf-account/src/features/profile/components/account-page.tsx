import { Link } from 'react-router-dom';
import type { Customer } from '@pl/contracts';
import { Badge, buttonClass, Card, CardContent, CardHeader, CardTitle } from '@pl/ui';
import { RequireCustomer } from './require-customer.js';

export function AccountPage() {
  return <RequireCustomer>{(user) => <Profile user={user} />}</RequireCustomer>;
}

const orNotProvided = (value: string | null | undefined) => (value && value.trim() ? value : 'Not provided');

function Profile({ user }: { user: Customer }) {
  const memberSince = new Date(user.createdAt);
  return (
    <div className="pl-container pl-page">
      <h1 className="pl-page__title">Profile Settings</h1>
      <p className="pl-page__lead">Your account details.</p>
      <div className="acc-profile">
        <Card>
          <CardHeader>
            <CardTitle>Personal Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="acc-details">
              <dt>Username</dt>
              <dd>{orNotProvided(user.username)}</dd>
              <dt>First Name</dt>
              <dd>{orNotProvided(user.firstName)}</dd>
              <dt>Last Name</dt>
              <dd>{orNotProvided(user.lastName)}</dd>
              <dt>Email</dt>
              <dd>
                {user.email}{' '}
                {user.emailVerifiedAt ? (
                  <Badge variant="secondary" tone="green">Verified</Badge>
                ) : (
                  <Badge variant="secondary" tone="yellow">Unverified</Badge>
                )}
              </dd>
              <dt>Phone</dt>
              <dd>{orNotProvided(user.phone)}</dd>
              <dt>Member Since</dt>
              <dd>{Number.isNaN(memberSince.getTime()) ? 'Not provided' : memberSince.toLocaleDateString(undefined, { dateStyle: 'long' })}</dd>
            </dl>
          </CardContent>
        </Card>
        <div className="acc-side">
          <Card>
            <CardHeader>
              <CardTitle>Account Status</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="acc-details">
                <dt>Account type</dt>
                <dd>Customer</dd>
                <dt>Status</dt>
                <dd>
                  <Badge variant="secondary" tone="green">Active</Badge>
                </dd>
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Quick Actions</CardTitle>
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
    </div>
  );
}
