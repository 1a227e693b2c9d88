import { errorStatus, serverMessage } from '@pl/ui';

/** Why a change failed, for a toast or an alert: the server's reason, else the status. */
export function failureText(error: unknown): string {
  const status = errorStatus(error);
  return serverMessage(error) ?? (status ? `The shop answered ${status}. Please try again.` : 'No connection: please try again.');
}
