// The app and the route table (_shared/contract/routes.ts) hold each other: every route the app
// serves is in the table and every entry is served, and the role check the table drives refuses
// a caller without a token on every entry that needs one. In process, without a database (no
// call here reaches one).
import assert from "node:assert/strict";
import type { AppDeps } from "../_shared/context.ts";
import { API, API_ROUTES, routeName } from "../_shared/contract/routes.ts";
import { fillPath, findRoute, honoPath } from "../_shared/contract/route-path.ts";
import { createApp } from "./app.ts";
import { roleOfUnlistedPath } from "./lib/route-roles.ts";

const deps = {
  sql: {} as AppDeps["sql"],
  signingKey: {} as AppDeps["signingKey"],
  supabaseUrl: "http://127.0.0.1:1",
  secretKeys: { current: "sb_secret_unit", all: ["sb_secret_unit"] },
  appUrl: "http://app.local",
  instagram: null,
} satisfies AppDeps;
const app = createApp(deps);

/** "GET /campaigns/:id" for each route the app serves (middleware, registered for ALL methods, left out). */
function servedRoutes(): Set<string> {
  return new Set(
    app.routes
      .filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${route.path.replace(/^\/api(?=\/)/, "")}`),
  );
}

/** The differences between the app's routes and the table's, in words; empty when they agree. */
function routeTableDifferences(served: Set<string>, table: Set<string>): string[] {
  const unlisted = [...served].filter((name) => !table.has(name)).sort();
  const unserved = [...table].filter((name) => !served.has(name)).sort();
  return [
    ...unlisted.map((name) => `${name} is served but not in the route table (_shared/contract/routes.ts)`),
    ...unserved.map((name) => `${name} is in the route table but the app does not serve it`),
  ];
}

Deno.test("every route the app serves is in the route table, and every entry is served", () => {
  const table = new Set(API_ROUTES.map((route) => `${route.method} ${honoPath(route.path)}`));
  assert.deepStrictEqual(table.size, API_ROUTES.length, "the table lists a method and path twice");
  const differences = routeTableDifferences(servedRoutes(), table);
  assert.ok(differences.length === 0, `The app and its route table disagree:\n  ${differences.join("\n  ")}`);
});

Deno.test("a route missing from the table, or listed and not served, is named", () => {
  const table = new Set(["GET /a", "PUT /b/:id"]);
  assert.deepStrictEqual(routeTableDifferences(new Set(["GET /a", "PUT /b/:id", "POST /c"]), table), [
    "POST /c is served but not in the route table (_shared/contract/routes.ts)",
  ]);
  assert.deepStrictEqual(routeTableDifferences(new Set(["GET /a"]), table), [
    "PUT /b/:id is in the route table but the app does not serve it",
  ]);
});

function call(method: string, path: string) {
  return app.fetch(new Request(`http://function.local/api${path}`, { method }));
}

Deno.test("every route that needs an account refuses a caller without a token (401)", async () => {
  for (const route of API_ROUTES) {
    if (route.role.kind === "anyone") continue;
    const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, "x"]));
    const res = await call(route.method, fillPath(route.path, params as never));
    assert.deepStrictEqual(
      [routeName(route), res.status, await res.json()],
      [routeName(route), 401, { error: "unauthorized", message: "Please sign in to continue" }],
    );
  }
});

Deno.test("an unknown path is refused as the routes around it refuse, then not found", async () => {
  for (const path of ["/admin/nope", "/payouts/admin/nope", "/campaigns/x/y", "/payouts/nope"]) {
    assert.deepStrictEqual([path, (await call("GET", path)).status], [path, 401]);
  }
  // Another method of a path the table has: as that path's routes.
  assert.deepStrictEqual((await call("DELETE", "/admin/users")).status, 401);
  assert.deepStrictEqual((await call("POST", "/auth/me")).status, 401);
  for (const path of ["/nope", "/auth/nope", "/r/abc/def", "/delivery-zones/x/y/z/w"]) {
    const res = await call("GET", path);
    assert.deepStrictEqual(
      [path, res.status, await res.json()],
      [path, 404, { error: "not_found", message: "No such API path" }],
    );
  }
});

Deno.test("the roles of unlisted paths come from the table", () => {
  assert.deepStrictEqual(roleOfUnlistedPath(API_ROUTES, "/admin/nope"), API.users.role);
  assert.deepStrictEqual(roleOfUnlistedPath(API_ROUTES, "/payouts/admin/nope"), API.pendingPayouts.role);
  assert.deepStrictEqual(roleOfUnlistedPath(API_ROUTES, "/admin/affiliate-links/x/nope"), API.approveLink.role);
  assert.deepStrictEqual(roleOfUnlistedPath(API_ROUTES, "/instagram/nope"), { kind: "signed-in" });
  assert.deepStrictEqual(roleOfUnlistedPath(API_ROUTES, "/auth/nope"), { kind: "anyone" });
  assert.deepStrictEqual(roleOfUnlistedPath(API_ROUTES, "/nope"), { kind: "anyone" });
});

Deno.test("a path written out wins over a parameter, as in the app", () => {
  assert.deepStrictEqual(findRoute(API_ROUTES, "GET", "/campaigns/stats"), API.campaignStats);
  assert.deepStrictEqual(findRoute(API_ROUTES, "GET", "/campaigns/5f0c"), API.campaign);
  assert.deepStrictEqual(findRoute(API_ROUTES, "HEAD", "/r/Ab3dE5f"), API.shortLink);
  assert.deepStrictEqual(findRoute(API_ROUTES, "PUT", "/keyword-triggers/my-triggers"), API.updateTrigger);
  assert.deepStrictEqual(findRoute(API_ROUTES, "POST", "/campaigns/stats"), undefined);
});
