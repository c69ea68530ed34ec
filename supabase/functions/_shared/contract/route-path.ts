// Paths of the route table (routes.ts) as written there, "/campaigns/{id}": filling them for a
// call, and finding which one a request's path is. No zod and no Deno APIs: the SPA's api client
// (which the public checkout also loads) and the api function both use it.

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/** The parameter names of a path: "id" for "/campaigns/{id}", never for "/auth/me". */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The path with each `{name}` replaced by its value, URL-encoded: "/campaigns/5f0c…". */
export function fillPath<P extends string>(path: P, params: Readonly<Record<PathParams<P>, string>>): string {
  const values = params as Readonly<Record<string, string>>;
  return path.replace(PARAM, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path} needs the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The path in Hono's notation: "/campaigns/:id". */
export function honoPath(path: string): string {
  return path.replace(PARAM, ":$1");
}

const segmentsOf = (path: string) => path.split("/").slice(1);

/** Whether a request's path (as sent, without the function's /api prefix) is an instance of `path`. */
export function pathMatches(path: string, requestPath: string): boolean {
  const pattern = segmentsOf(path);
  const actual = segmentsOf(requestPath);
  return (
    pattern.length === actual.length &&
    pattern.every((segment, i) => (segment.startsWith("{") ? actual[i] !== "" : segment === actual[i]))
  );
}

/** How many segments of a path are written out rather than parameters. */
const literalSegments = (path: string) => segmentsOf(path).filter((segment) => !segment.startsWith("{")).length;

/**
 * The route a request is for: of the routes whose method and path match, the one with the most
 * segments written out, so GET /campaigns/stats is that route rather than GET /campaigns/{id}
 * (as in the app, where the written-out route is registered first). HEAD is served as GET.
 */
export function findRoute<R extends { method: HttpMethod; path: string }>(
  routes: readonly R[],
  method: string,
  requestPath: string,
): R | undefined {
  const wanted = method === "HEAD" ? "GET" : method;
  let best: R | undefined;
  for (const route of routes) {
    if (route.method !== wanted || !pathMatches(route.path, requestPath)) continue;
    if (!best || literalSegments(route.path) > literalSegments(best.path)) best = route;
  }
  return best;
}
