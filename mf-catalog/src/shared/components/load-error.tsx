import { Button, serverMessage } from '@pl/ui';

/** A failed data call on a catalog page: what went wrong and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="cat-error" role="alert">
      <p>
        We couldn't load {what}. {serverMessage(error) ?? 'Please try again.'}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
