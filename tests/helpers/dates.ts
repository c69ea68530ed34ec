// Calendar days relative to today, as YYYY-MM-DD. Campaign dates are enforced (a campaign takes
// applications and orders only between them), so fixtures that must be open today use these
// rather than fixed dates, which would close as the calendar moves on.
export function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A window open today wherever "today" is counted (UTC here, Phnom Penh in the database). */
export const openWindow = () => ({ start_date: isoDay(-2), end_date: isoDay(60) });
