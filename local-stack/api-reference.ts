// docs/api-reference.md, written from the route table (supabase/functions/_shared/contract/routes.ts):
// every path's method, who may call it, what it does, and its request and response as JSON Schema
// (zod's z.toJSONSchema of the contract's schemas). docs/api.md keeps the prose: what the paths
// mean, their errors and examples.
//   npm run docs:api   write it
//   npm test           fails when the checked-in file is not what the table gives
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { attributedFiguresSchema, dailyFiguresSchema } from "../supabase/functions/_shared/contract/attribution.ts";
import { auditEntrySchema } from "../supabase/functions/_shared/contract/audit.ts";
import { userSchema } from "../supabase/functions/_shared/contract/auth.ts";
import { availableCampaignSchema, campaignSchema } from "../supabase/functions/_shared/contract/campaigns.ts";
import { instagramAccountSchema, instagramEventSchema } from "../supabase/functions/_shared/contract/instagram.ts";
import {
  adminLinkApplicationSchema,
  affiliateLinkSchema,
  keywordTriggerSchema,
} from "../supabase/functions/_shared/contract/links.ts";
import { orderSchema, orderStatsSchema, placedOrderSchema } from "../supabase/functions/_shared/contract/orders.ts";
import {
  payoutItemSchema,
  payoutStatsSchema,
  payoutSummarySchema,
  pendingPayoutSchema,
} from "../supabase/functions/_shared/contract/payouts.ts";
import { API_ROUTES, describeRole, routeName, type ApiRoute } from "../supabase/functions/_shared/contract/routes.ts";
import { settingsSchema } from "../supabase/functions/_shared/contract/settings.ts";
import { telegramChatSchema } from "../supabase/functions/_shared/contract/telegram.ts";
import { uploadedImageSchema } from "../supabase/functions/_shared/contract/uploads.ts";

const root = join(import.meta.dirname, "..");
export const API_REFERENCE_FILE = join(root, "docs", "api-reference.md");
const RELATIVE_FILE = "docs/api-reference.md";

/**
 * The objects several answers hold, shown once under their name (docs/api.md's names) and
 * referred to as {"$ref": "#user"}.
 */
const OBJECTS: Record<string, z.ZodType> = {
  User: userSchema,
  Campaign: campaignSchema,
  AvailableCampaign: availableCampaignSchema,
  AffiliateLink: affiliateLinkSchema,
  LinkApplication: adminLinkApplicationSchema,
  KeywordTrigger: keywordTriggerSchema,
  Order: orderSchema,
  PlacedOrder: placedOrderSchema,
  OrderStats: orderStatsSchema,
  AttributedFigures: attributedFiguresSchema,
  DailyFigures: dailyFiguresSchema,
  PayoutRequest: payoutItemSchema,
  PayoutSummary: payoutSummarySchema,
  PendingPayout: pendingPayoutSchema,
  PayoutStats: payoutStatsSchema,
  Settings: settingsSchema,
  AuditEntry: auditEntrySchema,
  InstagramAccount: instagramAccountSchema,
  InstagramEvent: instagramEventSchema,
  TelegramChat: telegramChatSchema,
  UploadedImage: uploadedImageSchema,
};

type JsonSchema = Record<string, unknown>;

/** What zod writes that says nothing here: a pattern beside its format, the bounds of a safe integer. */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }) {
  if (jsonSchema.format && jsonSchema.pattern) delete jsonSchema.pattern;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

const options = {
  // A value a transform computes or checks (a price as text or a number, a campaign's images) has
  // no JSON Schema: it is shown as {} (any value), and its rules are docs/api.md's to tell.
  unrepresentable: "any",
  override: tidy,
} as const;

const anchorOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function withoutHeader(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** A request's body or query as the server accepts it (zod's input side). */
function requestSchema(schema: z.ZodType): JsonSchema {
  return withoutHeader(z.toJSONSchema(schema, { ...options, io: "input" }) as JsonSchema);
}

/** The answers and the shared objects as the server sends them (zod's output side), with references between them. */
function responseSchemas(routes: readonly ApiRoute[]) {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(OBJECTS)) registry.add(schema, { id: anchorOf(name) });
  routes.forEach((route, index) => {
    // A copy per route: two routes may answer with the same schema, and a registry holds it once.
    if (route.response.kind === "json") registry.add(route.response.schema.clone(), { id: `route-${index}` });
  });
  const { schemas } = z.toJSONSchema(registry, { ...options, io: "output", uri: (id) => `#${id}` });
  return {
    route: (index: number) => withoutHeader(schemas[`route-${index}`] as JsonSchema),
    object: (name: string) => withoutHeader(schemas[anchorOf(name)] as JsonSchema),
  };
}

