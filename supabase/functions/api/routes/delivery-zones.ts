// Delivery zones: Cambodia's provinces, districts and communes (the national gazetteer) and the
// fee and estimate to each commune (public data). Places are named by code or Latin name.
import { Hono } from "hono";
import { asAnon, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { money } from "../../_shared/contract/money.ts";
import {
  districtsQuerySchema,
  type CommunesResponse,
  type DeliveryFeeResponse,
  type DistrictsResponse,
  type Place,
  type ProvincesResponse,
} from "../../_shared/contract/delivery-zones.ts";
import type { Tables } from "../../_shared/database.types.ts";
import { parseQuery } from "../../_shared/validation.ts";

type PlaceRow = Pick<Tables<"provinces">, "code" | "name_en" | "name_km">;

const place = (row: PlaceRow): Place => ({
  code: row.code,
  name: row.name_en,
  name_en: row.name_en,
  name_km: row.name_km,
});

/** The province named by code or Latin name (Phnom Penh when none is named). */
async function findProvince(tx: Tx, named: string | undefined): Promise<PlaceRow> {
  const [province] = await tx<PlaceRow[]>`
    select code, name_en, name_km from public.provinces
    where code = ${named ?? "12"} or lower(name_en) = lower(${named ?? "12"})`;
  if (!province) throw new ApiError("not_found", `Unknown province: ${named}`, "province");
  return province;
}

export function deliveryZoneRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /delivery-zones/provinces - every province, by code
  app.get("/provinces", async (c) => {
    const rows = await asAnon(
      deps.sql,
      (tx) => tx<PlaceRow[]>`select code, name_en, name_km from public.provinces order by code`,
    );
    return c.json({
      provinces: rows.map((row) => ({ code: row.code, name_en: row.name_en, name_km: row.name_km })),
    } satisfies ProvincesResponse);
  });

  // GET /delivery-zones/districts?province= - the districts of a province (Phnom Penh without one)
  app.get("/districts", async (c) => {
    const { province: named } = parseQuery(c, districtsQuerySchema);
    const { province, districts } = await asAnon(deps.sql, async (tx) => {
      const province = await findProvince(tx, named);
      const districts = await tx<PlaceRow[]>`
        select code, name_en, name_km from public.districts where province_code = ${province.code} order by name_en`;
      return { province, districts };
    });
    return c.json({ province: place(province), districts: districts.map(place) } satisfies DistrictsResponse);
  });

  // GET /delivery-zones/communes/{district}?province= - the communes of one district
  app.get("/communes/:district", async (c) => {
    const named = c.req.param("district");
    const { province } = parseQuery(c, districtsQuerySchema);
    const { district, communes } = await asAnon(deps.sql, async (tx) => {
      const [district] = await tx<PlaceRow[]>`
        select code, name_en, name_km from public.find_district(${province ?? null}, ${named})`;
      if (!district) throw new ApiError("not_found", `Unknown district: ${named}`);
      const communes = await tx<PlaceRow[]>`
        select code, name_en, name_km from public.communes where district_code = ${district.code} order by name_en`;
      return { district, communes };
    });
    return c.json({ district: place(district), communes: communes.map(place) } satisfies CommunesResponse);
  });

  // GET /delivery-zones/fee/{commune}/{district}?province= - the fee and estimate to one commune
  app.get("/fee/:commune/:district", async (c) => {
    const { commune, district } = c.req.param();
    const { province } = parseQuery(c, districtsQuerySchema);
    const [quote] = await asAnon(
      deps.sql,
      (tx) =>
        tx<
          (PlaceRow & {
            district: PlaceRow;
            province: PlaceRow;
            fee_cents: number | null;
            hours_min: number;
            hours_max: number;
          })[]
        >`
        select f.code, f.name_en, f.name_km,
               json_build_object('code', d.code, 'name_en', d.name_en, 'name_km', d.name_km) as district,
               json_build_object('code', p.code, 'name_en', p.name_en, 'name_km', p.name_km) as province,
               q.fee_cents, q.hours_min, q.hours_max
        from public.find_commune(${province ?? null}, ${district}, ${commune}) f
        join public.districts d on d.code = f.district_code
        join public.provinces p on p.code = d.province_code
        cross join lateral public.delivery_quote(f.code) q`,
    );
    if (!quote || quote.fee_cents === null) {
      throw new ApiError("not_found", `Unknown commune ${commune} in district ${district}`);
    }
    return c.json({
      province: place(quote.province),
      district: place(quote.district),
      commune: place(quote),
      ...money("delivery_fee", quote.fee_cents),
      estimate_hours_min: quote.hours_min,
      estimate_hours_max: quote.hours_max,
    } satisfies DeliveryFeeResponse);
  });

  return app;
}
