// Delivery zone paths: the national gazetteer's provinces, districts and communes, by code or by
// Latin name (with spaces and apostrophes), and the fee and estimate to each commune.
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";

const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");
const place = (code: string, name_en: string, name_km: string) => ({ code, name: name_en, name_en, name_km });

describe("GET /delivery-zones/provinces", () => {
  it("lists the 25 provinces by code, in both scripts", async () => {
    const res = await api("GET", "/delivery-zones/provinces");
    expect(res.status).toBe(200);
    expect(res.body.provinces).toHaveLength(25);
    expect(res.body.provinces[0]).toEqual({ code: "01", name_en: "Banteay Meanchey", name_km: "បន្ទាយមានជ័យ" });
    expect(res.body.provinces).toContainEqual({ code: "12", name_en: "Phnom Penh", name_km: "ភ្នំពេញ" });
    expect(res.body.provinces.map((p: { code: string }) => p.code)).toEqual(
      Array.from({ length: 25 }, (_, i) => String(i + 1).padStart(2, "0")),
    );
  });
});

describe("GET /delivery-zones/districts", () => {
  it("lists Phnom Penh's 14 khans by name without a province", async () => {
    const res = await api("GET", "/delivery-zones/districts");
    expect(res.status).toBe(200);
    expect(res.body.province).toEqual(place("12", "Phnom Penh", "ភ្នំពេញ"));
    expect(res.body.districts).toHaveLength(14);
    const names = res.body.districts.map((d: { name: string }) => d.name);
    expect(names).toEqual([...names].sort());
    expect(res.body.districts).toContainEqual(place("1204", "Tuol Kouk", "ទួលគោក"));
  });

  it("lists a province's districts by its code or its name", async () => {
    const byCode = await api("GET", "/delivery-zones/districts?province=17");
    expect(byCode.status).toBe(200);
    expect(byCode.body.province).toEqual(place("17", "Siemreap", "សៀមរាប"));
    expect(byCode.body.districts).toHaveLength(13);
    expect(byCode.body.districts).toContainEqual(place("1710", "Siem Reap", "សៀមរាប"));
    const byName = await api("GET", "/delivery-zones/districts?province=siemreap");
    expect(byName.body).toEqual(byCode.body);
  });

  it("answers 404 naming an unknown province", async () => {
    const res = await api("GET", "/delivery-zones/districts?province=99");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "not_found", message: "Unknown province: 99", field: "province" });
  });
});

describe("GET /delivery-zones/communes/{district}", () => {
  it("lists the sangkats of a khan named with a space, or by its code", async () => {
    const res = await api("GET", `/delivery-zones/communes/${path("Tuol Kouk")}`);
    expect(res.status).toBe(200);
    expect(res.body.district).toEqual(place("1204", "Tuol Kouk", "ទួលគោក"));
    expect(res.body.communes).toContainEqual(place("120404", "Tuek L'ak Ti Muoy", "ទឹកល្អក់ទី ១"));
    expect(res.body.communes).toHaveLength(10);
    expect((await api("GET", "/delivery-zones/communes/1204")).body).toEqual(res.body);
  });

  it("finds a province's district by name with ?province=, and by code alone", async () => {
    const byName = await api("GET", `/delivery-zones/communes/${path("Siem Reap")}?province=17`);
    expect(byName.status).toBe(200);
    expect(byName.body.communes).toContainEqual(place("171001", "Sla Kram", "ស្លក្រាម"));
    expect((await api("GET", "/delivery-zones/communes/1710")).body).toEqual(byName.body);
    // Without a province a name is looked for in Phnom Penh.
    expect((await api("GET", `/delivery-zones/communes/${path("Siem Reap")}`)).status).toBe(404);
  });

  it("answers 404 naming an unknown district", async () => {
    const res = await api("GET", `/delivery-zones/communes/${path("Atlantis")}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Unknown district: Atlantis" });
  });
});

describe("GET /delivery-zones/fee/{commune}/{district}", () => {
  it.each([
    ["Phsar Thmei Ti Muoy", "Doun Penh", 1],
    ["Tuek L'ak Ti Muoy", "Tuol Kouk", 1.5],
    ["Ou Baek K'am", "Saensokh", 2],
    ["Roluos", "Dangkao", 2.5],
  ])("%s in %s costs $%s, in 2 to 24 hours (inner khans less than outer ones)", async (commune, district, fee) => {
    const res = await api("GET", `/delivery-zones/fee/${path(commune, district)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      province: place("12", "Phnom Penh", "ភ្នំពេញ"),
      district: { name: district },
      commune: { name: commune },
      delivery_fee: fee,
      delivery_fee_cents: Math.round(fee * 100),
      estimate_hours_min: 2,
      estimate_hours_max: 24,
    });
  });

  it("prices a commune of a province at the province's fee, by codes or by names", async () => {
    const res = await api("GET", "/delivery-zones/fee/171001/1710");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      province: place("17", "Siemreap", "សៀមរាប"),
      district: place("1710", "Siem Reap", "សៀមរាប"),
      commune: place("171001", "Sla Kram", "ស្លក្រាម"),
      delivery_fee: 2.5,
      delivery_fee_cents: 250,
      estimate_hours_min: 24,
      estimate_hours_max: 72,
    });
    const byName = await api("GET", `/delivery-zones/fee/${path("sla kram", "siem reap")}?province=Siemreap`);
    expect(byName.body).toEqual(res.body);
  });

  it("answers 404 for a commune of another district", async () => {
    const res = await api("GET", `/delivery-zones/fee/${path("Roluos", "Doun Penh")}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Unknown commune Roluos in district Doun Penh" });
  });
});
