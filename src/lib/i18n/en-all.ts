// The complete English dictionary: the base texts (./en.ts) and the texts of each slice kept in a
// file of its own (./en-orders.ts, ./en-payouts.ts, ./en-profile.ts), merged. No id may appear
// twice (tested in en-all.test.ts).
import { en as base } from "./en.ts";
import { enOrders } from "./en-orders.ts";
import { enPayouts } from "./en-payouts.ts";
import { enProfile } from "./en-profile.ts";

export const en = { ...base, ...enOrders, ...enPayouts, ...enProfile };

export type MessageKey = keyof typeof en;
