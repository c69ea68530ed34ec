// Business Login for Instagram: the authorize page (www.instagram.com/oauth/authorize) and the
// code exchange (POST api.instagram.com/oauth/access_token).
import type { IncomingMessage, ServerResponse } from "node:http";
import { consentPage, errorPage } from "./authorize-page.ts";
import { OAuthHostError } from "./errors.ts";
import { readForm, redirect, sendHtml, sendJson, sendRawJson } from "./http.ts";
import { REQUIRED_SCOPES, USERNAME, type FakeState } from "./state.ts";

export interface OAuthContext {
  state: FakeState;
  appId: string;
  appSecret: string;
  log: (line: string) => void;
}

const DEFAULT_USERNAME = "demo.creator";

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
}

/** Checks the authorize query as Instagram does; answers what is wrong, or the parsed request. */
function parseAuthorizeQuery(ctx: OAuthContext, query: URLSearchParams): AuthorizeRequest | string {
  const clientId = query.get("client_id");
  if (!clientId) return "client_id is missing";
  if (clientId !== ctx.appId) return `Invalid platform app (client_id ${clientId} is not this app's id)`;
  const responseType = query.get("response_type");
  if (responseType !== "code") return `response_type must be "code" (got ${JSON.stringify(responseType)})`;
  const redirectUri = query.get("redirect_uri");
  if (!redirectUri) return "redirect_uri is missing";
  let parsed: URL;
  try {
    parsed = new URL(redirectUri);
  } catch {
    return `redirect_uri is not an absolute URL: ${redirectUri}`;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return "redirect_uri must be an http(s) URL";
  // Comma-separated, or space-separated (url-encoded), as Meta's reference allows.
  const scopes = (query.get("scope") ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const missing = REQUIRED_SCOPES.filter((s) => !scopes.includes(s));
  // The fake serves keyword automation only: an app asking for less could never reply.
  if (missing.length > 0) return `scope lacks ${missing.join(", ")}`;
  return { clientId, redirectUri, scopes, state: query.get("state") };
}

/** GET and POST of the authorize page. */
export async function handleAuthorize(
  ctx: OAuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
) {
  const request = parseAuthorizeQuery(ctx, query);
  if (typeof request === "string") return sendHtml(res, 400, errorPage(request));
  if (req.method === "GET" || req.method === "HEAD") {
    return sendHtml(
      res,
      200,
      consentPage({ query: query.toString(), scopes: request.scopes, username: DEFAULT_USERNAME }),
    );
  }
  if (req.method !== "POST") return sendHtml(res, 405, errorPage(`${req.method} is not supported here`));

  const form = await readForm(req);
  const target = new URL(request.redirectUri);
  if (form.get("action") !== "allow") {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_reason", "user_denied");
    target.searchParams.set("error_description", "The user denied your request.");
    if (request.state !== null) target.searchParams.set("state", request.state);
    ctx.log("authorize: cancelled by the user");
    return redirect(res, target.toString());
  }
  const username = (form.get("username") ?? "").trim().replace(/^@/, "");
  if (!USERNAME.test(username)) {
    const error = "A username has 1 to 30 letters, digits, periods or underscores.";
    return sendHtml(res, 400, consentPage({ query: query.toString(), scopes: request.scopes, username, error }));
  }
  const account = ctx.state.accountFor(username);
  const code = ctx.state.issueCode({
    userId: account.userId,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    permissions: request.scopes,
  });
  target.searchParams.set("code", code.code);
  if (request.state !== null) target.searchParams.set("state", request.state);
  target.hash = "_"; // Instagram appends "#_" to the callback URL
  ctx.log(`authorize: ${account.username} (${account.userId}) allowed the app`);
  redirect(res, target.toString());
}

/** POST {oauth}/oauth/access_token: code -> short-lived token. */
export async function handleCodeExchange(ctx: OAuthContext, req: IncomingMessage, res: ServerResponse) {
  try {
    if (req.method !== "POST") throw new OAuthHostError("This endpoint accepts POST only");
    const form = await readForm(req);
    const field = (name: string) => {
      const value = form.get(name);
      if (!value) throw new OAuthHostError(`You must provide a ${name}`);
      return value;
    };
    const clientId = field("client_id");
    const clientSecret = field("client_secret");
    const grantType = field("grant_type");
    const redirectUri = field("redirect_uri");
    // Meta does not strip a trailing "#_" copied from the callback URL: such a code is unknown.
    const codeValue = field("code");
    if (clientId !== ctx.appId) throw new OAuthHostError("Invalid platform app");
    if (clientSecret !== ctx.appSecret) throw new OAuthHostError("Error validating client secret.");
    if (grantType !== "authorization_code")
      throw new OAuthHostError(`Unsupported grant_type "${grantType}": use authorization_code`);
    const code = ctx.state.codes.get(codeValue);
    if (!code || code.clientId !== clientId)
      throw new OAuthHostError("Matching code was not found or was already used.");
    if (code.used) throw new OAuthHostError("This authorization code has been used");
    if (Date.now() > code.expiresAt) throw new OAuthHostError("This authorization code has expired");
    if (code.redirectUri !== redirectUri)
      throw new OAuthHostError(
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      );
    code.used = true;
    const account = ctx.state.accounts.get(code.userId);
    if (!account) throw new OAuthHostError("Matching code was not found or was already used.");
    const token = ctx.state.issueToken(code.userId, "short", code.permissions);
    ctx.log(`oauth: code exchanged for a short-lived token of ${account.username}`);
    // Two traps of the real API, kept on purpose:
    // - user_id here is the app-scoped id (GET /me's `id`), not the professional account id that
    //   webhooks carry as entry[].id (GET /me's `user_id`);
    // - it is a JSON number of 17 digits, more than a JavaScript number holds exactly (JSON.parse
    //   rounds it). Written by hand so the digits on the wire are exact.
    // So callers take the account id from GET /me?fields=user_id,username.
    sendRawJson(
      res,
      200,
      `{"access_token":${JSON.stringify(token.value)},"user_id":${account.appScopedId},"permissions":${JSON.stringify(code.permissions)}}`,
    );
  } catch (error) {
    if (!(error instanceof OAuthHostError)) throw error;
    sendJson(res, 400, error.body());
  }
}
