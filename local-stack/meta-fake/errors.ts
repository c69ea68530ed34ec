// Errors in the shapes Meta's two hosts use, so product code written against the fake parses
// exactly what production sends.
//
// graph.instagram.com: HTTP 400 (403 for permission-type code 10) with
//   {"error":{"message","type","code","error_subcode"?,"fbtrace_id"}}
// api.instagram.com (the code exchange): HTTP 400 with
//   {"error_type":"OAuthException","code":400,"error_message"}
//
// What the codes rest on (checked with the search tool; Meta documents few of them):
// - 190 with subcode 463 for an expired token, plain 190 for one that cannot be parsed: Graph API
//   "Handling Errors" guide (developers.facebook.com/docs/graph-api/guides/error-handling).
// - code 10, subcode 2534022, "This message is sent outside of allowed window.", type
//   IGApiException, HTTP 403: a logged answer of graph.instagram.com/v21.0/me/messages quoted in
//   ComposioHQ/composio issue 3604.
// - 10900 "Activity already replied to": what Meta answers a second private reply to one comment,
//   as handled by several public comment-to-DM projects (no Meta page lists it).
// - 613 "Calls to this api have exceeded the rate limit.": the Graph rate-limiting table (4 app,
//   17 account, 32 page, 613 custom); the 750 private replies per hour per account is a custom
//   limit (Messenger Platform rate limits page), so 613 is our best reading. Assumption.
// - 100 with subcode 33 for an object that does not exist or is not ours: Graph's standard answer.
// - The oauth host's {error_type, code, error_message} and its messages ("This authorization code
//   has been used", "Matching code was not found or was already used.") are quoted in public
//   issues (e.g. jetrockets/omniauth-instagram-graph 1, titarenko/OAuth2 129).
// - Refreshing a token younger than 24 h is refused (Meta's refresh_access_token reference), but
//   the exact error is undocumented: code 100 here is an assumption.
import { randomBytes } from "node:crypto";

export class GraphError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly type: string,
    readonly subcode?: number,
    readonly httpStatus = 400,
  ) {
    super(message);
    this.name = "GraphError";
  }

  body() {
    return {
      error: {
        message: this.message,
        type: this.type,
        code: this.code,
        ...(this.subcode === undefined ? {} : { error_subcode: this.subcode }),
        fbtrace_id: randomBytes(8).toString("base64url"),
      },
    };
  }
}

export const graphErrors = {
  noToken: () =>
    new GraphError(
      "An active access token must be used to query information about the current user.",
      2500,
      "OAuthException",
    ),
  badToken: () => new GraphError("Invalid OAuth access token - Cannot parse access token", 190, "OAuthException"),
  expiredToken: (expiredAt: number) =>
    new GraphError(
      `Error validating access token: Session has expired on ${new Date(expiredAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      190,
      "OAuthException",
      463,
    ),
  badParam: (message: string, subcode?: number) => new GraphError(`(#100) ${message}`, 100, "IGApiException", subcode),
  badSecret: () => new GraphError("Error validating client secret.", 100, "OAuthException"),
  noSuchObject: (id: string, method: string) =>
    new GraphError(
      `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
      "IGApiException",
      33,
    ),
  outsideWindow: () =>
    new GraphError("This message is sent outside of allowed window.", 10, "IGApiException", 2534022, 403),
  alreadyReplied: () => new GraphError("(#10900) Activity already replied to", 10900, "IGApiException"),
  rateLimited: () => new GraphError("(#613) Calls to this api have exceeded the rate limit.", 613, "IGApiException"),
  tooYoungToRefresh: () =>
    new GraphError("(#100) The access token must be at least 24 hours old to be refreshed.", 100, "IGApiException"),
};

/** An error of api.instagram.com (the authorization-code exchange). */
export class OAuthHostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OAuthHostError";
  }

  body() {
    return { error_type: "OAuthException", code: 400, error_message: this.message };
  }
}

/** A refusal of a /_fake control call: plain JSON, saying what is wrong (the shared skeleton's). */
export { ControlError } from "../fake-server.ts";
