import { Button, serverMessage } from '@pl/ui';

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="cc-error" role="alert">
      <p>We couldn't load your cart. {serverMessage(error) ?? 'Please try again.'}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
