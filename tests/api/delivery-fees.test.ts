// The admin's delivery fees by province (GET /admin/delivery-fees, PUT
// /admin/delivery-fees/{province}): the checkout charges a changed fee at once, the change is in
// the audit log, Phnom Penh's fee is by sangkat, and no one but an approved admin changes anything.
// The test changes Pailin (24) and puts it back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, businessRegistration, login } from "../helpers/api.ts";
import { fixtureDb } from "../helpers/db-fixtures.ts";
import { demoBusiness, seedAdmin, uniqueEmail } from "../helpers/stack.ts";

const sql = fixtureDb();
let admin: string;
let saved: { delivery_fee_cents: number; delivery_hours_min: number; delivery_hours_max: number };

beforeAll(async () => {
  admin = (await login(seedAdmin.email, seedAdmin.password)).token;
  [saved] =
    await sql`select delivery_fee_cents, delivery_hours_min, delivery_hours_max from public.provinces where code = '24'`;
});
afterAll(async () => {
  await sql`update public.provinces set delivery_fee_cents = ${saved.delivery_fee_cents},
              delivery_hours_min = ${saved.delivery_hours_min}, delivery_hours_max = ${saved.delivery_hours_max}
            where code = '24'`;
  await sql.end();
});

const put = (province: string, body: unknown, token = admin) =>
  api("PUT", `/admin/delivery-fees/${province}`, { token, body });

describe("GET /admin/delivery-fees", () => {
  it("lists the 25 provinces with their fee and estimate, Phnom Penh's fee null (by sangkat)", async () => {
    const res = await api("GET", "/admin/delivery-fees", { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.provinces).toHaveLength(25);
    expect(res.body.provinces.find((p: { code: string }) => p.code === "12")).toMatchObject({
      name_en: "Phnom Penh",
      name_km: "ភ្នំពេញ",
      delivery_fee: null,
      delivery_fee_cents: null,
      estimate_hours_min: 2,
      estimate_hours_max: 24,
    });
    expect(res.body.provinces.find((p: { code: string }) => p.code === "08")).toMatchObject({
      delivery_fee: 2,
      delivery_fee_cents: 200,
    });
  });

  it("is for approved admins only", async () => {
    const shop = (await login(demoBusiness.email, demoBusiness.password)).token;
    expect((await api("GET", "/admin/delivery-fees", { token: shop })).status).toBe(403);
    expect((await api("GET", "/admin/delivery-fees")).status).toBe(401);
  });
});

describe("PUT /admin/delivery-fees/{province}", () => {
  it("changes a province's fee and estimate; the fee path answers it and the audit log records it", async () => {
    const res = await put("24", { delivery_fee: 3.75, estimate_hours_min: 36, estimate_hours_max: 96 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: "Delivery fee saved",
      province: {
        code: "24",
        delivery_fee: 3.75,
        delivery_fee_cents: 375,
        estimate_hours_min: 36,
        estimate_hours_max: 96,
      },
    });
    const [commune] = await sql<{ code: string; district_code: string }[]>`
      select c.code, c.district_code from public.communes c where c.code like '24%' order by c.code limit 1`;
    const fee = await api("GET", `/delivery-zones/fee/${commune.code}/${commune.district_code}`);
    expect(fee.body).toMatchObject({ delivery_fee_cents: 375, estimate_hours_min: 36, estimate_hours_max: 96 });
    const [entry] = await sql`
      select actor_email, details from public.audit_log
      where action = 'delivery_zone.update' and target_id = '24' order by id desc limit 1`;
    expect(entry.actor_email).toBe(seedAdmin.email);
    expect(entry.details).toMatchObject({ after: { delivery_fee_cents: 375 }, province: "Pailin" });
  });

  it("sets Phnom Penh's estimate, never one fee for it", async () => {
    const refused = await put("12", { delivery_fee: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: "invalid_input",
      field: "delivery_fee",
      message: "Phnom Penh is priced by sangkat: only its estimate is set here",
    });
    const hours = await put("12", { estimate_hours_max: 24 });
    expect(hours.status).toBe(200);
    expect(hours.body.province.delivery_fee).toBeNull();
  });

  it.each([
    [{ delivery_fee: -1 }, "delivery_fee", "Delivery fee must be from $0.00 to $100.00"],
    [{ delivery_fee: 1.005 }, "delivery_fee", "Delivery fee must be from $0.00 to $100.00"],
    [
      { estimate_hours_min: 0 },
      "estimate_hours_min",
      "estimate_hours_min must be a whole number of hours from 1 to 720",
    ],
    [
      { estimate_hours_min: 100, estimate_hours_max: 50 },
      "estimate_hours_max",
      "The estimate's last hour cannot come before its first",
    ],
  ])("refuses %j naming %s", async (body, field, message) => {
    const res = await put("24", body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_input", field, message });
  });

  it("refuses an empty change, an unknown field and an unknown province", async () => {
    expect((await put("24", {})).body.message).toBe("Nothing to change: send a fee or an estimate");
    expect((await put("24", { fee: 1 })).status).toBe(400);
    const unknown = await put("99", { delivery_fee: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not_found", message: "Unknown province: 99" });
  });

  it("refuses anyone but an approved admin", async () => {
    const email = uniqueEmail("fees-shop");
    await api("POST", "/auth/register/business", { body: businessRegistration(email) });
    const pending = (await login(email, "longenough1")).token;
    const shop = (await login(demoBusiness.email, demoBusiness.password)).token;
    for (const token of [shop, pending]) expect((await put("24", { delivery_fee: 0 }, token)).status).toBe(403);
    expect((await put("24", { delivery_fee: 0 }, "")).status).toBe(401);
  });
});
