import { Link, Skeleton } from '@pl/ui';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { useMarkdownPreview } from '../api/get-markdown-preview.js';
import { useMarkdownRules } from '../api/get-markdown-rules.js';
import { useMarkdownRuns } from '../api/get-markdown-runs.js';
import { MarkdownPreviewCard } from './markdown-preview-card.js';
import { MarkdownRulesCard } from './markdown-rules-card.js';
import { MarkdownRunsCard } from './markdown-runs-card.js';

/**
 * /admin/markdowns: the rules that lower aging listings' prices (by category and grade, in steps
 * after so many days on sale, never below a floor), what the next run changes and why, the run by
 * hand, and the recent runs (decision 052).
 */
export function MarkdownsPage() {
  const rules = useMarkdownRules();
  const preview = useMarkdownPreview();
  const runs = useMarkdownRuns();
  const access = useAdminAccess([rules, preview, runs]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the markdowns" />;
  return (
    <div className="pl-container pl-page adm-page adm-markdowns">
      <p className="adm-back">
        <Link to="/admin">Admin dashboard</Link>
      </p>
      <h1 className="pl-page__title">Markdowns</h1>
      <p className="pl-page__lead">Lower the prices of listings as they age on sale: rules by category and grade, steps after so many days, and a floor they never go below.</p>
      {access === 'checking' ? (
        <div className="adm-checking" aria-busy="true">
          <p className="pl-visually-hidden">Loading the markdowns...</p>
          <Skeleton style={{ height: '10rem' }} />
          <Skeleton style={{ height: '14rem' }} />
        </div>
      ) : (
        <div className="adm-layout">
          <MarkdownRulesCard rules={rules} />
          <MarkdownPreviewCard preview={preview} />
          <MarkdownRunsCard runs={runs} />
        </div>
      )}
    </div>
  );
}
