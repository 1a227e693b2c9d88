import type { InspectionReport as Report } from '@pl/contracts';
import { inspectedLine } from '../utils/inspection-line.js';

/** The unit's latest inspection, as the shopper is told it: when, by whom, and what was tested. Nothing before one. */
export function InspectionReport({ inspection }: { inspection: Report | null | undefined }) {
  if (!inspection) return null;
  return (
    <section className="cat-inspection" aria-labelledby="inspection-heading" data-inspection="">
      <h2 id="inspection-heading" className="cat-detail__subheading">
        Inspection report
      </h2>
      <p className="cat-inspection__when">
        <time dateTime={inspection.inspectedAt}>{inspectedLine(inspection)}</time>
      </p>
      <p className="cat-inspection__summary">{inspection.summary}</p>
    </section>
  );
}
