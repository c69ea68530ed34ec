// Everything the fake remembers, in memory: accounts (Instagram professional accounts that went
// through the authorize page), authorization codes, tokens, comments, the DMs people sent, the
// replies the app sent, and every webhook delivery. A restart forgets it all, as a fresh Meta test
// app would; the ids of an account and of a follower are derived from the username, so they stay
// the same across restarts.
import { createHash, randomBytes, randomInt } from "node:crypto";

export const SECOND = 1000;
export const HOUR = 3600 * SECOND;
export const DAY = 24 * HOUR;
/** Meta's lifetimes: codes 10 min (fake's choice, Meta says "short"), short tokens 1 h, long ones 60 days. */
export const CODE_LIFETIME = 10 * 60 * SECOND;
export const SHORT_TOKEN_LIFETIME = HOUR;
export const LONG_TOKEN_LIFETIME = 60 * DAY;

/** The scopes Instagram API with Instagram Login grants for keyword automation. */
export const REQUIRED_SCOPES = [
  "instagram_business_basic",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
];
export const WEBHOOK_FIELDS = ["comments", "messages"] as const;

export interface Account {
  /** The Instagram professional account id: /me's user_id and the webhooks' entry id. */
  userId: string;
  /** The app-scoped id: /me's id and the code exchange's user_id (a different number, as on Meta). */
  appScopedId: string;
  username: string;
  createdAt: number;
  /** The one reel every simulated comment lands on. */
  mediaId: string;
  subscribedFields: Set<string>;
  /** Sends still to be refused with the rate-limit error (POST /_fake/rate-limit). */
  failNext: number;
}

export interface Token {
  value: string;
  userId: string;
  kind: "short" | "long";
  issuedAt: number;
  expiresAt: number;
  permissions: string[];
}

export interface AuthCode {
  code: string;
  userId: string;
  clientId: string;
  redirectUri: string;
  permissions: string[];
  expiresAt: number;
  used: boolean;
}

/**
 * One POST of a webhook body; kept so a test can redeliver it byte for byte. The kinds are this
 * fake's; the Facebook fake (../facebook-fake) keeps its own in the same shape.
 */
export interface Delivery<Kind extends string = "comments" | "messages" | "echo" | "raw"> {
  kind: Kind;
  body: string;
  /** The X-Hub-Signature-256 header value sent, or null when the header was left out. */
  signature: string | null;
  at: number;
  status: number | null;
  ms: number | null;
  /** Why no HTTP status came back (connection refused, timeout). */
  error?: string;
}

export interface Comment {
  id: string;
  accountId: string;
  mediaId: string;
  text: string;
  from: { id: string; username: string };
  createdAt: number;
  /** The message id of the private reply, once sent (one per comment). */
  repliedWith?: string;
  /** The body and signature built for it, whether or not it was delivered. */
  event: { body: string; signature: string };
  delivered: boolean;
}

export interface DirectMessage {
  mid: string;
  accountId: string;
  senderId: string;
  recipientId: string;
  text: string;
  createdAt: number;
  isEcho: boolean;
  event: { body: string; signature: string };
  delivered: boolean;
}

export interface Reply {
  message_id: string;
  accountId: string;
  kind: "private_reply" | "dm";
  recipient: { comment_id: string } | { id: string };
  /** The person it went to (the commenter of a private reply). */
  recipient_id: string;
  text: string;
  at: number;
}

/** A stable numeric id for a name: the same username always gets the same id. */
export function digitsFor(seed: string, length: number) {
  const hash = createHash("sha256").update(seed).digest();
  let digits = "";
  for (const byte of hash) digits += String(byte % 10);
  return digits.slice(0, length);
}

/** Instagram professional account ids are 17 digits and start with 1784. */
export const accountIdFor = (username: string) => `1784${digitsFor(`account:${username}`, 13)}`;
/** Instagram-scoped ids (IGSIDs) of people are 16 digits; never starting with 0. */
export const personIdFor = (username: string) => digitsFor(`person:${username}`, 16).replace(/^0/, "1");
const appScopedIdFor = (username: string) => `2${digitsFor(`app-scoped:${username}`, 16)}`;
const mediaIdFor = (userId: string) => `18${digitsFor(`media:${userId}`, 15)}`;

export const randomDigits = (length: number) => Array.from({ length }, () => String(randomInt(10))).join("");

/** Instagram usernames: letters, digits, periods and underscores, at most 30. */
export const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

