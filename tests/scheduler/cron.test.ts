// The local scheduler's cron matcher: the five-field expressions pg_cron takes, matched in UTC.
import { describe, expect, it } from "vitest";
import { cronMatches, parseCron } from "../../local-stack/scheduler.ts";

const at = (iso: string) => new Date(iso);
const matches = (expression: string, iso: string) => cronMatches(parseCron(expression), at(iso));

describe("cron schedules", () => {
  it("runs every minute on * * * * *", () => {
    expect(matches("* * * * *", "2026-11-25T17:04:00Z")).toBe(true);
    expect(matches("* * * * *", "2026-02-28T00:59:00Z")).toBe(true);
  });

  it("runs the daily 03:00 job once a day, in UTC", () => {
    expect(matches("0 3 * * *", "2026-11-25T03:00:00Z")).toBe(true);
    expect(matches("0 3 * * *", "2026-11-25T03:01:00Z")).toBe(false);
    expect(matches("0 3 * * *", "2026-11-25T10:00:00+07:00")).toBe(true); // 03:00 UTC in Phnom Penh
    expect(matches("0 3 * * *", "2026-11-25T03:00:00+07:00")).toBe(false);
  });

  it("takes lists, ranges and steps", () => {
    expect(matches("*/15 * * * *", "2026-11-25T10:45:00Z")).toBe(true);
    expect(matches("*/15 * * * *", "2026-11-25T10:50:00Z")).toBe(false);
    expect(matches("5,35 9-17/4 * * *", "2026-11-25T13:35:00Z")).toBe(true);
    expect(matches("5,35 9-17/4 * * *", "2026-11-25T11:35:00Z")).toBe(false);
    expect(matches("0 0 1 1-3 *", "2026-03-01T00:00:00Z")).toBe(true);
    expect(matches("0 0 1 1-3 *", "2026-04-01T00:00:00Z")).toBe(false);
  });

  it("takes Sunday as 0 or 7, and a day of month OR a weekday when both are restricted", () => {
    expect(matches("0 12 * * 7", "2026-11-29T12:00:00Z")).toBe(true); // a Sunday
    expect(matches("0 12 * * 0", "2026-11-29T12:00:00Z")).toBe(true);
    expect(matches("0 12 * * 1-5", "2026-11-29T12:00:00Z")).toBe(false);
    expect(matches("0 12 1 * 1", "2026-11-30T12:00:00Z")).toBe(true); // a Monday, not the 1st
    expect(matches("0 12 1 * 1", "2026-12-01T12:00:00Z")).toBe(true); // the 1st, a Tuesday
    expect(matches("0 12 1 * 1", "2026-12-02T12:00:00Z")).toBe(false);
  });

  it("refuses what is not a five-field schedule", () => {
    for (const bad of [
      "* * * *",
      "* * * * * *",
      "60 * * * *",
      "* 24 * * *",
      "*/0 * * * *",
      "a * * * *",
      "5-1 * * * *",
    ]) {
      expect(() => parseCron(bad), bad).toThrow();
    }
  });
});
