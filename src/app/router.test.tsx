// The real route table under the guards: every role route, each kind of token, where the user
// ends up and whether the token is still stored. Data calls are answered by the fake API and
// realtime is switched off.
import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { USER_TYPES, type UserType } from "@contract/auth.ts";
import { API } from "@contract/routes.ts";
import { fail, fakeApi } from "@/testing/fake-api.ts";
import { makeDaily, makeFigures, makeMetrics } from "@/testing/fixtures/attribution.ts";
import { makeOrderStats } from "@/testing/fixtures/orders.ts";
import { makeBusinessPayoutSummary, makeInfluencerPayoutSummary } from "@/testing/fixtures/payouts.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
import { createQueryClient } from "@/lib/query-client.ts";
import { AppProvider } from "./provider.tsx";
import { routes } from "./router.tsx";

vi.mock("@/lib/realtime.ts", () => ({ useTableChanges: () => "live", getSupabase: () => null }));

const nowSeconds = Math.floor(Date.now() / 1000);

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function tokenFor(userType: string | undefined, exp = nowSeconds + 3600): string {
  const claims = {
    sub: "00000000-0000-4000-8000-000000000001",
    role: "authenticated",
    email: "u@example.com",
    user_type: userType,
    exp,
  };
  return `${base64Url({ alg: "HS256" })}.${base64Url(claims)}.sig`;
}

function user(userType: UserType) {
  return makeUser({
    id: "00000000-0000-4000-8000-000000000001",
    email: "u@example.com",
    user_type: userType,
    status: "pending_approval",
  });
}

beforeAll(() => {
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
});

/** The user type in the claims of the token a request carries. */
function callerType(headers: Headers): UserType | undefined {
  const token = headers.get("Authorization")?.replace(/^Bearer /, "") ?? "x.e30.y";
  const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) as { user_type?: unknown };
  return USER_TYPES.find((type) => type === claims.user_type);
}

beforeEach(() => {
  localStorage.clear();
  // A token without a user type gets no account: the guards drop such a token anyway.
  fakeApi.on(API.me, ({ headers }) => {
    const type = callerType(headers);
    return type ? { user: user(type) } : fail("unauthorized", "Invalid token");
  });
  // Every list the dashboards load is empty, every figure zero.
  const noLinks = { pending: 0, approved: 0, rejected: 0, total: 0 };
  const noFigures = { totals: makeFigures(makeMetrics()), daily: makeDaily("2026-11-22", Array(30).fill([0, 0])) };
  fakeApi.on(API.users, {
    users: [],
    next_cursor: null,
    counts: { pending_approval: 0, approved: 0, rejected: 0, suspended: 0, total: 0 },
  });
  fakeApi.on(API.linkApplications, { applications: [], next_cursor: null, counts: noLinks });
  fakeApi.on(API.pendingLinkApplications, { applications: [], next_cursor: null, counts: noLinks });
  fakeApi.on(API.businessCampaigns, { campaigns: [] });
  fakeApi.on(API.activeCampaigns, { campaigns: [] });
  fakeApi.on(API.campaignStats, { campaigns: [], ...noFigures });
  fakeApi.on(API.myLinks, { links: [] });
  fakeApi.on(API.linkStats, { links: [], ...noFigures });
  fakeApi.on(API.myTriggers, { triggers: [] });
  fakeApi.on(API.storefrontSettings, { handle: null, url: null, link_ids: [] });
  fakeApi.on(API.sessions, { sessions: [] });
  fakeApi.on(API.myOrders, { orders: [], next_cursor: null });
  fakeApi.on(API.orderStats, { stats: makeOrderStats([]) });
  fakeApi.on(API.payoutSummary, ({ headers }) => ({
    summary: callerType(headers) === "business" ? makeBusinessPayoutSummary() : makeInfluencerPayoutSummary(),
    history: [],
    next_cursor: null,
  }));
  fakeApi.on(API.telegramChats, { chats: [] });
  fakeApi.on(API.instagramAccount, { instagram: null });
  fakeApi.on(API.instagramActivity, { events: [] });
  fakeApi.on(API.facebookPage, { facebook: null });
});

