import { buttonClass, Card, CardContent, Link, usePageTitle } from '@pl/ui';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="pl-container pl-page shell-not-found">
      <Card>
        <CardContent>
          <h1 className="shell-not-found__title">404 Page Not Found</h1>
          <p className="pl-muted">Did you forget to add the page to the router?</p>
          {/* The spec's texts above; and a way back, which a lost shopper needs. */}
          <p className="shell-not-found__actions">
            <Link to="/" className={buttonClass()}>
              Go to the home page
            </Link>
            <Link to="/products" className={buttonClass({ variant: 'outline' })}>
              Browse Products
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
