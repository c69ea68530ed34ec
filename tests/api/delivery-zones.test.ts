// Delivery zone paths: Phnom Penh's khans and sangkats, names with spaces and apostrophes.
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api.ts";

const path = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

describe("GET /delivery-zones/districts", () => {
  it("lists Phnom Penh's khans in order", async () => {
    const res = await api("GET", "/delivery-zones/districts");
    expect(res.status).toBe(200);
    expect(res.body.districts).toHaveLength(14);
    expect(res.body.districts).toEqual([...res.body.districts].sort());
    expect(res.body.districts).toEqual(
      expect.arrayContaining(["Doun Penh", "Chamkar Mon", "Boeng Keng Kang", "Tuol Kouk", "Kamboul"]),
    );
  });
});

describe("GET /delivery-zones/communes/{district}", () => {
  it("lists the sangkats of a khan whose name has a space", async () => {
    const res = await api("GET", `/delivery-zones/communes/${path("Tuol Kouk")}`);
    expect(res.status).toBe(200);
    expect(res.body.communes).toContain("Tuek L'ak Muoy");
    expect(res.body.communes).toHaveLength(10);
  });

  it("answers 404 naming an unknown district", async () => {
    const res = await api("GET", `/delivery-zones/communes/${path("Atlantis")}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Unknown district: Atlantis" });
  });
});

describe("GET /delivery-zones/fee/{commune}/{district}", () => {
  it.each([
    ["Phsar Thmei Muoy", "Doun Penh", 1],
    ["Tuek L'ak Muoy", "Tuol Kouk", 1.5],
    ["Ou Baek K'am", "Saensokh", 2],
    ["Roluos", "Dangkao", 2.5],
  ])("%s in %s costs $%s (inner khans less than outer ones)", async (commune, district, fee) => {
    const res = await api("GET", `/delivery-zones/fee/${path(commune, district)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ district, commune, delivery_fee: fee, delivery_fee_cents: Math.round(fee * 100) });
  });

  it("answers 404 for a commune of another district", async () => {
    const res = await api("GET", `/delivery-zones/fee/${path("Roluos", "Doun Penh")}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "not_found", message: "Unknown commune Roluos in district Doun Penh" });
  });
});
