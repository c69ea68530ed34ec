// Graph API errors of graph.facebook.com as the Facebook fake answers them, in Meta's shape (the
// Meta fake's GraphError): HTTP 400 with
//   {"error":{"message","type","code","error_subcode"?,"fbtrace_id"}}
// Graph answers 400 for all of these (botpress/botpress 4890 logs the 24-hour window error with
// 400; the 210 and 10900 answers are quoted with 400 by the public code that handles them).
//
// What each one rests on (checked with the search tool; Meta documents few of them in full):
// - 190 "Invalid OAuth access token - Cannot parse access token" for an unknown token, and 190
//   with subcode 463 "Error validating access token: Session has expired on ..." for an expired
//   one: Graph API "Handling Errors" guide (developers.facebook.com/docs/graph-api/guides/
//   error-handling), as the Meta fake answers them.
// - 190 with subcode 460 "Error validating access token: The session has been invalidated because
//   the user changed their password or Facebook has changed the session for security reasons."
//   for every token of a person who changed their password, Page tokens included: the subcode is
//   in the list of Graph's session subcodes ("The session is invalid likely because the user
//   changed the password", quoted in public lists of them); the wording is Graph's as widely logged.
// - 2500 "An active access token must be used to query information about the current user." for
//   /me without a token, and 104 "An access token is required to request this resource." for any
//   other node: logged answers quoted in public code (a Meta error classifier's tests; a Chinese
//   ad-platform FAQ quoting {"message":...,"type":"OAuthException","code":104}).
// - The code exchange (GET /oauth/access_token): "Error validating client secret." with code 1
//   (facebookarchive/php-graph-sdk issue 538 quotes the whole answer); "Error validating
//   application. Invalid application ID." with code 101 (diowa/icare issue 5); code 100 with
//   subcode 36009 "This authorization code has been used.", 36007 "This authorization code has
//   expired." and 36008 "Error validating verification code. Please make sure your redirect_uri
//   is identical to the one you used in the OAuth dialog request" (logged answers quoted in
//   public tests and in WhatsApp Embedded Signup reports); "Invalid verification code format."
//   for a code Meta never issued (ciaranj/node-oauth issue 12; its code 100 is our reading).
// - 210 "(#210) A page access token is required to request this resource." for a user token on a
//   Page's edge: quoted with type OAuthException and code 210 in public code that handles it.
// - 100 with subcode 33, type GraphMethodException, "Unsupported <method> request. Object with ID
//   '<id>' does not exist, cannot be loaded due to missing permissions, or does not support this
//   operation. ...": Graph's standard answer for another Page's token or an unknown Page (widely
//   logged).
// - "(#100) Tried accessing nonexisting field (accounts) on node type (Page)": what /me/accounts
//   answers a Page token (/me is then the Page); Graph's wording for unknown fields.
// - 100 with subcode 2018292 "(#100) Invalid comment_id parameter": a private reply to a comment
//   that is not the Page's (restfb/restfb issue 1165 quotes code and subcode).
// - 10900 "(#10900) Activity already replied to": a second private reply to one comment (Private
//   Replies: "Only one message can be sent to the person who commented"; the code and text are
//   what public comment-to-Messenger projects handle and mock for Facebook Pages).
// - 10 with subcode 2018278 "(#10) This message is sent outside of allowed window. ...": Messenger
//   "Send API error codes" (code 10, subcode 2018278) and botpress/botpress issue 4890 (the text,
//   HTTP 400). Private Replies must go out "within 7 days from when the post or comment was
//   created"; Meta does not document that refusal's code, so the fake answers the same window
//   error for it. Assumption.
// - 100 with subcode 2018001 "(#100) No matching user found": a PSID the Page does not know
//   (Send API error codes; rickydunlop/fbmessenger-node pull request 24).
// - 100 with subcode 2018034 for a message without text ("Message cannot be empty": the subcode as
//   rickydunlop/fbmessenger-node pull request 24 handles it; the wording is our reading).
// - "(#100) Param recipient[id] must be a valid ID string (e.g., \"123\")": botpress/botpress
//   issue 559. "(#100) Length of param message[text] must be less than or equal to 2000": the
//   Send API's text limit, quoted in public tests with code 100 and type OAuthException.
// - 613 "(#613) Calls to this api have exceeded the rate limit.": the Send API error codes' rate
//   limit ("Calls to this API have exceeded the rate limit", code 613), quoted whole with type
//   OAuthException in howdyai/botkit issue 865 and jgorset/facebook-messenger pull request 275.
//   Code 32 ("(#32) Page request limit reached", Yoctol/bottender issue 420) is the Pages API's
//   limit on reads with a Page token, not the Send API's.
// - The wording of a missing parameter ("Missing code parameter.", "The parameter recipient is
//   required") follows Graph's (jgorset/facebook-messenger pull request 275 quotes the latter);
//   only its code, 100, is what callers should rely on.
import { GraphError } from "../meta-fake/errors.ts";

const OAUTH = "OAuthException";

export const facebookErrors = {
  noTokenForMe: () =>
    new GraphError("An active access token must be used to query information about the current user.", 2500, OAUTH),
  noToken: () => new GraphError("An access token is required to request this resource.", 104, OAUTH),
  badToken: () => new GraphError("Invalid OAuth access token - Cannot parse access token", 190, OAUTH),
  expiredToken: (expiredAt: number) =>
    new GraphError(
      `Error validating access token: Session has expired on ${new Date(expiredAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      190,
      OAUTH,
      463,
    ),
  sessionInvalidated: () =>
    new GraphError(
      "Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.",
      190,
      OAUTH,
      460,
    ),
  badParam: (message: string, subcode?: number) => new GraphError(`(#100) ${message}`, 100, OAUTH, subcode),
  badSecret: () => new GraphError("Error validating client secret.", 1, OAUTH),
  badClientId: () => new GraphError("Error validating application. Invalid application ID.", 101, OAUTH),
  missingClientId: () => new GraphError("Missing client_id parameter.", 101, OAUTH),
  unknownCode: () => new GraphError("Invalid verification code format.", 100, OAUTH),
  usedCode: () => new GraphError("This authorization code has been used.", 100, OAUTH, 36009),
  expiredCode: () => new GraphError("This authorization code has expired.", 100, OAUTH, 36007),
  redirectMismatch: () =>
    new GraphError(
      "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      100,
      OAUTH,
      36008,
    ),
  pageTokenRequired: () =>
    new GraphError("(#210) A page access token is required to request this resource.", 210, OAUTH),
  noSuchObject: (id: string, method: string) =>
    new GraphError(
      `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      100,
      "GraphMethodException",
      33,
    ),
  nonexistingField: (field: string, nodeType: string) =>
    new GraphError(`(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`, 100, OAUTH),
  invalidComment: () => new GraphError("(#100) Invalid comment_id parameter", 100, OAUTH, 2018292),
  alreadyReplied: () => new GraphError("(#10900) Activity already replied to", 10900, OAUTH),
  outsideWindow: () =>
    new GraphError(
      "(#10) This message is sent outside of allowed window. Learn more about the new policy here: https://developers.facebook.com/docs/messenger-platform/policy-overview",
      10,
      OAUTH,
      2018278,
    ),
  noMatchingUser: () => new GraphError("(#100) No matching user found", 100, OAUTH, 2018001),
  rateLimited: () => new GraphError("(#613) Calls to this api have exceeded the rate limit.", 613, OAUTH),
};