/** JSON on one line when it fits in 100 characters, else one member per line. */
function formatJson(value: unknown, indent = ""): string {
  const inline = oneLine(value);
  if (value === null || typeof value !== "object" || indent.length + inline.length <= 100) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((item) => inner + formatJson(item, inner)).join(",\n")}\n${indent}]`;
  const members = Object.entries(value).map(
    ([key, item]) => `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`,
  );
  return `{\n${members.join(",\n")}\n${indent}}`;
}

function oneLine(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(oneLine).join(", ")}]`;
  const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${oneLine(item)}`);
  return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
}

const jsonBlock = (schema: JsonSchema) => ["```json", formatJson(schema), "```"].join("\n");

function answerKind(route: ApiRoute): string {
  switch (route.response.kind) {
    case "json":
      return `${route.response.status}, JSON`;
    case "csv":
      return "200, CSV";
    case "share-link":
      return "302 or 200, HTML";
  }
}

function who(route: ApiRoute): string {
  const role = route.role;
  const words = describeRole(role);
  return role.kind === "account" ? `${words}; other accounts are refused "…can ${role.to}"` : words;
}

function routeSection(route: ApiRoute, response: JsonSchema | null): string {
  const lines = [
    `<a id="${anchorOf(routeName(route))}"></a>`,
    `### \`${routeName(route)}\``,
    "",
    route.summary,
    "",
    `**Who:** ${who(route)}.`,
    "",
  ];
  const { body, query, files } = route.request;
  if (query) lines.push("**Query** (each value text):", "", jsonBlock(requestSchema(query)), "");
  if (body) lines.push("**Request body** (JSON):", "", jsonBlock(requestSchema(body)), "");
  if (files) {
    const count = files.max === 1 ? "one image file" : `1 to ${files.max} image files`;
    lines.push(`**Request body:** \`multipart/form-data\`, ${count} in the field \`${files.field}\`.`, "");
  }
  const answer = route.response;
  if (answer.kind === "json" && response) {
    lines.push(`**Response \`${answer.status}\`** (JSON):`, "", jsonBlock(response), "");
  } else if (answer.kind === "csv") {
    lines.push(
      "**Response `200`:** `text/csv; charset=utf-8`, an attachment: a byte order mark, then a header row of these columns and one line per row:",
      "",
      answer.columns.map((column) => `\`${column}\``).join(", "),
      "",
      ...Object.entries(answer.columnsFor ?? {}).flatMap(([caller, columns]) => [
        `An ${caller} gets these columns instead: ${columns.map((column) => `\`${column}\``).join(", ")}.`,
        "",
      ]),
    );
  } else if (answer.kind === "share-link") {
    const person =
      answer.target === "checkout"
        ? "`302` to the checkout (`Location: <app URL>/checkout?influencer_id=…&product_id=…&ref=<click id>`)"
        : "`302` to the store page (`Location: <app URL>/store/<handle>`)";
    lines.push(
      `**Response:** a person gets ${person}; a crawler gets \`200\` \`text/html\`, a page of Open Graph tags; an unknown one \`404\` \`text/html\`.`,
      "",
    );
  }
  return lines.join("\n");
}

/** The whole reference, as the route table gives it. */
export function apiReference(routes: readonly ApiRoute[] = API_ROUTES): string {
  const responses = responseSchemas(routes);
  const index = routes.map(
    (route) =>
      `| [\`${routeName(route)}\`](#${anchorOf(routeName(route))}) | ${describeRole(route.role)} | ${answerKind(route)} | ${route.summary.replace(/\|/g, "\\|")} |`,
  );
  return [
    "# API reference",
    "",
    "<!-- Generated by `npm run docs:api` from supabase/functions/_shared/contract/routes.ts: do not edit. -->",
    "",
    `Written by \`npm run docs:api\` from the route table, \`supabase/functions/_shared/contract/routes.ts\`, and checked by \`npm test\`, which fails when this file is not what the table gives: edit the table (or the contract's schemas) and run the command. What the paths mean, their errors, the conventions they share and examples are in [api.md](api.md).`,
    "",
    "Paths are relative to `<project URL>/functions/v1/api`. The schemas are JSON Schema (2020-12), written by zod's `z.toJSONSchema` from the contract's zod schemas: a request as the server accepts it, an answer as the server sends it (`tests/api/contract.test.ts` parses a real answer of every path with the same schemas). `{\"$ref\": \"#user\"}` stands for an [object](#objects) below. What JSON Schema cannot say is left out: checks in code (a KHQR's checksum, a phone number's form, a date range) and values a transform reads (a price written as text or as a number), shown as `{}`, any value.",
    "",
    `${routes.length} paths.`,
    "",
    "| path | who may call | answer | what it does |",
    "|---|---|---|---|",
    ...index,
    "",
    "## Paths",
    "",
    ...routes.map((route, i) => routeSection(route, route.response.kind === "json" ? responses.route(i) : null)),
    "## Objects",
    "",
    ...Object.keys(OBJECTS).flatMap((name) => [
      `<a id="${anchorOf(name)}"></a>`,
      `### ${name}`,
      "",
      jsonBlock(responses.object(name)),
      "",
    ]),
  ].join("\n");
}

/** Null when the checked-in reference is what the table gives, else what to do about it. */
export function apiReferenceDifference(): string | null {
  const expected = apiReference();
  let checkedIn: string;
  try {
    checkedIn = readFileSync(API_REFERENCE_FILE, "utf8");
  } catch {
    return `${RELATIVE_FILE} is missing. Run npm run docs:api and commit it.`;
  }
  if (checkedIn === expected) return null;
  const expectedLines = expected.split("\n");
  const line = checkedIn.split("\n").findIndex((text, i) => text !== expectedLines[i]) + 1;
  return `${RELATIVE_FILE} is not what the route table gives (first difference at line ${line || expectedLines.length}). Run npm run docs:api and commit it.`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(API_REFERENCE_FILE, apiReference());
  console.log(`Wrote ${RELATIVE_FILE} (${API_ROUTES.length} paths)`);
}
