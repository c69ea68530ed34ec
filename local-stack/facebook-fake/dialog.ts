// The Facebook Login dialog (www.facebook.com/v21.0/dialog/oauth): GET shows the consent page,
// its form POSTs back to the same URL with the person's name, their Pages and the button pressed.
// Allow redirects to redirect_uri?code=...&state=...#_=_, Cancel to
// redirect_uri?error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=...#_=_
// (the parameters and the "#_=_" Facebook appends, as logged cancel URLs show them).
import type { IncomingMessage, ServerResponse } from "node:http";
import { readForm, redirect, sendHtml } from "../meta-fake/http.ts";
import { consentPage, DEFAULT_NAME, defaultPagesFor, dialogErrorPage } from "./dialog-page.ts";
import { REQUIRED_SCOPES, type FacebookState } from "./state.ts";

export interface DialogContext {
  state: FacebookState;
  appId: string;
  log: (line: string) => void;
}

/** Permissions the dialog knows; anything else is refused as Facebook refuses an unknown scope. */
const KNOWN_SCOPES = new Set([
  ...REQUIRED_SCOPES,
  "public_profile",
  "email",
  "pages_manage_posts",
  "pages_manage_engagement",
  "pages_manage_ads",
  "read_insights",
  "business_management",
  "instagram_basic",
  "instagram_manage_comments",
  "instagram_manage_messages",
]);
const MAX_NAME = 50;
/** Facebook Page names are at most 75 characters. */
const MAX_PAGE_NAME = 75;
const MAX_PAGES = 100;

interface DialogRequest {
  redirectUri: string;
  scopes: string[];
  state: string | null;
}

type Refusal = { title: string; message: string };

/** Checks the dialog's query as Facebook does; answers what is wrong, or the parsed request. */
function parseDialogQuery(ctx: DialogContext, query: URLSearchParams): DialogRequest | Refusal {
  const clientId = query.get("client_id");
  if (clientId !== ctx.appId)
    return {
      title: "Invalid App ID",
      message: `The provided app ID does not look like a valid app ID${clientId ? ` (${clientId}; the fake plays app ${ctx.appId})` : " (client_id is missing)"}.`,
    };
  const redirectUri = query.get("redirect_uri");
  if (!redirectUri) return { title: "URL Blocked", message: "redirect_uri is missing." };
  let parsed: URL | undefined;
  try {
    parsed = new URL(redirectUri);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:"))
    return {
      title: "URL Blocked",
      message: `This redirect failed: redirect_uri must be an absolute http or https URL (got ${JSON.stringify(redirectUri)}).`,
    };
  const responseType = query.get("response_type") ?? "code";
  if (responseType !== "code")
    return {
      title: "Invalid request",
      message: `response_type must be "code" (got ${JSON.stringify(responseType)}): the fake serves the server-side code flow only.`,
    };
  // Comma-separated, or space-separated (url-encoded), as the Login dialog takes them.
  const scopes = [...new Set((query.get("scope") ?? "").split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((s) => !KNOWN_SCOPES.has(s));
  if (unknown.length > 0)
    return { title: "Invalid Scopes", message: `${unknown.join(", ")}. This message is only shown to developers.` };
  const missing = REQUIRED_SCOPES.filter((s) => !scopes.includes(s));
  // The fake's choice (Facebook would ask for less): an app asking for less could never answer.
  if (missing.length > 0) return { title: "Missing permissions", message: `scope lacks ${missing.join(", ")}.` };
  return { redirectUri, scopes, state: query.get("state") };
}

/** The Page names of the form: comma-separated, trimmed, each once; none means "<name> Shop". */
function pageNames(name: string, field: string | null): string[] | string {
  const names: string[] = [];
  for (const raw of (field ?? "").split(",")) {
    const pageName = raw.trim().replace(/\s+/g, " ");
    if (pageName && !names.some((n) => n.toLowerCase() === pageName.toLowerCase())) names.push(pageName);
  }
  if (names.length === 0) names.push(defaultPagesFor(name));
  if (names.length > MAX_PAGES) return `At most ${MAX_PAGES} Pages at once.`;
  const tooLong = names.find((n) => n.length > MAX_PAGE_NAME);
  if (tooLong) return `A Page name has at most ${MAX_PAGE_NAME} characters: ${JSON.stringify(tooLong)}.`;
  return names;
}

/** GET (the consent page) and POST (a button pressed) of the Login dialog. */
export async function handleDialog(
  ctx: DialogContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
) {
  const request = parseDialogQuery(ctx, query);
  if ("title" in request) return sendHtml(res, 400, dialogErrorPage(request.title, request.message));
  const show = (status: number, name: string, pages: string, error?: string) =>
    sendHtml(res, status, consentPage({ query: query.toString(), scopes: request.scopes, name, pages, error }));
  if (req.method === "GET" || req.method === "HEAD") return show(200, DEFAULT_NAME, defaultPagesFor(DEFAULT_NAME));
  if (req.method !== "POST")
    return sendHtml(res, 405, dialogErrorPage("Invalid request", `${req.method} is not supported here`));

  const form = await readForm(req);
  const target = new URL(request.redirectUri);
  const withState = () => {
    if (request.state !== null) target.searchParams.set("state", request.state);
    target.hash = "_=_"; // Facebook appends "#_=_" to the redirect
    return target.toString();
  };
  if (form.get("action") !== "allow") {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_code", "200");
    target.searchParams.set("error_description", "Permissions error");
    target.searchParams.set("error_reason", "user_denied");
    ctx.log("dialog: cancelled by the person");
    return redirect(res, withState());
  }
  const name = (form.get("name") ?? "").trim().replace(/\s+/g, " ");
  const pagesField = form.get("pages") ?? "";
  if (name === "" || name.length > MAX_NAME)
    return show(400, name, pagesField, `Your name has 1 to ${MAX_NAME} characters.`);
  const names = pageNames(name, pagesField);
  if (typeof names === "string") return show(400, name, pagesField, names);

  const { person, pages } = ctx.state.personWithPages(name, names);
  const code = ctx.state.issueCode({
    userId: person.id,
    pageIds: pages.map((p) => p.id),
    redirectUri: request.redirectUri,
    scopes: request.scopes,
  });
  target.searchParams.set("code", code.code);
  ctx.log(`dialog: ${person.name} (${person.id}) allowed the app for ${pages.map((p) => p.name).join(", ")}`);
  redirect(res, withState());
}
