// Accounts and campaigns for the campaign, upload and link tests, made through the API itself:
// register, then the seeded admin decides. Every account has a fresh email.
import { openWindow } from "./dates.ts";
import { api, businessRegistration, influencerRegistration, login } from "./api.ts";
import { seedAdmin, stackUrl, uniqueEmail } from "./stack.ts";

export interface Account {
  token: string;
  /** The session's refresh token (accounts signed in by login() have none here). */
  refresh_token?: string;
  user: { id: string; email: string; [key: string]: unknown };
}

let adminAccount: Promise<Account> | undefined;

export function admin(): Promise<Account> {
  adminAccount ??= login(seedAdmin.email, seedAdmin.password);
  return adminAccount;
}

type Decision = "approved" | "rejected" | "pending";

async function register(kind: "business" | "influencer", decision: Decision): Promise<Account> {
  const email = uniqueEmail(kind === "business" ? "shop" : "creator");
  const body = kind === "business" ? businessRegistration(email) : influencerRegistration(email);
  const registered = await api("POST", `/auth/register/${kind}`, { body });
  if (registered.status !== 201)
    throw new Error(`register ${kind}: ${registered.status} ${JSON.stringify(registered.body)}`);
  if (decision !== "pending") {
    const decided = await api("PUT", `/admin/users/${registered.body.user.id}/status`, {
      token: (await admin()).token,
      body: decision === "rejected" ? { status: decision, reason: "Test rejection" } : { status: decision },
    });
    if (decided.status !== 200) throw new Error(`decide ${kind}: ${decided.status} ${JSON.stringify(decided.body)}`);
  }
  return { token: registered.body.token, refresh_token: registered.body.refresh_token, user: registered.body.user };
}

export const business = (decision: Decision = "approved") => register("business", decision);
export const influencer = (decision: Decision = "approved") => register("influencer", decision);

/** The create page's payload for a valid campaign. */
export function pageForm(overrides: Record<string, unknown> = {}) {
  return {
    product_name: "Silk Scarf",
    price: 12.5,
    commission_rate: 0.15,
    description: "Hand-woven silk from Takeo",
    image_urls: ["https://images.example.com/scarf-1.jpg", "https://images.example.com/scarf-2.jpg"],
    ...openWindow(),
    ...overrides,
  };
}

export async function createCampaign(owner: Account, overrides: Record<string, unknown> = {}) {
  const res = await api("POST", "/campaigns", { token: owner.token, body: pageForm(overrides) });
  if (res.status !== 201) throw new Error(`create campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.campaign as { id: string; product_name: string; [key: string]: unknown };
}

export async function deactivate(owner: Account, campaignId: string) {
  const res = await api("PUT", `/campaigns/${campaignId}`, { token: owner.token, body: { status: "inactive" } });
  if (res.status !== 200) throw new Error(`deactivate: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function apply(applicant: Account, campaignId: string) {
  const res = await api("POST", "/affiliate-links/apply", {
    token: applicant.token,
    body: { campaign_id: campaignId },
  });
  if (res.status !== 201) throw new Error(`apply: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.link as { id: string; [key: string]: unknown };
}

export async function decideLink(linkId: string, action: "approve" | "reject", reason = "Test rejection") {
  const res = await api("PUT", `/admin/affiliate-links/${linkId}/${action}`, {
    token: (await admin()).token,
    body: action === "reject" ? { reason } : undefined,
  });
  if (res.status !== 200) throw new Error(`${action} link: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.link;
}

export function checkoutUrl(influencerId: string, campaignId: string) {
  return `${stackUrl()}/checkout?influencer_id=${influencerId}&product_id=${campaignId}`;
}

export const unknownId = "00000000-0000-4000-8000-000000000999";
