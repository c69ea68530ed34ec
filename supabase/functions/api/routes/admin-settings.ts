// Admin paths for the marketplace settings (the riel exchange rate, the commission holding period, the fraud-flag thresholds, the commission ceiling): read them and change
// them. Both run as the admin, so the database decides too: its policy lets only admins read the
// row, and only public.update_marketplace_settings writes it.
import { Hono } from "hono";
import {
  settingsUpdateSchema,
  type SettingsResponse,
  type SettingsSavedResponse,
} from "../../_shared/contract/settings.ts";
import { asUser } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { settingsColumns, toSettingsJson, type SettingsRow } from "../read-models/settings.ts";
import { parseJsonBody } from "../../_shared/validation.ts";

export function adminSettingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/settings - the marketplace settings
  app.get("/", async (c) => {
    const [settings] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<SettingsRow[]>`select ${settingsColumns(tx)} from public.marketplace_settings`,
    );
    // The row always exists, so no row means the policy hid it: the caller stopped being an
    // approved admin after the middleware read the account.
    if (!settings) throw new ApiError("forbidden", "You are not allowed to do this");
    return c.json({ settings: toSettingsJson(settings) } satisfies SettingsResponse);
  });

  // PUT /admin/settings - change the settings
  app.put("/", async (c) => {
    const input = await parseJsonBody(c, settingsUpdateSchema);
    const [settings] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<SettingsRow[]>`
          select ${settingsColumns(tx)}
          from public.update_marketplace_settings(
            ${input.riel_per_usd ?? null}, ${input.commission_hold_days ?? null},
            ${input.repeat_phone_orders ?? null}, ${input.repeat_phone_hours ?? null},
            ${input.refusal_flag_percent ?? null}, ${input.refusal_flag_min_finished ?? null},
            ${input.max_commission_rate ?? null}::numeric, ${input.unconfirmed_cancel_hours ?? null},
            ${input.release_after_remittance ?? null}, ${input.courier_remit_days ?? null})`,
    );
    return c.json({ message: "Settings saved", settings: toSettingsJson(settings) } satisfies SettingsSavedResponse);
  });

  return app;
}
