import { serverMessage } from '@pl/ui';

export function PanelError({ what, error }: { what: string; error: unknown }) {
  return (
    <p className="adm-error" role="alert">
      Couldn't load {what}. {serverMessage(error) ?? 'Please try again later.'}
    </p>
  );
}
