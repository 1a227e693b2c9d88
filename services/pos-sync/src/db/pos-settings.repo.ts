import type { Queryable } from '@pl/service-kit';

/** The POS URL when settings were saved; the API key is not read here and never leaves the service. */
export async function findPosUrl(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ pos_url: string }>(`SELECT pos_url FROM pos_settings`);
  return rows[0]?.pos_url;
}
