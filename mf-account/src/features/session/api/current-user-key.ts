import { ApiPaths } from '@pl/contracts';

/** The current user's query key: the path it is fetched from (spec §7: key segments joined by '/'). */
export const currentUserQueryKey = [ApiPaths.auth.me] as const;
