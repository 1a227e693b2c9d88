/**
 * A range of calendar days in a time zone (contracts ReportRangeQuery) as SQL: the statement's
 * first three parameters are the first day, the last day and the IANA zone, and `start`/`end` are
 * the instants it covers (end excluded), so a day is the one the store saw, not UTC's.
 */
export const DayRangeSql = {
  start: `($1::date::timestamp AT TIME ZONE $3)`,
  end: `(($2::date + 1)::timestamp AT TIME ZONE $3)`,
  /** The day of an instant in the range's zone. */
  dayOf: (instant: string) => `(${instant} AT TIME ZONE $3)::date`,
  params: (range: { from: string; to: string; timeZone: string }): [string, string, string] => [range.from, range.to, range.timeZone],
} as const;