/** The app's real routes at `path`, once lazy routes have loaded and the redirects have chained. */
async function visit(path: string, token?: string) {
  if (token !== undefined) localStorage.setItem("token", token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  // The route table loads and the layout shows.
  await waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(view.container.querySelector("main")).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  return {
    /** Where the user is now. */
    path: () => router.state.location.pathname,
    /**
     * Waits until the user ends up at `expected`: lazy routes loaded (the first import can be
     * slow), redirects chained (/x -> /dashboard -> own dashboard) and nothing more on the way.
     */
    landsOn: async (expected: string) => {
      await waitFor(
        () => {
          expect(router.state.navigation.state).toBe("idle");
          expect(router.state.location.pathname).toBe(expected);
          expect(view.container.querySelector("main")).not.toBeNull();
        },
        { timeout: 10_000 },
      );
      expect(router.state.navigation.state).toBe("idle");
    },
    /** Waits until the page says `text`. */
    says: (text: string) => waitFor(() => expect(view.container.textContent).toContain(text)),
    unmount: view.unmount,
  };
}

const roleRoutes = {
  admin: ["/admin/dashboard"],
  business: [
    "/business/dashboard",
    "/business/campaigns",
    "/business/create-campaign",
    "/business/campaigns/00000000-0000-4000-8000-000000000101/edit",
    "/business/profile",
  ],
  influencer: [
    "/influencer/dashboard",
    "/influencer/campaigns/available",
    "/influencer/profile",
    "/influencer/instagram/callback",
    "/influencer/facebook/callback",
  ],
} as const;
const ownDashboard = {
  admin: "/admin/dashboard",
  business: "/business/dashboard",
  influencer: "/influencer/dashboard",
};
const allRoleRoutes = Object.values(roleRoutes).flat();

describe("role routes", () => {
  it.each(allRoleRoutes)("%s without a token -> /login", async (path) => {
    const result = await visit(path);
    await result.landsOn("/login");
    expect(result.path()).toBe("/login");
  });

  it.each([
    ["garbage", "garbage"],
    ["a mock token", "mock-admin-token"],
    ["no user type", tokenFor(undefined)],
    ["an expired token", tokenFor("admin", nowSeconds - 10)],
  ])("%s is removed and the user sent to /login", async (_name, token) => {
    const result = await visit("/admin/dashboard", token);
    await result.landsOn("/login");
    expect(result.path()).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
  });

  for (const [role, own] of Object.entries(ownDashboard)) {
    for (const path of allRoleRoutes) {
      const allowed = (roleRoutes[role as keyof typeof roleRoutes] as readonly string[]).includes(path);
      it(`${role} on ${path} -> ${allowed ? "stays" : `/dashboard -> ${own}`}`, async () => {
        const token = tokenFor(role);
        const result = await visit(path, token);
        await result.landsOn(allowed ? path : own);
        expect(result.path()).toBe(allowed ? path : own);
        expect(localStorage.getItem("token")).toBe(token);
      });
    }
  }
});

describe("public routes", () => {
  it("/ shows the landing page without a token", async () => {
    const result = await visit("/");
    await result.landsOn("/");
    expect(result.path()).toBe("/");
    expect(await screen.findByText(/Our Commission/)).toBeTruthy();
  });

  it("/ sends a signed-in user to their dashboard at once", async () => {
    const result = await visit("/", tokenFor("business"));
    await result.landsOn("/business/dashboard");
    expect(result.path()).toBe("/business/dashboard");
  });

  it("/dashboard without a token offers sign-in", async () => {
    const result = await visit("/dashboard");
    await result.landsOn("/dashboard");
    expect(result.path()).toBe("/dashboard");
    // The page's own offer, besides the header's.
    expect(within(await screen.findByRole("main")).getByRole("link", { name: "Log In" })).toBeTruthy();
  });

  it("a business sees the pending banner and disabled campaign creation", async () => {
    const result = await visit("/business/dashboard", tokenFor("business"));
    await result.says(
      "Account Pending Approval: Your registration is pending admin review and approval. You will have limited access until approved.",
    );
    expect(screen.getByText("Campaign creation is disabled until your account is approved.")).toBeTruthy();
    const create = screen.getByRole<HTMLButtonElement>("button", { name: "Create Campaign" });
    expect(create.disabled).toBe(true);
  });

  it("the campaign pages tell a pending business that creation is disabled", async () => {
    for (const path of ["/business/create-campaign", "/business/campaigns"]) {
      const result = await visit(path, tokenFor("business"));
      expect(await screen.findByText("Campaign creation is disabled until your account is approved.")).toBeTruthy();
      const create = screen.getByRole<HTMLButtonElement>("button", { name: "Create Campaign" });
      expect(create.disabled).toBe(true);
      result.unmount();
    }
  });

  it("the campaign management list and the available campaigns say when they are empty", async () => {
    const campaigns = await visit("/business/campaigns", tokenFor("business"));
    expect(await screen.findByText("No campaigns found. Create a new one!")).toBeTruthy();
    campaigns.unmount();
    const available = await visit("/influencer/campaigns/available", tokenFor("influencer"));
    expect(await screen.findByText("No active campaigns available at the moment.")).toBeTruthy();
    available.unmount();
    await visit("/influencer/dashboard", tokenFor("influencer"));
    expect(await screen.findByText("You don't have any affiliate links yet. Apply for one below!")).toBeTruthy();
  });

  it("the profile page shows the bank details form", async () => {
    await visit("/influencer/profile", tokenFor("influencer"));
    expect(await screen.findByRole("form", { name: "Bank Account Information" })).toBeTruthy();
  });
});
