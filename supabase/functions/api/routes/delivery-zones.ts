// Delivery zones: Phnom Penh's khans and sangkats and the fee of each (public data).
import { Hono } from "hono";
import { asAnon } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { ApiError } from "../../_shared/errors.ts";
import { money } from "../../_shared/contract/money.ts";
import type {
  CommunesResponse,
  DeliveryFeeResponse,
  DistrictsResponse,
} from "../../_shared/contract/delivery-zones.ts";
import type { Tables } from "../../_shared/database.types.ts";

type Zone = Tables<"delivery_zones">;

export function deliveryZoneRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // GET /delivery-zones/districts - every district (khan) name
  app.get("/districts", async (c) => {
    const rows = await asAnon(
      deps.sql,
      (tx) => tx<Pick<Zone, "district">[]>`select distinct district from public.delivery_zones order by district`,
    );
    return c.json({ districts: rows.map((row) => row.district) } satisfies DistrictsResponse);
  });

  // GET /delivery-zones/communes/{district} - the communes (sangkats) of one district
  app.get("/communes/:district", async (c) => {
    const district = c.req.param("district");
    const rows = await asAnon(
      deps.sql,
      (tx) =>
        tx<Pick<Zone, "commune">[]>`select commune from public.delivery_zones where district = ${district}
                                    order by commune`,
    );
    if (rows.length === 0) throw new ApiError("not_found", `Unknown district: ${district}`);
    return c.json({ district, communes: rows.map((row) => row.commune) } satisfies CommunesResponse);
  });

  // GET /delivery-zones/fee/{commune}/{district} - the delivery fee to one commune
  app.get("/fee/:commune/:district", async (c) => {
    const { commune, district } = c.req.param();
    const [zone] = await asAnon(
      deps.sql,
      (tx) =>
        tx<Pick<Zone, "fee_cents">[]>`select fee_cents from public.delivery_zones
                                  where district = ${district} and commune = ${commune}`,
    );
    if (!zone) throw new ApiError("not_found", `Unknown commune ${commune} in district ${district}`);
    return c.json({ district, commune, ...money("delivery_fee", zone.fee_cents) } satisfies DeliveryFeeResponse);
  });

  return app;
}
