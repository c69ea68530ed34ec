// Campaign dates through the API: a campaign that has not started or has ended shows why at
// checkout, takes no order and no link application, and the day it starts and the day it ends
// both count.
import { afterAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";
import { influencer } from "../helpers/accounts.ts";
import { isoDay } from "../helpers/dates.ts";
import { createApprovedLink, createCampaign, demoInfluencerId, fixtureDb } from "../helpers/db-fixtures.ts";
import { uniqueTypedPhone } from "../helpers/phones.ts";

const sql = fixtureDb();
afterAll(() => sql.end());

/** A campaign with an approved link of the demo influencer, its dates set directly. */
async function campaignWithDates(startDate: string | null, endDate: string | null) {
  const id = await createCampaign(sql);
  await createApprovedLink(sql, id);
  await sql`update public.campaigns set start_date = ${startDate}, end_date = ${endDate} where id = ${id}`;
  return id;
}

const checkoutInfo = (id: string) => api("GET", `/checkout/info?influencer_id=${demoInfluencerId}&product_id=${id}`);
const placeOrder = (id: string, phone: string) =>
  api("POST", "/checkout/order", {
    body: {
      influencer_id: demoInfluencerId,
      product_id: id,
      customer_phone: phone,
      delivery_district: "Doun Penh",
      delivery_commune: "Voat Phnum",
      recipient_name: "Sokha Chan",
      address_line: "House 12, Street 271",
      quantity: 1,
    },
  });

describe("a campaign outside its dates", () => {
  it("that has ended shows when at checkout and takes no order", async () => {
    const id = await campaignWithDates("2020-01-01", "2020-01-31");
    const ended = { error: "conflict", message: "This campaign ended on 31 January 2020 and no longer takes orders." };
    // The checkout still shows the shop, and says why the product cannot be ordered.
    expect(await checkoutInfo(id)).toMatchObject({ status: 200, body: { unavailable_reason: ended.message } });
    expect(await placeOrder(id, uniqueTypedPhone())).toMatchObject({ status: 409, body: ended });
    const [{ count }] = await sql`select count(*)::int as count from public.orders where campaign_id = ${id}`;
    expect(count).toBe(0);
  });

  it("that has not started says when it opens and takes no order", async () => {
    const id = await campaignWithDates("2099-03-05", null);
    const notYet = { error: "conflict", message: "This campaign has not started yet. It opens on 5 March 2099." };
    expect(await checkoutInfo(id)).toMatchObject({ status: 200, body: { unavailable_reason: notYet.message } });
    expect(await placeOrder(id, uniqueTypedPhone())).toMatchObject({ status: 409, body: notYet });
  });

  it("takes no link application, saying why", async () => {
    const creator = await influencer();
    const ended = await createCampaign(sql);
    await sql`update public.campaigns set start_date = '2020-01-01', end_date = '2020-01-31' where id = ${ended}`;
    const res = await api("POST", "/affiliate-links/apply", { token: creator.token, body: { campaign_id: ended } });
    expect(res).toMatchObject({
      status: 409,
      body: { message: "This campaign ended on 31 January 2020 and no longer takes orders." },
    });
  });
});

describe("a campaign within its dates", () => {
  it("takes orders from a start date in the past up to an end date in the future", async () => {
    const id = await campaignWithDates(isoDay(-2), isoDay(2));
    expect(await checkoutInfo(id)).toMatchObject({ status: 200, body: { unavailable_reason: null } });
    expect((await placeOrder(id, uniqueTypedPhone())).status).toBe(201);
  });
});
