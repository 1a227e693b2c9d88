import { useEffect, useMemo, useRef, useState } from 'react';
import { MANIFEST_PRICE_PCT_DEFAULT, type ColumnMapping, type ManifestDetail, type ManifestDryRun, type ManifestSettings } from '@pl/contracts';
import { Badge, Button, buttonClass, Card, CardContent, CardHeader, CardTitle, errorStatus, FormField, Label, Link, Select, serverMessage, Skeleton, toast, usePageTitle, useParams } from '@pl/ui';
import { useLocations } from '../../../shared/api/get-locations.js';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { failureText } from '../../../shared/utils/failure-text.js';
import { useDryRun, useManifest, useManifestAction, useRefreshDeskAfterImport, useRefusedRows } from '../api/manifests-api.js';
import { countText, FIELD_LABELS, moneyInput, outcomeText, progressPercent, sizeText, STATUS_TEXT, timeLeftText } from '../utils/manifest-text.js';

/** /admin/manifests/:manifestId: the columns mapped, every row checked (a dry run), the import and its progress. */
export function ManifestPage() {
  const { manifestId = '' } = useParams();
  const manifest = useManifest(manifestId);
  const access = useAdminAccess([manifest]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="manifests" />;
  return (
    <div className="pl-container pl-page adm-page adm-manifest">
      <p className="adm-back">
        <Link to="/admin/manifests">Manifests</Link>
      </p>
      {manifest.data ? (
        <ManifestView manifest={manifest.data} />
      ) : manifest.isPending ? (
        <div aria-busy="true">
          <p className="pl-visually-hidden">Loading the manifest...</p>
          <Skeleton style={{ height: '2.25rem', width: '16rem' }} />
          <Skeleton style={{ height: '16rem', marginTop: '1.5rem' }} />
        </div>
      ) : errorStatus(manifest.error) === 404 || errorStatus(manifest.error) === 400 ? (
        <>
          <h1 className="pl-page__title">Manifest not found</h1>
          <p className="pl-page__lead">There is no manifest with this id.</p>
        </>
      ) : (
        <>
          <h1 className="pl-page__title">Manifest</h1>
          <p className="adm-error" role="alert">
            Couldn't load this manifest. {serverMessage(manifest.error) ?? 'Please try again.'}
          </p>
          <Button variant="outline" onClick={() => void manifest.refetch()}>
            Retry
          </Button>
        </>
      )}
    </div>
  );
}

function ManifestView({ manifest }: { manifest: ManifestDetail }) {
  const editable = manifest.settings === null;
  usePageTitle(`${manifest.fileName} – Manifest – Admin`);
  return (
    <>
      <h1 className="pl-page__title">{manifest.fileName}</h1>
      <p className="adm-order-facts pl-muted">
        {countText(manifest.totalRows, 'row')} · {sizeText(manifest.bytes)} · read as {manifest.encoding === 'windows-1252' ? 'Windows-1252' : manifest.encoding.replace('utf-8', 'UTF-8')} · uploaded{' '}
        <time dateTime={manifest.uploadedAt}>{formatDateTime(manifest.uploadedAt)}</time>{' '}
        <Badge variant={manifest.status === 'failed' ? 'destructive' : manifest.status === 'imported' ? 'default' : 'secondary'}>{STATUS_TEXT[manifest.status]}</Badge>
      </p>
      <div className="adm-layout">
        {manifest.status !== 'uploaded' && <ImportCard manifest={manifest} />}
        {editable ? <SettingsCard manifest={manifest} /> : <SampleCard manifest={manifest} mapping={manifest.mapping} />}
        {manifest.rowsDone > 0 && manifest.refused > 0 && <RefusedCard manifest={manifest} />}
      </div>
    </>
  );
}

/** Progress while importing; the outcome when done, stopped or failed, and what to do next. */
function ImportCard({ manifest }: { manifest: ManifestDetail }) {
  const cancel = useManifestAction(manifest.id, 'cancel');
  const goOn = useManifestAction(manifest.id, 'import');
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const percent = progressPercent(manifest);
  const left = timeLeftText(manifest.secondsLeft);
  const importing = manifest.status === 'importing';
  const wasImporting = useRef(importing);
  // When the import ends (done, stopped), the Cancel button goes: focus goes to the outcome.
  const refreshDesk = useRefreshDeskAfterImport();
  useEffect(() => {
    if (wasImporting.current && !importing) {
      focusAfterRender(() => statusRef.current);
      void refreshDesk();
    }
    wasImporting.current = importing;
  }, [importing, focusAfterRender, refreshDesk]);
  return (
    <Card role="region" aria-labelledby="adm-manifest-import-title">
      <CardHeader>
        <CardTitle level={2} id="adm-manifest-import-title">
          Import
        </CardTitle>
      </CardHeader>
      <CardContent className="adm-sync-progress">
        <progress className="adm-sync-progress__bar" max={100} value={percent} aria-label="Import progress" />
        <p ref={statusRef} tabIndex={-1} className="adm-sync-progress__text" role="status" data-manifest-status={manifest.status}>
          {importing
            ? `Importing: row ${manifest.rowsDone.toLocaleString('en-US')} of ${manifest.totalRows.toLocaleString('en-US')} (${percent}%)${left ? `, ${left}` : ''}.`
            : manifest.status === 'imported'
              ? `Imported ${manifest.finishedAt ? formatDateTime(manifest.finishedAt) : ''}. ${outcomeText(manifest)}; ${countText(manifest.units, 'unit')} received.`
              : manifest.status === 'cancelled'
                ? `Stopped after row ${manifest.rowsDone.toLocaleString('en-US')} of ${manifest.totalRows.toLocaleString('en-US')}. What was imported stays; importing again goes on from there. ${outcomeText(manifest)}.`
                : `Failed after row ${manifest.rowsDone.toLocaleString('en-US')}: ${manifest.error ?? 'an error'}`}
        </p>
        {manifest.settings && <ReceivingFacts settings={manifest.settings} />}
        <div className="adm-buttons">
          {importing && (
            <Button
              variant="outline"
              aria-busy={cancel.isPending || undefined}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast({ title: 'The import stops after the rows it is writing' }),
                  onError: (error) => toast({ variant: 'destructive', title: "Couldn't stop the import", description: failureText(error) }),
                })
              }
            >
              {cancel.isPending && <Spinner />}
              Stop importing
            </Button>
          )}
          {(manifest.status === 'cancelled' || manifest.status === 'failed') && manifest.settings && (
            <Button
              aria-busy={goOn.isPending || undefined}
              onClick={() => goOn.mutate(manifest.settings!, { onError: (error) => toast({ variant: 'destructive', title: "Couldn't go on importing", description: failureText(error) }) })}
            >
              {goOn.isPending && <Spinner />}
              Go on importing
            </Button>
          )}
          {manifest.created > 0 && (
            <Link to="/admin/intake?queue=drafts" className={buttonClass({ variant: 'outline' })}>
              Drafts at the intake desk
            </Link>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Where the units went, at what price, at what cost: the settings the import runs with. */
function ReceivingFacts({ settings }: { settings: ManifestSettings }) {
  const locations = useLocations();
  const location = locations.data?.find((l) => l.id === settings.locationId)?.name ?? settings.locationId;
  return (
    <p className="adm-sync-progress__text pl-muted">
      {`Received at ${location}, priced at ${settings.pricePct}% of retail${settings.lotCost ? `, the lot's $${settings.lotCost} spread over rows without a unit cost` : ''}.`}
    </p>
  );
}

const NOT_IN_FILE = '';

/** The mapping, the lot's location, price and cost; the dry run; the import. */
function SettingsCard({ manifest }: { manifest: ManifestDetail }) {
  const locations = useLocations();
  const [mapping, setMapping] = useState<ColumnMapping>(manifest.mapping);
  const [locationId, setLocationId] = useState('');
  const [pricePct, setPricePct] = useState(String(MANIFEST_PRICE_PCT_DEFAULT));
  const [lotCost, setLotCost] = useState('');
  const dryRun = useDryRun(manifest.id);
  const start = useManifestAction(manifest.id, 'import');
  const summaryRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const location = locationId || locations.data?.[0]?.id || '';

  const pct = Number(pricePct);
  const lot = moneyInput(lotCost);
  const settingsError =
    !Number.isInteger(pct) || pct < 1 || pct > 100 ? 'Price: a whole percent from 1 to 100.' : lot === undefined ? 'Lot cost: an amount such as 1200.00, or nothing.' : null;
  const settings: ManifestSettings | null = settingsError || !location ? null : { mapping, locationId: location, pricePct: pct, lotCost: lot ?? null };
  const key = JSON.stringify(settings);
  // A dry run speaks for the settings it ran with: change one and it must run again before importing.
  const [checkedKey, setCheckedKey] = useState<string | null>(null);
  const checked = dryRun.data && checkedKey === key ? dryRun.data : null;

  const check = () => {
    if (!settings) return;
    dryRun.mutate(settings, {
      onSuccess: () => {
        setCheckedKey(key);
        focusAfterRender(() => summaryRef.current);
      },
      onError: (error) => toast({ variant: 'destructive', title: "Couldn't check the rows", description: failureText(error) }),
    });
  };
  const importNow = () => {
    if (!settings || !checked) return;
    start.mutate(settings, {
      onSuccess: () => toast({ title: 'Import started', description: 'It runs in the background: you may leave this page.' }),
      onError: (error) => toast({ variant: 'destructive', title: "Couldn't start the import", description: failureText(error) }),
    });
  };

  return (
    <>
      <Card role="region" aria-labelledby="adm-manifest-mapping-title">
        <CardHeader>
          <CardTitle level={2} id="adm-manifest-mapping-title">
            Columns
          </CardTitle>
        </CardHeader>
        <CardContent>
          <p className="adm-hint">Which column of the file holds each field. Common headers are matched already; check them against the first rows below.</p>
          <div className="adm-manifest-mapping">
            {FIELD_LABELS.map(({ field, label, required }) => (
              <div className="pl-field" key={field}>
                <Label htmlFor={`adm-map-${field}`}>
                  {label}
                  {required && ' (required)'}
                </Label>
                <Select
                  id={`adm-map-${field}`}
                  value={mapping[field] === undefined ? NOT_IN_FILE : String(mapping[field])}
                  onChange={(e) => {
                    const next = { ...mapping };
                    if (e.target.value === NOT_IN_FILE) delete next[field];
                    else next[field] = Number(e.target.value);
                    setMapping(next);
                  }}
                >
                  <option value={NOT_IN_FILE}>Not in this file</option>
                  {manifest.headers.map((header, i) => (
                    <option key={i} value={i}>
                      {`Column ${i + 1}: ${header || '(no header)'}`}
                    </option>
                  ))}
                </Select>
              </div>
            ))}
          </div>
        </CardContent>
      </Card>
      <SampleCard manifest={manifest} mapping={mapping} />
      <Card role="region" aria-labelledby="adm-manifest-settings-title">
        <CardHeader>
          <CardTitle level={2} id="adm-manifest-settings-title">
            Receiving
          </CardTitle>
        </CardHeader>
        <CardContent>
          <div className="adm-manifest-mapping">
            <div className="pl-field">
              <Label htmlFor="adm-manifest-location">Location the units arrive at</Label>
              <Select id="adm-manifest-location" value={location} onChange={(e) => setLocationId(e.target.value)}>
                {(locations.data ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            </div>
            <FormField id="adm-manifest-price" label="Price, as a percent of retail" inputMode="numeric" value={pricePct} onChange={(e) => setPricePct(e.target.value)} />
            <FormField id="adm-manifest-lot-cost" label="What the lot cost (optional, for rows without a unit cost)" inputMode="decimal" value={lotCost} onChange={(e) => setLotCost(e.target.value)} />
          </div>
          {settingsError && (
            <p className="adm-error" role="alert">
              {settingsError}
            </p>
          )}
          <div className="adm-buttons">
            <Button variant="outline" onClick={check} aria-disabled={!settings || dryRun.isPending || undefined} aria-busy={dryRun.isPending || undefined}>
              {dryRun.isPending && <Spinner />}
              Check every row
            </Button>
            {checked && (
              <Button onClick={importNow} aria-disabled={start.isPending || undefined} aria-busy={start.isPending || undefined}>
                {start.isPending && <Spinner />}
                {`Import ${countText(checked.rows - checked.refused, 'row')}`}
              </Button>
            )}
          </div>
          {checked && <DryRunSummary ref={summaryRef} summary={checked} />}
        </CardContent>
      </Card>
    </>
  );
}

function DryRunSummary({ summary, ref }: { summary: ManifestDryRun; ref: React.Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} tabIndex={-1} className="adm-manifest-summary" aria-labelledby="adm-manifest-summary-title">
      <h3 id="adm-manifest-summary-title" className="adm-manifest-summary__title">
        What the import will do
      </h3>
      <dl className="adm-totals">
        <div className="adm-total">
          <dt>New drafts</dt>
          <dd>{summary.toCreate.toLocaleString('en-US')}</dd>
        </div>
        <div className="adm-total">
          <dt>Listings to add to</dt>
          <dd>{summary.toAdd.toLocaleString('en-US')}</dd>
        </div>
        <div className="adm-total">
          <dt>Rows refused</dt>
          <dd>{summary.refused.toLocaleString('en-US')}</dd>
        </div>
        <div className="adm-total">
          <dt>Units</dt>
          <dd>{summary.units.toLocaleString('en-US')}</dd>
        </div>
      </dl>
      <p>
        {`${countText(summary.toCreate, 'listing')} to create as drafts, ${countText(summary.toAdd, 'listing')} to add stock to, ${countText(summary.refused, 'row')} refused.`}
      </p>
      {summary.problems.length > 0 && (
        <>
          <h4 className="adm-manifest-summary__title">Rows refused</h4>
          <ul className="adm-manifest-problems">
            {summary.problems.map((p, i) => (
              <li key={`${p.row}-${i}`}>{p.message}</li>
            ))}
          </ul>
          {summary.refused > summary.problems.length && <p className="pl-muted">And more: every refused row is listed after the import.</p>}
        </>
      )}
      <h4 className="adm-manifest-summary__title">The first rows as they will be imported</h4>
      <div className="adm-table-wrap" tabIndex={0} role="group" aria-label="The first rows as they will be imported">
        <table className="adm-table adm-manifest-preview">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">SKU</th>
              <th scope="col">Title</th>
              <th scope="col" className="adm-num">
                Qty
              </th>
              <th scope="col" className="adm-num">
                Retail
              </th>
              <th scope="col" className="adm-num">
                Price
              </th>
              <th scope="col" className="adm-num">
                Unit cost
              </th>
              <th scope="col">Condition</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {summary.preview.map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>
                  <code>{r.sku}</code>
                </td>
                <td>{r.title}</td>
                <td className="adm-num">{r.quantity}</td>
                <td className="adm-num">{r.retail ? `$${r.retail}` : '—'}</td>
                <td className="adm-num">{r.price ? `$${r.price}` : '—'}</td>
                <td className="adm-num">{r.unitCost ? `$${r.unitCost}` : '—'}</td>
                <td>{r.condition}</td>
                <td>{r.action === 'create' ? 'New draft' : 'Add units'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The file's first rows as it has them, each column headed by the field it is mapped to. */
function SampleCard({ manifest, mapping }: { manifest: ManifestDetail; mapping: ColumnMapping }) {
  const fieldOf = useMemo(() => {
    const byColumn = new Map<number, string>();
    for (const { field, label } of FIELD_LABELS) if (mapping[field] !== undefined) byColumn.set(mapping[field]!, label);
    return byColumn;
  }, [mapping]);
  return (
    <Card role="region" aria-labelledby="adm-manifest-sample-title">
      <CardHeader>
        <CardTitle level={2} id="adm-manifest-sample-title">
          {`The first ${countText(manifest.sample.length, 'row')} of the file`}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <div className="adm-table-wrap" tabIndex={0} role="group" aria-label="The first rows of the file">
          <table className="adm-table adm-manifest-sample">
            <thead>
              <tr>
                {manifest.headers.map((header, i) => (
                  <th scope="col" key={i}>
                    {header || `Column ${i + 1}`}
                    <span className="adm-th-sub">{fieldOf.get(i) ?? 'not imported'}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {manifest.sample.map((cells, r) => (
                <tr key={r}>
                  {cells.map((cell, i) => (
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function RefusedCard({ manifest }: { manifest: ManifestDetail }) {
  const rows = useRefusedRows(manifest.id, true, manifest.rowsDone);
  return (
    <Card role="region" aria-labelledby="adm-manifest-refused-title">
      <CardHeader>
        <CardTitle level={2} id="adm-manifest-refused-title">
          {`Rows refused (${manifest.refused.toLocaleString('en-US')})`}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.data ? (
          <ul className="adm-manifest-problems">
            {rows.data.rows.flatMap((r) => r.problems.map((p, i) => <li key={`${r.row}-${i}`}>{p.message}</li>))}
          </ul>
        ) : rows.isError ? (
          <p className="adm-error">Couldn't load the refused rows. {serverMessage(rows.error) ?? ''}</p>
        ) : (
          <Skeleton style={{ height: '4rem' }} />
        )}
      </CardContent>
    </Card>
  );
}
