// Customer and profile phones for tests on a shared stack. A phone that repeats trips the
// checkout's per-phone limit (3 orders a minute) and the fraud rules (repeat_phone on a third
// order within 24 hours, self_order on an influencer's own phone) in tests that are not about them,
// so each phone is one no other test file of the run uses:
//
//   +855 TT SSS NNNN   a 9-digit Cambodian mobile number (012 SSS NNNN, 097 SSS NNNN, as dialled)
//     TT    the tool: 12 for vitest, 97 for Playwright (they run one after the other on one stack)
//     SSS   the file's slot: the run's base plus the file's vitest worker id (unique in a vitest
//           run) or the Playwright worker's index (unique in a Playwright run), modulo 1,000
//     NNNN  a counter of this file's phones (or the Playwright worker's)
//
// The run's base (PHONE_RUN_BASE) is drawn once per run by the config (vitest.config.ts,
// playwright.config.ts), which the workers inherit, so a later run on the same stack most likely
// starts elsewhere. The numbers are longer than the 8-digit 012 345 678 of the test registrations,
// so never one of those.
import { randomInt } from "node:crypto";

const RUN_BASE_ENV = "PHONE_RUN_BASE";

/** Draws the run's base once, in the process that starts the workers (they inherit it). */
export function choosePhoneRunBase(): void {
  process.env[RUN_BASE_ENV] ??= String(randomInt(1000));
}

const playwright = process.env.TEST_WORKER_INDEX !== undefined;
const operator = playwright ? "97" : "12";
const worker = Number(process.env.VITEST_WORKER_ID ?? process.env.TEST_WORKER_INDEX ?? process.pid);
const base = Number(process.env[RUN_BASE_ENV] ?? randomInt(1000));
const slot = String((base + worker) % 1000).padStart(3, "0");
let count = 0;

/** A phone no other test file of this run uses, as the database stores it (E.164, +85512SSSNNNN). */
export function uniqueStoredPhone(): string {
  if (count === 10_000) throw new Error("more than 10,000 phones from one test file: widen NNNN in phones.ts");
  return `+855${operator}${slot}${String(count++).padStart(4, "0")}`;
}

/** The same number as a customer types it, in the local form ("012 345 6789"). */
export function typedPhone(stored: string): string {
  const national = `0${stored.slice(4)}`;
  return `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/** A phone no other test file of this run uses, as a customer types it ("012 345 6789"). */
export function uniqueTypedPhone(): string {
  return typedPhone(uniqueStoredPhone());
}
