import { Card, CardContent } from '@pl/ui';

export function NotFoundPage() {
  return (
    <div className="pl-container pl-page shell-not-found">
      <Card>
        <CardContent>
          <h1 className="shell-not-found__title">404 Page Not Found</h1>
          <p className="pl-muted">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </div>
  );
}
