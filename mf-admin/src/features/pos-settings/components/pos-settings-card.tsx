import { useState, type FormEvent } from 'react';
import type { PosConfig, SyncStatus, TestConnectionResult } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Skeleton, useQueryClient, type UseQueryResult } from '@pl/ui';
import { PanelError } from '../../../shared/components/panel-error.js';
import { Spinner } from '../../../shared/components/spinner.js';
import { posConfigQueryKey } from '../api/get-pos-config.js';
import { useSavePosConfig } from '../api/save-pos-config.js';
import { useTriggerSync } from '../api/trigger-sync.js';
import { canSave, canSync, KEY_SAVED_HINT, savePayload, testAvailability, type PosSettingsFields, type TestConnection } from '../../../shared/utils/pos-settings-rules.js';


interface FormProps {
  /** Shared with the quick actions, so a test started there reports here too. */
  test: TestConnection;
  syncStatus: SyncStatus | undefined;
  /** Whether the end of this run is still to be announced (see useSyncRunAnnouncer). */
  claimRun: (runId: string) => boolean;
}

/** POS settings (spec §2, §5): the POS URL and API key, Save, Test and 'Sync from POS'. */
export function PosSettingsCard({ config, test, syncStatus, claimRun }: FormProps & { config: UseQueryResult<PosConfig> }) {
  return (
    <Card className="adm-settings" role="region" aria-labelledby="adm-settings-title">
      <CardHeader className="adm-card-head">
        <div>
          <CardTitle level={2} id="adm-settings-title">POS Settings</CardTitle>
          <CardDescription>Where the point-of-sale system is and how to sign in to it.</CardDescription>
        </div>
        {config.data && (
          <Badge variant="secondary" tone={config.data.configured ? 'green' : 'neutral'} data-pos-configured={config.data.configured}>
            {config.data.configured ? 'Configured' : 'Not configured'}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {config.isPending ? (
          <Skeleton style={{ height: '12rem' }} />
        ) : config.isError ? (
          <PanelError what="the POS settings" error={config.error} />
        ) : (
          <PosSettingsForm config={config.data} test={test} syncStatus={syncStatus} claimRun={claimRun} />
        )}
      </CardContent>
    </Card>
  );
}

function PosSettingsForm({ config, test, syncStatus, claimRun }: FormProps & { config: PosConfig }) {
  const queryClient = useQueryClient();
  // The saved URL is shown for editing; the saved key never leaves the server.
  const [fields, setFields] = useState<PosSettingsFields>({ posUrl: config.posUrl ?? '', apiKey: '' });
  const save = useSavePosConfig();
  const sync = useTriggerSync(claimRun);
  const testable = testAvailability(fields, config, test.isPending || save.isPending);
  const syncing = sync.isPending || syncStatus?.status === 'syncing';
  const set = (name: keyof PosSettingsFields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave(fields, save.isPending)) return;
    const payload = savePayload(fields);
    try {
      await save.mutateAsync(payload);
    } catch {
      return; // the 'Save Failed' toast says why; the form keeps what was typed
    }
    // Show what is saved now (read back by the mutation), and drop a test result about the old settings.
    const saved = queryClient.getQueryData<PosConfig>(posConfigQueryKey);
    setFields({ posUrl: saved?.posUrl ?? payload.posUrl, apiKey: '' });
    test.reset();
  };

  return (
    <form className="adm-settings__form" onSubmit={submit} noValidate>
      <div className="pl-field">
        <Label htmlFor="adm-pos-url">POS URL</Label>
        <Input
          id="adm-pos-url"
          name="posUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://pos.example.com"
          maxLength={2048}
          value={fields.posUrl}
          onChange={set('posUrl')}
        />
      </div>
      <div className="pl-field">
        <Label htmlFor="adm-pos-api-key">API Key</Label>
        <Input
          id="adm-pos-api-key"
          name="apiKey"
          type="password"
          // Not the admin's own password: keep the browser from filling it in.
          autoComplete="new-password"
          maxLength={4096}
          value={fields.apiKey}
          onChange={set('apiKey')}
          aria-describedby={config.configured ? 'adm-pos-api-key-hint' : undefined}
        />
        {config.configured && (
          <p id="adm-pos-api-key-hint" className="adm-hint">
            {KEY_SAVED_HINT}
          </p>
        )}
      </div>
      <div className="adm-buttons">
        <Button type="submit" disabled={!canSave(fields, save.isPending)} aria-busy={save.isPending || undefined}>
          {save.isPending && <Spinner />}
          Save
        </Button>
        <Button
          variant="outline"
          disabled={!testable.enabled}
          aria-busy={test.isPending || undefined}
          aria-describedby={testable.hint ? 'adm-test-hint' : undefined}
          onClick={() => test.mutate()}
        >
          {test.isPending && <Spinner />}
          Test
        </Button>
        <Button
          variant="secondary"
          className="adm-buttons__sync"
          disabled={!canSync(syncStatus?.status, sync.isPending)}
          aria-busy={syncing || undefined}
          onClick={() => sync.mutate()}
        >
          {syncing && <Spinner />}
          Sync from POS
        </Button>
      </div>
      {testable.hint && (
        <p id="adm-test-hint" className="adm-hint">
          {testable.hint}
        </p>
      )}
      <p className="adm-progress" role="status">
        {syncing ? 'Syncing...' : test.isPending ? 'Testing the connection...' : ''}
      </p>
      <TestConnectionResultLine result={test.isPending ? undefined : test.data} />
    </form>
  );
}

/** The outcome of the last test, under the buttons; a live region so it is read out when it changes. */
function TestConnectionResultLine({ result }: { result: TestConnectionResult | undefined }) {
  return (
    <p
      className={result ? `adm-test-result adm-test-result--${result.connected ? 'ok' : 'failed'}` : 'adm-test-result'}
      role="status"
      data-test-result={result ? (result.connected ? 'connected' : 'failed') : undefined}
    >
      {result && (
        <>
          <strong>{result.connected ? 'Connection Successful' : 'Connection Failed'}</strong>
          {result.message && <span>{result.message}</span>}
        </>
      )}
    </p>
  );
}
