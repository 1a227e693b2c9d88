import type { Location } from '@pl/contracts';
import type { Queryable } from '@pl/service-kit';

const COLUMNS = 'id, name, type, address, city, state, zip_code AS "zipCode", phone, email, hours, notes';

/** The warehouse first, then stores by name. */
export async function listLocations(db: Queryable): Promise<Location[]> {
  const { rows } = await db.query<Location>(`SELECT ${COLUMNS} FROM locations ORDER BY (type = 'WAREHOUSE') DESC, name`);
  return rows;
}

/**
 * Inserts the given locations only when there are none yet. One statement, and conflicts are
 * ignored, so instances starting together cannot both seed or fail.
 */
export async function insertLocationsIfNone(db: Queryable, locations: readonly Location[]): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO locations (id, name, type, address, city, state, zip_code, phone, email, hours, notes)
     SELECT l.id, l.name, l.type, l.address, l.city, l.state, l."zipCode", l.phone, l.email, l.hours, l.notes
       FROM jsonb_to_recordset($1::jsonb) AS l(id text, name text, type text, address text, city text, state text,
            "zipCode" text, phone text, email text, hours text, notes text)
      WHERE NOT EXISTS (SELECT 1 FROM locations)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(locations)],
  );
  return rowCount ?? 0;
}
