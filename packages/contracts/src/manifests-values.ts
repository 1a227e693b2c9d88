// Manifest values without a schema, so a browser imports them without zod (decision 025).

/** What a manifest's columns can be read as. */
export const ManifestFields = ['sku', 'title', 'brand', 'category', 'quantity', 'retail', 'unitCost', 'condition', 'notes', 'location'] as const;
/**
 * uploaded: read and waiting for its mapping; importing: rows being written (a restart resumes it);
 * cancelled: stopped by an admin between batches (what was written stays; importing again goes on);
 * imported: every row has its outcome; failed: stopped by an error that needs a person.
 */
export const ManifestStatuses = ['uploaded', 'importing', 'cancelled', 'imported', 'failed'] as const;
/** A new listing's price, as a percent of retail, unless the admin says otherwise. */
export const MANIFEST_PRICE_PCT_DEFAULT = 60;
/** Most problems a dry run lists (it counts them all). */
export const MANIFEST_PROBLEMS_SHOWN = 200;
/** The most bytes a manifest may have (a 50,000-row manifest is ~5 MB). */
export const MANIFEST_MAX_BYTES = 20 * 1024 * 1024;
