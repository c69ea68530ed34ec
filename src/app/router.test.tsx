// The real route table under the guards: every role route, each kind of token, where the user
// ends up and whether the token is still stored. Data calls are answered by a fake fetch and
// realtime is switched off.
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserType } from "@contract/auth.ts";
import { makeUser } from "@/testing/fixtures/users.ts";
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

let root: Root | null = null;
let container: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
});

beforeEach(() => {
  localStorage.clear();
  container = document.createElement("div");
  document.body.append(container);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const type = JSON.parse(
        atob((localStorage.getItem("token") ?? "x.e30.y").split(".")[1].replace(/-/g, "+").replace(/_/g, "/")),
      ).user_type;
      const lists: Record<string, unknown> = {
        "/admin/users": { users: [], next_cursor: null },
        "/admin/affiliate-links/all": { applications: [], next_cursor: null },
        "/campaigns/business": { campaigns: [] },
        "/campaigns/active": { campaigns: [] },
        "/affiliate-links/my-links": { links: [] },
        "/keyword-triggers/my-triggers": { triggers: [] },
      };
      const path = new URL(url).pathname.replace(/^.*\/functions\/v1\/api/, "");
      // A token without a user type gets no account: the guards drop such a token anyway.
      const body = path === "/auth/me" && type ? { user: user(type) } : (lists[path] ?? {});
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

async function visit(path: string, token?: string) {
  if (token !== undefined) localStorage.setItem("token", token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(async () => {
    root = createRoot(container);
    root.render(
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  });
  // let lazy routes load (the first import can be slow), redirects chain (/x -> /dashboard ->
  // own dashboard) and data arrive, every update inside act()
  const tick = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + 10_000;
  while (
    Date.now() < deadline &&
    !(router.state.initialized && router.state.navigation.state === "idle" && container.querySelector("main"))
  ) {
    await tick(10);
  }
  for (let i = 0; i < 8; i++) await tick(0);
  expect(router.state.navigation.state).toBe("idle");
  return { path: router.state.location.pathname, text: container.textContent ?? "" };
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
    expect((await visit(path)).path).toBe("/login");
  });

  it.each([
    ["garbage", "garbage"],
    ["a mock token", "mock-admin-token"],
    ["no user type", tokenFor(undefined)],
    ["an expired token", tokenFor("admin", nowSeconds - 10)],
  ])("%s is removed and the user sent to /login", async (_name, token) => {
    const result = await visit("/admin/dashboard", token);
    expect(result.path).toBe("/login");
    expect(localStorage.getItem("token")).toBeNull();
  });

  for (const [role, own] of Object.entries(ownDashboard)) {
    for (const path of allRoleRoutes) {
      const allowed = (roleRoutes[role as keyof typeof roleRoutes] as readonly string[]).includes(path);
      it(`${role} on ${path} -> ${allowed ? "stays" : `/dashboard -> ${own}`}`, async () => {
        const token = tokenFor(role);
        const result = await visit(path, token);
        expect(result.path).toBe(allowed ? path : own);
        expect(localStorage.getItem("token")).toBe(token);
      });
    }
  }
});

describe("public routes", () => {
  it("/ shows the landing page without a token", async () => {
    const result = await visit("/");
    expect(result.path).toBe("/");
    expect(result.text).toContain("Our Commission");
  });

  it("/ sends a signed-in user to their dashboard at once", async () => {
    expect((await visit("/", tokenFor("business"))).path).toBe("/business/dashboard");
  });

  it("/dashboard without a token offers sign-in", async () => {
    const result = await visit("/dashboard");
    expect(result.path).toBe("/dashboard");
    expect(result.text).toContain("Log In");
  });

  it("a business sees the pending banner and disabled campaign creation", async () => {
    const result = await visit("/business/dashboard", tokenFor("business"));
    expect(result.text).toContain(
      "Account Pending Approval: Your registration is pending admin review and approval. You will have limited access until approved.",
    );
    expect(result.text).toContain("Campaign creation is disabled until your account is approved.");
    const create = [...container.querySelectorAll("button")].find((button) => button.textContent === "Create Campaign");
    expect(create?.disabled).toBe(true);
  });

  it("the campaign pages tell a pending business that creation is disabled", async () => {
    for (const path of ["/business/create-campaign", "/business/campaigns"]) {
      const result = await visit(path, tokenFor("business"));
      expect(result.text).toContain("Campaign creation is disabled until your account is approved.");
      const create = [...container.querySelectorAll("button")].find(
        (button) => button.textContent === "Create Campaign",
      );
      expect(create?.disabled).toBe(true);
      act(() => root?.unmount());
      root = null;
    }
  });

  it("the campaign management list and the available campaigns say when they are empty", async () => {
    expect((await visit("/business/campaigns", tokenFor("business"))).text).toContain(
      "No campaigns found. Create a new one!",
    );
    act(() => root?.unmount());
    root = null;
    expect((await visit("/influencer/campaigns/available", tokenFor("influencer"))).text).toContain(
      "No active campaigns available at the moment.",
    );
    act(() => root?.unmount());
    root = null;
    expect((await visit("/influencer/dashboard", tokenFor("influencer"))).text).toContain(
      "You don't have any affiliate links yet. Apply for one below!",
    );
  });

  it("the profile page shows the bank details form", async () => {
    expect((await visit("/influencer/profile", tokenFor("influencer"))).text).toContain("Bank Account Information");
  });
});
