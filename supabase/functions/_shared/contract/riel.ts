// Riel beside dollars, for showing only. Its own module without zod, because the customer's
// checkout page uses it and must stay light.

/**
 * An amount in riel, for showing beside dollars only (docs/money.md): cents x the admin's rate
 * (riel per dollar), rounded half away from zero to the nearest 100 riel, since riel prices are
 * quoted in hundreds. Integer arithmetic throughout: cents x rate stays far below 2^53.
 * rielFromCents(2000, 4100) is 82000; rielFromCents(1999, 4100) is 82000 (81,959 rounded).
 */
export function rielFromCents(amountCents: number, rielPerUsd: number): number {
  const scaled = amountCents * rielPerUsd; // riel x 100
  const riel = Math.floor((Math.abs(scaled) + 5000) / 10000) * 100;
  return scaled < 0 && riel > 0 ? -riel : riel; // never -0
}
