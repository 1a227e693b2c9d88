import type { InspectionRecord, InspectionReport, IntakeCounts, IntakeEntry, IntakeListQuery } from '@pl/contracts';
import { containsPattern, type Queryable } from '@pl/service-kit';
import type { StoredPhoto } from '../domain/product-view.js';
import { isoInstant, type VariantRef } from './inventory.repo.js';

/** A listing as the desk changes it: locked for the transaction (photos and inspections are one row's update). */
export interface LockedListing {
  id: string;
  title: string;
  categoryId: string;
  photos: StoredPhoto[];
  /** The grade and notes shoppers see now (the audit trail's "before" of an inspection). */
  conditionGrade: string;
  conditionNotes: string | null;
}

export async function lockListing(db: Queryable, productId: string): Promise<LockedListing | undefined> {
  const { rows } = await db.query<LockedListing>(
    `SELECT id, title, category_id AS "categoryId", photos, condition_grade AS "conditionGrade", condition_notes AS "conditionNotes" FROM products WHERE id = $1 FOR UPDATE`,
    [productId],
  );
  return rows[0];
}

/**
 * Puts a draft on sale (published_at: now) and locks its variants, answering them; undefined when
 * the listing was already on sale or does not exist (the caller tells which).
 */
export async function publishDraft(db: Queryable, productId: string): Promise<VariantRef[] | undefined> {
  const { rowCount } = await db.query(`UPDATE products SET published_at = now(), updated_at = now() WHERE id = $1 AND published_at IS NULL`, [productId]);
  if (!rowCount) return undefined;
  const { rows } = await db.query<VariantRef>(`SELECT id, product_id AS "productId", sku FROM variants WHERE product_id = $1 ORDER BY id FOR UPDATE`, [productId]);
  return rows;
}

/** The listing's photos, without a lock (an upload's early check; the locked one decides). */
export async function listingPhotos(db: Queryable, productId: string): Promise<Pick<LockedListing, 'title' | 'categoryId' | 'photos'> | undefined> {
  const { rows } = await db.query<Pick<LockedListing, 'title' | 'categoryId' | 'photos'>>(`SELECT title, category_id AS "categoryId", photos FROM products WHERE id = $1`, [productId]);
  return rows[0];
}

export async function setPhotos(db: Queryable, productId: string, photos: readonly StoredPhoto[]): Promise<void> {
  await db.query(`UPDATE products SET photos = $2::jsonb, updated_at = now() WHERE id = $1`, [productId, JSON.stringify(photos)]);
}

export interface NewInspection {
  productId: string;
  inspectorSubject: string;
  inspectorName: string;
  categoryId: string;
  answers: InspectionRecord['answers'];
  grade: string;
  notes: string | null;
  summary: string;
}

/** Adds the inspection to the history and makes it the listing's: its grade, notes and report. */
export async function recordInspection(db: Queryable, inspection: NewInspection): Promise<void> {
  const { rows } = await db.query<{ inspectedAt: string }>(
    `INSERT INTO inspections (product_id, inspector_subject, inspector_name, category_id, answers, grade, notes, summary)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     RETURNING ${isoInstant('inspected_at')} AS "inspectedAt"`,
    [inspection.productId, inspection.inspectorSubject, inspection.inspectorName, inspection.categoryId, JSON.stringify(inspection.answers), inspection.grade, inspection.notes, inspection.summary],
  );
  const inspectedAt = rows[0]!.inspectedAt;
  const report: InspectionReport = { inspectedAt, inspectedBy: inspection.inspectorName, summary: inspection.summary };
  await db.query(
    `UPDATE products SET condition_grade = $2, condition_notes = $3, inspection = $4::jsonb, inspected_at = now(), updated_at = now() WHERE id = $1`,
    [inspection.productId, inspection.grade, inspection.notes, JSON.stringify(report)],
  );
}

/** The listing's inspections, newest first. */
export async function listInspections(db: Queryable, productId: string): Promise<InspectionRecord[]> {
  const { rows } = await db.query<InspectionRecord>(
    `SELECT id, ${isoInstant('inspected_at')} AS "inspectedAt", inspector_name AS "inspectedBy",
            category_id AS category, answers, grade, notes, summary
       FROM inspections WHERE product_id = $1 ORDER BY inspected_at DESC, id DESC LIMIT 100`,
    [productId],
  );
  return rows;
}

/** The POS sent a grade or notes after the listing's last inspection, and they differ from the listing's. */
const POS_CONDITION_WAITS = `inspected_at IS NOT NULL AND pos_condition_grade IS NOT NULL AND pos_condition_at > inspected_at
        AND (pos_condition_grade, pos_condition_notes) IS DISTINCT FROM (condition_grade, condition_notes)`;

