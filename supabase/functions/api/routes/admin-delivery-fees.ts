// Admin paths for the delivery fee and estimate of each province (docs/product.md, "Delivery
// fees"). They run as the admin, so the database decides too: the column grants and the policy on
// public.provinces let only an approved admin change a fee or an estimate, and the audit trigger
// provinces_audit records each change.
import { Hono } from "hono";
import { asUser, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { centsToDollars } from "../../_shared/contract/money.ts";
import {
  PHNOM_PENH,
  provinceFeeUpdateSchema,
  type ProvinceFee,
  type ProvinceFeeSavedResponse,
  type ProvinceFeesResponse,
} from "../../_shared/contract/delivery-fees.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { parseJsonBody } from "../../_shared/validation.ts";

type ProvinceRow = Pick<
  Tables<"provinces">,
  "code" | "name_en" | "name_km" | "delivery_fee_cents" | "delivery_hours_min" | "delivery_hours_max" | "updated_at"
>;

const columns = (tx: Tx) =>
  tx`code, name_en, name_km, delivery_fee_cents, delivery_hours_min, delivery_hours_max, updated_at`;

function toProvinceFeeJson(row: ProvinceRow): ProvinceFee {
  return {
    code: row.code,
    name_en: row.name_en,
    name_km: row.name_km,
    delivery_fee: row.delivery_fee_cents === null ? null : centsToDollars(row.delivery_fee_cents),
    delivery_fee_cents: row.delivery_fee_cents,
    estimate_hours_min: row.delivery_hours_min,
    estimate_hours_max: row.delivery_hours_max,
    updated_at: row.updated_at,
  };
}

export function adminDeliveryFeeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /admin/delivery-fees - every province's fee and estimate, by code
  app.get("/", async (c) => {
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<ProvinceRow[]>`select ${columns(tx)} from public.provinces order by code`,
    );
    return c.json({ provinces: rows.map(toProvinceFeeJson) } satisfies ProvinceFeesResponse);
  });

  // PUT /admin/delivery-fees/{province} - change a province's fee or estimate
  app.put("/:province", async (c) => {
    const code = c.req.param("province");
    const input = await parseJsonBody(c, provinceFeeUpdateSchema);
    if (code === PHNOM_PENH && input.delivery_fee !== undefined) {
      throw new ApiError(
        "invalid_input",
        "Phnom Penh is priced by sangkat: only its estimate is set here",
        "delivery_fee",
      );
    }
    const [row] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<ProvinceRow[]>`
        update public.provinces set
          delivery_fee_cents = coalesce(${input.delivery_fee === undefined ? null : Math.round(input.delivery_fee * 100)}::integer, delivery_fee_cents),
          delivery_hours_min = coalesce(${input.estimate_hours_min ?? null}::smallint, delivery_hours_min),
          delivery_hours_max = coalesce(${input.estimate_hours_max ?? null}::smallint, delivery_hours_max)
        where code = ${code}
        returning ${columns(tx)}`,
    );
    // No row: an unknown province (the policy lets the approved admin the middleware checked update any).
    if (!row) throw new ApiError("not_found", `Unknown province: ${code}`);
    return c.json({
      message: "Delivery fee saved",
      province: toProvinceFeeJson(row),
    } satisfies ProvinceFeeSavedResponse);
  });

  return app;
}
