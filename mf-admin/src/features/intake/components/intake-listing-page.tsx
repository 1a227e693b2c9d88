import { useRef, useState, type RefObject } from 'react';
import type { IntakeDetail } from '@pl/contracts';
import { Badge, Button, ConditionBadge, errorStatus, Link, serverMessage, Skeleton, useLocation, usePageTitle, useParams } from '@pl/ui';
import { AccessDenied, useAdminAccess } from '../../../shared/components/admin-access.js';
import { Spinner } from '../../../shared/components/spinner.js';
import { useFocusAfterRender } from '../../../shared/components/use-focus-after-render.js';
import { useRetry } from '../../../shared/components/use-retry.js';
import { formatDateTime } from '../../../shared/utils/date-text.js';
import { useIntakeDetail } from '../api/get-intake-detail.js';
import { deskPathOf, photoCountText, type DeskLinkState } from '../utils/intake-queue.js';
import { DraftNotice } from './draft-notice.js';
import { InspectionCard } from './inspection-card.js';
import { InspectionHistoryCard } from './inspection-history-card.js';
import { PhotosCard } from './photos-card.js';
import { PosConditionNotice } from './pos-condition-notice.js';
import { PriceHistoryCard } from './price-history-card.js';

/** /admin/intake/:productId: one listing at the desk: its inspection, its grade, its photos and their descriptions, its price history; a draft's publishing. */
export function IntakeListingPage() {
  const { productId = '' } = useParams();
  const detail = useIntakeDetail(productId);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { retry, retrying, error } = useRetry(detail, () => titleRef.current);
  const linkState = useLocation().state as Partial<DeskLinkState> | null;
  const backTo = deskPathOf(linkState);

  const access = useAdminAccess([detail]);
  if (access === 'signed-out' || access === 'forbidden') return <AccessDenied signedIn={access === 'forbidden'} what="the intake desk" />;

  // A failed re-read after a change keeps the listing shown: the data is the last the server gave.
  if (detail.data) return <ListingDetail detail={detail.data} backTo={backTo} titleRef={titleRef} />;
  return (
    <div className="pl-container pl-page adm-page adm-listing">
      <BackLink to={backTo} />
      {detail.isPending && !retrying ? (
        <div aria-busy="true">
          <p className="pl-visually-hidden">Loading the listing...</p>
          <Skeleton style={{ height: '2.25rem', width: '16rem' }} />
          <Skeleton style={{ height: '16rem', marginTop: '1.5rem' }} />
        </div>
      ) : errorStatus(error) === 404 || errorStatus(error) === 400 ? (
        <>
          <h1 className="pl-page__title">Listing not found</h1>
          <p className="pl-page__lead">There is no listing with this id. It may have been deleted, or the link mistyped.</p>
        </>
      ) : (
        <>
          <h1 className="pl-page__title">Listing</h1>
          <p className="adm-error" role="alert">
            Couldn't load this listing. {serverMessage(error) ?? 'Please try again.'}
          </p>
          <Button variant="outline" className="adm-retry" onClick={() => void retry()} aria-disabled={retrying || undefined} aria-busy={retrying || undefined}>
            {retrying && <Spinner />}
            Retry
          </Button>
        </>
      )}
    </div>
  );
}

interface DetailProps {
  detail: IntakeDetail;
  backTo: string;
  titleRef: RefObject<HTMLHeadingElement | null>;
}

function ListingDetail({ detail, backTo, titleRef }: DetailProps) {
  const { product, inspections, posCondition, publishedAt } = detail;
  usePageTitle(`${product.title} – Intake – Admin`);
  const gradeRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // After an inspection or an accepted POS grade, the control used is gone (the form starts afresh,
  // the notice leaves): focus goes to the listing's grade, which is read out as it now is.
  // The form starts afresh after its own save, or an accepted POS grade (the notes it holds are no
  // longer the listing's); another inspector's change, read live, leaves what is being typed.
  const [round, setRound] = useState(0);
  const startAfresh = () => {
    setRound((n) => n + 1);
    focusAfterRender(() => gradeRef.current);
  };
  const latest = inspections[0];
  const skus = product.variants.map((v) => v.sku);
  const photos = product.photos ?? [];
  return (
    <div className="pl-container pl-page adm-page adm-listing" data-product-id={product.id}>
      <BackLink to={backTo} />
      <h1 ref={titleRef} tabIndex={-1} className="pl-page__title">
        {product.title}
      </h1>
      <p ref={gradeRef} tabIndex={-1} className="adm-order-status" role="status" data-grade={product.conditionGrade}>
        <span className="adm-order-status__label">Grade:</span> <ConditionBadge grade={product.conditionGrade} />
        <span className="adm-listing__inspected">
          {latest ? (
            <>
              Inspected <time dateTime={latest.inspectedAt}>{formatDateTime(latest.inspectedAt)}</time> by {latest.inspectedBy}
            </>
          ) : (
            'Not inspected yet'
          )}
        </span>
      </p>
      <p className="adm-order-facts pl-muted">
        {skus.map((sku, i) => (
          <span key={sku}>
            {i > 0 && ', '}
            <code>{sku}</code>
          </span>
        ))}
        {' · '}
        {product.category ?? 'general'}
        {' · '}
        {photoCountText(photos.length)}
        {product.oneOfAKind && (
          <>
            {' '}
            <Badge variant="secondary" tone="purple">
              Unique
            </Badge>
          </>
        )}
      </p>
      {/* Published, the notice leaves: focus goes to the listing's grade line, as after an inspection. */}
      {publishedAt === null && <DraftNotice productId={product.id} title={product.title} onPublished={() => focusAfterRender(() => gradeRef.current)} />}
      {posCondition && <PosConditionNotice productId={product.id} posCondition={posCondition} onAccepted={startAfresh} />}
      <div className="adm-order-grid adm-listing-grid">
        <div className="adm-order-main">
          {/* Saved, the form starts afresh: blank answers, the listing's notes as they now are. */}
          <InspectionCard key={round} product={product} onSaved={startAfresh} />
        </div>
        <div className="adm-order-side">
          <PhotosCard productId={product.id} title={product.title} photos={photos} />
          <InspectionHistoryCard inspections={inspections} />
          <PriceHistoryCard productId={product.id} />
        </div>
      </div>
    </div>
  );
}

function BackLink({ to }: { to: string }) {
  const state: DeskLinkState = { deskSearch: to.slice('/admin/intake'.length), focusScan: true };
  return (
    <p className="adm-back">
      <Link to={to} state={state}>
        Intake desk
      </Link>
    </p>
  );
}
