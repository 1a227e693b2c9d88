import { useRef, useState, type FormEvent } from 'react';
import type { ManifestSummary } from '@pl/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, FormField, Label, Link, serverMessage, Skeleton, toast, useNavigate } from '@pl/ui';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { Spinner } from '../../../shared/components/spinner.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { failureText } from '../../../shared/utils/failure-text.js';
import { uploadManifest, useManifestList } from '../api/manifests-api.js';
import { countText, progressPercent, sizeText, STATUS_TEXT } from '../utils/manifest-text.js';

/** /admin/manifests: upload a supplier's manifest (a file or pasted text), and the manifests so far. */
export function ManifestsPage() {
  const list = useManifestList();
  const access = useAdminAccess([list]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="manifests" />;
  return (
    <div className="pl-container pl-page adm-page adm-manifests">
      <p className="adm-back">
        <Link to="/admin">Admin dashboard</Link>
      </p>
      <h1 className="pl-page__title">Manifests</h1>
      <p className="pl-page__lead">Receive a lot from its supplier’s manifest: map its columns, check every row, then import its units as drafts awaiting inspection.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading manifests...</p>
          <Skeleton style={{ height: '12rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <UploadCard />
          <ManifestListCard manifests={list.data?.manifests} failed={list.isError ? list.error : undefined} />
        </div>
      )}
    </div>
  );
}

function UploadCard() {
  const navigate = useNavigate();
  const fileRef = useRef<HTMLInputElement>(null);
  const [pasted, setPasted] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    const file = fileRef.current?.files?.[0];
    const body = file ?? (pasted.trim() ? new Blob([pasted], { type: 'text/csv' }) : null);
    if (!body) {
      setError('Choose a CSV file, or paste the manifest’s text.');
      queueMicrotask(() => errorRef.current?.focus());
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const { manifest, duplicate } = await uploadManifest(body, file?.name ?? 'pasted manifest', (loaded, total) => setProgress(total ? Math.floor((loaded * 100) / total) : 0)).done;
      if (duplicate) toast({ title: 'This file was uploaded before', description: `On ${formatDateTime(manifest.uploadedAt)}: nothing is imported twice. Here it is.` });
      navigate(`/admin/manifests/${manifest.id}`);
    } catch (err) {
      setError(failureText(err));
      setProgress(null);
      queueMicrotask(() => errorRef.current?.focus());
    }
  };

  return (
    <Card role="region" aria-labelledby="adm-manifest-upload-title">
      <CardHeader>
        <CardTitle level={2} id="adm-manifest-upload-title">
          Upload a manifest
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form className="adm-manifest-upload" onSubmit={(e) => void submit(e)} noValidate>
          <FormField id="adm-manifest-file" ref={fileRef} type="file" accept=".csv,text/csv,text/plain" label="CSV file (UTF-8 or Windows-1252, up to 20 MB)" />
          <div className="pl-field">
            <Label htmlFor="adm-manifest-paste">Or paste it</Label>
            <textarea
              id="adm-manifest-paste"
              className="pl-input adm-textarea adm-manifest-paste"
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              placeholder="SKU,Description,Qty,MSRP,Unit Cost,Condition"
              spellCheck={false}
            />
          </div>
          {error && (
            <p ref={errorRef} tabIndex={-1} className="adm-error" role="alert">
              {error}
            </p>
          )}
          {progress !== null && (
            <p className="adm-upload__progress">
              <progress max={100} value={progress} aria-label="Upload progress" />
              <span>{progress}%</span>
            </p>
          )}
          <Button type="submit" aria-disabled={progress !== null || undefined} aria-busy={progress !== null || undefined}>
            {progress !== null && <Spinner />}
            Upload and read
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ManifestListCard({ manifests, failed }: { manifests: ManifestSummary[] | undefined; failed: unknown }) {
  return (
    <Card role="region" aria-labelledby="adm-manifest-list-title">
      <CardHeader>
        <CardTitle level={2} id="adm-manifest-list-title">
          Manifests so far
        </CardTitle>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="adm-error" role="alert">
            Couldn't load the manifests. {serverMessage(failed) ?? 'Please try again.'}
          </p>
        ) : !manifests ? (
          <Skeleton style={{ height: '6rem' }} />
        ) : manifests.length === 0 ? (
          <p className="pl-muted">No manifest yet. Upload one above.</p>
        ) : (
          <div className="adm-table-wrap" tabIndex={0} role="group" aria-label="Manifests so far">
            <table className="adm-table adm-manifests-table">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Uploaded</th>
                  <th scope="col" className="adm-num">
                    Rows
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {manifests.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">
                      <Link to={`/admin/manifests/${m.id}`} className="adm-order-link">
                        {m.fileName}
                      </Link>
                      <span className="adm-cell-sub">{sizeText(m.bytes)}</span>
                    </th>
                    <td className="adm-nowrap">{formatDateTime(m.uploadedAt)}</td>
                    <td className="adm-num">{m.totalRows.toLocaleString('en-US')}</td>
                    <td>
                      <Badge variant={m.status === 'failed' ? 'destructive' : m.status === 'imported' ? 'default' : 'secondary'}>
                        {m.status === 'importing' ? `${STATUS_TEXT.importing} ${progressPercent(m)}%` : STATUS_TEXT[m.status]}
                      </Badge>
                    </td>
                    <td>{m.rowsDone > 0 ? `${countText(m.created, 'draft')}, ${countText(m.added, 'add')}, ${countText(m.refused, 'refused row')}` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
