import type { InspectionRecord } from '@pl/contracts';
import { Card, CardContent, CardHeader, CardTitle, ConditionBadge } from '@pl/ui';
import { formatDateTime } from '../../../shared/utils/date-text.js';

/** Every inspection of the listing, newest first: when, by whom, the grade, what was tested and the notes. */
export function InspectionHistoryCard({ inspections }: { inspections: InspectionRecord[] }) {
  return (
    <Card className="adm-inspection-history" role="region" aria-labelledby="adm-inspection-history-title">
      <CardHeader>
        <CardTitle level={2} id="adm-inspection-history-title">
          Inspection history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {inspections.length === 0 ? (
          <p className="pl-muted">Not inspected yet.</p>
        ) : (
          <ol className="adm-history">
            {inspections.map((inspection) => (
              <li key={inspection.id} className="adm-history__entry" data-inspection-id={inspection.id}>
                <span>
                  <ConditionBadge grade={inspection.grade} />
                </span>
                <span className="adm-history__meta">
                  <time dateTime={inspection.inspectedAt}>{formatDateTime(inspection.inspectedAt)}</time> by {inspection.inspectedBy}
                </span>
                <span className="adm-history__detail">{inspection.summary}</span>
                {inspection.notes && <span className="adm-history__detail adm-history__notes">Notes: {inspection.notes}</span>}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