/** What the POS said of the grade and notes after the listing was inspected, when it differs from what the listing shows. */
export async function pendingPosCondition(db: Queryable, productId: string): Promise<{ grade: string; notes: string | null } | null> {
  const { rows } = await db.query<{ grade: string; notes: string | null }>(
    `SELECT pos_condition_grade AS grade, pos_condition_notes AS notes FROM products
      WHERE id = $1 AND ${POS_CONDITION_WAITS}`,
    [productId],
  );
  return rows[0] ?? null;
}

/** The inspector accepts the POS's grade and notes: they become the listing's, answered; undefined when there is nothing to accept. */
export async function acceptPosCondition(db: Queryable, productId: string): Promise<{ grade: string; notes: string | null } | undefined> {
  const { rows } = await db.query<{ grade: string; notes: string | null }>(
    `UPDATE products SET condition_grade = pos_condition_grade, condition_notes = pos_condition_notes, updated_at = now()
      WHERE id = $1 AND ${POS_CONDITION_WAITS} RETURNING condition_grade AS grade, condition_notes AS notes`,
    [productId],
  );
  return rows[0];
}

const QUEUE_FILTERS: Record<Exclude<IntakeListQuery['queue'], 'stale'>, string> = {
  all: 'true',
  drafts: 'p.published_at IS NULL',
  no_photos: `p.photos = '[]'`,
  not_inspected: 'p.inspected_at IS NULL',
};

/** A work queue entry as stored: the cover as products.photos keeps it (the route makes it a ProductPhoto). */
export type IntakeEntryRow = Omit<IntakeEntry, 'cover'> & { cover: StoredPhoto | null };

interface EntryRow {
  productId: string;
  title: string;
  skus: string[];
  category: string;
  conditionGrade: string;
  oneOfAKind: boolean;
  photoCount: number;
  cover: StoredPhoto[];
  inspectedAt: string | null;
  publishedAt: string | null;
}

/**
 * One page of the work queue, newest listings first (stale: longest since inspected first). `code`
 * is a scanned barcode: the listing with exactly that sku. `q`: part of the title, brand or a sku.
 */
export async function listIntake(db: Queryable, query: IntakeListQuery, staleDays: number): Promise<{ entries: IntakeEntryRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (query.queue === 'stale') {
    params.push(staleDays);
    where.push('p.inspected_at < now() - make_interval(days => $1::int)');
  } else where.push(QUEUE_FILTERS[query.queue]);
  if (query.code !== undefined) {
    params.push(query.code);
    where.push(`p.id IN (SELECT product_id FROM variants WHERE sku = $${params.length})`);
  }
  if (query.q !== undefined) {
    params.push(containsPattern(query.q.toLowerCase()));
    where.push(`p.id IN (SELECT id FROM products WHERE search_name LIKE $${params.length} UNION SELECT product_id FROM variants WHERE lower(sku) LIKE $${params.length})`);
  }
  const order = query.queue === 'stale' ? 'p.inspected_at ASC, p.id' : 'p.created_at DESC, p.id DESC';
  const filter = where.join(' AND ');
  const [page, count] = await Promise.all([
    db.query<EntryRow>(
      `SELECT p.id AS "productId", p.title, p.category_id AS category, p.condition_grade AS "conditionGrade", p.one_of_a_kind AS "oneOfAKind",
              jsonb_array_length(p.photos) AS "photoCount", jsonb_path_query_array(p.photos, '$[*] ? (@.cover == true)') AS cover,
              ${isoInstant('p.inspected_at')} AS "inspectedAt", ${isoInstant('p.published_at')} AS "publishedAt",
              coalesce((SELECT array_agg(v.sku ORDER BY v.sku) FROM variants v WHERE v.product_id = p.id), '{}') AS skus
         FROM products p
        WHERE ${filter}
        ORDER BY ${order}
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, query.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM products p WHERE ${filter}`, params),
  ]);
  const entries = page.rows.map(({ cover, ...row }) => ({ ...row, cover: cover[0] ?? null }));
  return { entries, total: count.rows[0]!.n };
}

export async function intakeCounts(db: Queryable, staleDays: number): Promise<IntakeCounts> {
  const { rows } = await db.query<Omit<IntakeCounts, 'staleAfterDays'>>(
    // Drafts: listings not published, and the manifests' new skus waiting for their intake (not listings yet).
    `SELECT ((SELECT count(*) FROM products WHERE published_at IS NULL)
             + (SELECT count(*) FROM manifest_rows WHERE product_id IS NULL AND outcome = 'created'))::int AS drafts,
            (SELECT count(*) FROM products WHERE photos = '[]')::int AS "noPhotos",
            (SELECT count(*) FROM products WHERE inspected_at IS NULL)::int AS "notInspected",
            (SELECT count(*) FROM products WHERE inspected_at < now() - make_interval(days => $1))::int AS stale`,
    [staleDays],
  );
  return { ...rows[0]!, staleAfterDays: staleDays };
}
