// The marketplace settings as the API returns them, and the columns they are read from (the
// table's one row; its id is always true and never sent).
import type { Settings } from "../../_shared/contract/settings.ts";
import type { Tables } from "../../_shared/database.types.ts";
import type { Tx } from "../../_shared/db.ts";

const SETTINGS_COLUMNS = [
  "riel_per_usd",
  "commission_hold_days",
  "repeat_phone_orders",
  "repeat_phone_hours",
  "refusal_flag_percent",
  "refusal_flag_min_finished",
  "max_commission_rate",
  "unconfirmed_cancel_hours",
  "release_after_remittance",
  "courier_remit_days",
  "updated_at",
  "updated_by",
] as const satisfies readonly (keyof Tables<"marketplace_settings">)[];

export type SettingsRow = Pick<Tables<"marketplace_settings">, (typeof SETTINGS_COLUMNS)[number]>;

/** The columns of a SettingsRow, for `select ${settingsColumns(tx)} from ...`. */
export function settingsColumns(tx: Tx) {
  return tx([...SETTINGS_COLUMNS]);
}

export function toSettingsJson(row: SettingsRow): Settings {
  return {
    riel_per_usd: row.riel_per_usd,
    commission_hold_days: row.commission_hold_days,
    repeat_phone_orders: row.repeat_phone_orders,
    repeat_phone_hours: row.repeat_phone_hours,
    refusal_flag_percent: row.refusal_flag_percent,
    refusal_flag_min_finished: row.refusal_flag_min_finished,
    max_commission_rate: row.max_commission_rate,
    unconfirmed_cancel_hours: row.unconfirmed_cancel_hours,
    release_after_remittance: row.release_after_remittance,
    courier_remit_days: row.courier_remit_days,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
  };
}