export class FakeState {
  readonly accounts = new Map<string, Account>();
  readonly codes = new Map<string, AuthCode>();
  readonly tokens = new Map<string, Token>();
  readonly comments = new Map<string, Comment>();
  readonly messages = new Map<string, DirectMessage>();
  readonly replies: Reply[] = [];
  readonly deliveries: Delivery[] = [];
  /** Usernames of people by IGSID (commenters and DM senders). */
  readonly people = new Map<string, string>();
  /** Long polls on replies; called with true to end them now (on close). */
  private replyWaiters = new Set<(end: boolean) => void>();

  /** The account a control call names, by username or user_id. */
  findAccount(ref: string): Account | undefined {
    const byId = this.accounts.get(ref);
    if (byId) return byId;
    const name = ref.replace(/^@/, "").toLowerCase();
    for (const account of this.accounts.values()) if (account.username.toLowerCase() === name) return account;
    return undefined;
  }

  accountFor(username: string): Account {
    const existing = this.findAccount(username);
    if (existing) return existing;
    const userId = accountIdFor(username.toLowerCase());
    const account: Account = {
      userId,
      appScopedId: appScopedIdFor(username.toLowerCase()),
      username,
      createdAt: Date.now(),
      mediaId: mediaIdFor(userId),
      subscribedFields: new Set(),
      failNext: 0,
    };
    this.accounts.set(userId, account);
    return account;
  }

  issueCode(fields: Omit<AuthCode, "code" | "expiresAt" | "used">): AuthCode {
    // Instagram's codes are long opaque strings; the callback gets them with "#_" appended.
    const code: AuthCode = {
      ...fields,
      code: `AQ${randomBytes(96).toString("base64url")}`,
      expiresAt: Date.now() + CODE_LIFETIME,
      used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  issueToken(userId: string, kind: Token["kind"], permissions: string[]): Token {
    const now = Date.now();
    const token: Token = {
      value: `IGAA${randomBytes(kind === "short" ? 96 : 120).toString("base64url")}`,
      userId,
      kind,
      issuedAt: now,
      expiresAt: now + (kind === "short" ? SHORT_TOKEN_LIFETIME : LONG_TOKEN_LIFETIME),
      permissions,
    };
    this.tokens.set(token.value, token);
    return token;
  }

  newCommentId() {
    let id: string;
    do id = `17${randomDigits(15)}`;
    while (this.comments.has(id));
    return id;
  }

  /** Message ids look like Instagram's: base64 of an "ig_message_item" descriptor. */
  newMid(accountId: string) {
    let mid: string;
    do mid = Buffer.from(`ig_message_item:1:IGMessageID:${accountId}:${randomDigits(39)}`).toString("base64url");
    while (this.messages.has(mid) || this.replies.some((r) => r.message_id === mid));
    return mid;
  }

  rememberPerson(id: string, username: string) {
    this.people.set(id, username);
  }

  /** The last time `personId` wrote to the account (opens Meta's 24 h window), if ever. */
  lastMessageFrom(accountId: string, personId: string): number | undefined {
    let last: number | undefined;
    for (const message of this.messages.values()) {
      if (message.accountId === accountId && message.senderId === personId && !message.isEcho)
        last = Math.max(last ?? 0, message.createdAt);
    }
    return last;
  }

  privateRepliesSince(accountId: string, since: number) {
    return this.replies.filter((r) => r.accountId === accountId && r.kind === "private_reply" && r.at >= since).length;
  }

  addReply(reply: Reply) {
    this.replies.push(reply);
    for (const wake of [...this.replyWaiters]) wake(false);
  }

  repliesOf(accountId: string) {
    return this.replies.filter((r) => r.accountId === accountId);
  }

  /** Resolves once the account has at least `min` replies, or after `waitMs`, whichever is first. */
  waitForReplies(accountId: string, min: number, waitMs: number): Promise<Reply[]> {
    return new Promise((resolve) => {
      const check = () => {
        const replies = this.repliesOf(accountId);
        if (replies.length < min) return false;
        done(replies);
        return true;
      };
      const done = (replies: Reply[]) => {
        clearTimeout(timer);
        this.replyWaiters.delete(wake);
        resolve(replies);
      };
      const wake = (end: boolean) => void (end ? done(this.repliesOf(accountId)) : check());
      const timer = setTimeout(() => done(this.repliesOf(accountId)), waitMs);
      this.replyWaiters.add(wake);
      check();
    });
  }

  /** Wakes every long poll (on close), so none holds the server open. */
  releaseWaiters() {
    for (const wake of [...this.replyWaiters]) wake(true);
  }
}
