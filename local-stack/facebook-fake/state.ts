// Everything the Facebook fake remembers, in memory: the people who went through the Login dialog
// and the Pages they manage, authorization codes, user and Page tokens, the comments and Messenger
// messages people wrote to Pages, what the Pages sent, and every webhook delivery. A restart forgets
// it all, as a fresh Meta test app would; every id that names a person or a Page is derived from
// names (as the Meta fake's are), so a Page keeps its id across restarts.
import { randomBytes } from "node:crypto";
import { EventEmitter, once } from "node:events";
import {
  CODE_LIFETIME,
  DAY,
  digitsFor,
  HOUR,
  LONG_TOKEN_LIFETIME,
  randomDigits,
  SECOND,
  SHORT_TOKEN_LIFETIME,
  type Delivery,
} from "../meta-fake/state.ts";

// The lifetimes are Meta's for Facebook Login too: codes 10 minutes (Meta says "short"), user
// tokens from the code exchange about an hour, long-lived ones 60 days.
export { CODE_LIFETIME, DAY, HOUR, LONG_TOKEN_LIFETIME, SECOND, SHORT_TOKEN_LIFETIME };

/** The Login permissions Page comments and Messenger answered with the affiliate link need. */
export const REQUIRED_SCOPES = [
  "pages_show_list",
  "pages_messaging",
  "pages_read_engagement",
  "pages_manage_metadata",
  "pages_read_user_content",
];

/** A Facebook account that went through the Login dialog. */
export interface Person {
  /** The app-scoped user id (GET /me's id; a comment's from.id when this person comments). */
  id: string;
  name: string;
  /** Ids of the Pages this person manages, in the order they were first named. */
  pageIds: string[];
}

export interface Page {
  id: string;
  name: string;
  ownerId: string;
  /** The one post every simulated comment lands on (its id without the "<page id>_" prefix). */
  postId: string;
  subscribedFields: Set<string>;
  /** Sends still to be refused with the rate-limit error (POST /_fake/rate-limit). */
  failNext: number;
}

export interface AuthCode {
  code: string;
  userId: string;
  /** The Pages the person chose to give the app in this dialog. */
  pageIds: string[];
  redirectUri: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface Token {
  value: string;
  kind: "user" | "page";
  userId: string;
  /** user: the Pages granted in the dialog; page: the one Page it acts as. */
  pageIds: string[];
  scopes: string[];
  /** user tokens: short (code exchange) or long (fb_exchange_token). */
  lifetime: "short" | "long" | "none";
  issuedAt: number;
  /** null: never expires (a Page token made from a long-lived user token). */
  expiresAt: number | null;
  /** page tokens: the user token they were made from (they expire with a short-lived one). */
  from?: string;
  /** Its person changed their password (POST /_fake/change-password): refused from then on. */
  invalidated?: boolean;
}

/** A webhook body with its signature, built when the event happened and kept for redelivery. */
export interface SignedEvent {
  body: string;
  signature: string;
  delivered: boolean;
}

export interface Comment {
  /** "<post id>_<comment id>", as the feed webhook carries it and the Send API takes it. */
  id: string;
  pageId: string;
  text: string;
  from: { id: string; name: string };
  /** The commenter's Page-scoped id on this Page (null for the Page's own comment). */
  psid: string | null;
  createdAt: number;
  /** The message id of the private reply, once sent (one per comment). */
  repliedWith?: string;
  event: SignedEvent;
}

export interface MessengerMessage {
  mid: string;
  pageId: string;
  senderId: string;
  recipientId: string;
  text: string;
  createdAt: number;
  isEcho: boolean;
  event: SignedEvent;
}

export interface Reply {
  message_id: string;
  pageId: string;
  kind: "private_reply" | "message";
  recipient: { comment_id: string } | { id: string };
  /** The PSID of the person it went to (the commenter's, for a private reply). */
  recipient_id: string;
  text: string;
  at: number;
}

export type DeliveryKind = "feed" | "messages" | "echo" | "raw";

const canonical = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** App-scoped user ids: 17 digits starting with 1. The same name is always the same person. */
export const userIdFor = (name: string) => `1${digitsFor(`fb-user:${canonical(name)}`, 16)}`;
/** Page ids: 15 digits starting with 1, per owner and Page name. */
export const pageIdFor = (ownerId: string, pageName: string) =>
  `1${digitsFor(`fb-page:${ownerId}:${canonical(pageName)}`, 14)}`;
/** Page-scoped ids: the same person has another id on every Page (16 digits, no leading 0). */
export const psidFor = (pageId: string, name: string) =>
  digitsFor(`fb-psid:${pageId}:${canonical(name)}`, 16).replace(/^0/, "2");
const postIdFor = (pageId: string) => `12${digitsFor(`fb-post:${pageId}`, 16)}`;

/** Access tokens look like Meta's: "EAA" and about 200 letters and digits. */
const tokenValue = () =>
  `EAA${randomBytes(160)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")}`;

export class FacebookState {
  readonly people = new Map<string, Person>();
  readonly pages = new Map<string, Page>();
  readonly codes = new Map<string, AuthCode>();
  readonly tokens = new Map<string, Token>();
  readonly comments = new Map<string, Comment>();
  readonly messages = new Map<string, MessengerMessage>();
  readonly replies: Reply[] = [];
  readonly deliveries: Delivery<DeliveryKind>[] = [];
  /** PSID -> the person's name, per Page (a PSID is known once the person wrote or commented). */
  readonly psids = new Map<string, { pageId: string; name: string }>();
  /** Emits "reply" on every send and "close" when the fake stops (long polls listen). */
  readonly events = new EventEmitter().setMaxListeners(0);
  private closed = false;

  /** The person of this name, created on first sight, with the Pages named now added to theirs. */
  personWithPages(name: string, pageNames: string[]): { person: Person; pages: Page[] } {
    const id = userIdFor(name);
    let person = this.people.get(id);
    if (!person) {
      person = { id, name: name.trim(), pageIds: [] };
      this.people.set(id, person);
    }
    const pages = pageNames.map((pageName) => {
      const pageId = pageIdFor(id, pageName);
      let page = this.pages.get(pageId);
      if (!page) {
        page = {
          id: pageId,
          name: pageName.trim(),
          ownerId: id,
          postId: postIdFor(pageId),
          subscribedFields: new Set(),
          failNext: 0,
        };
        this.pages.set(pageId, page);
      }
      if (!person.pageIds.includes(pageId)) person.pageIds.push(pageId);
      return page;
    });
    return { person, pages };
  }

  issueCode(fields: Omit<AuthCode, "code" | "expiresAt" | "used">): AuthCode {
    const code: AuthCode = {
      ...fields,
      code: `AQ${randomBytes(120).toString("base64url")}`,
      expiresAt: Date.now() + CODE_LIFETIME,
      used: false,
    };
    this.codes.set(code.code, code);
    return code;
  }

  issueUserToken(userId: string, lifetime: "short" | "long", pageIds: string[], scopes: string[]): Token {
    const now = Date.now();
    const token: Token = {
      value: tokenValue(),
      kind: "user",
      userId,
      pageIds,
      scopes,
      lifetime,
      issuedAt: now,
      expiresAt: now + (lifetime === "short" ? SHORT_TOKEN_LIFETIME : LONG_TOKEN_LIFETIME),
    };
    this.tokens.set(token.value, token);
    return token;
  }

  /**
   * The Page token GET /me/accounts hands out for `page` with `userToken`: the same one on every
   * call with that user token; it never expires when made from a long-lived user token, and
   * expires with a short-lived one.
   */
  pageTokenFor(userToken: Token, page: Page): Token {
    for (const token of this.tokens.values())
      if (token.kind === "page" && token.from === userToken.value && token.pageIds[0] === page.id) return token;
    const token: Token = {
      value: tokenValue(),
      kind: "page",
      userId: userToken.userId,
      pageIds: [page.id],
      scopes: userToken.scopes,
      lifetime: userToken.lifetime === "long" ? "none" : "short",
      issuedAt: Date.now(),
      expiresAt: userToken.lifetime === "long" ? null : userToken.expiresAt,
      from: userToken.value,
    };
    this.tokens.set(token.value, token);
    return token;
  }

  /** The Page a control call or a Graph path names: its id, or its name when only one Page has it. */
  findPages(ref: string): Page[] {
    const byId = this.pages.get(ref);
    if (byId) return [byId];
    const name = canonical(ref);
    return [...this.pages.values()].filter((page) => canonical(page.name) === name);
  }

  newCommentId(page: Page) {
    let id: string;
    do id = `${page.postId}_${randomDigits(16).replace(/^0/, "1")}`;
    while (this.comments.has(id));
    return id;
  }

  /** Messenger message ids: "m_" and about 80 URL-safe characters. */
  newMid() {
    let mid: string;
    do mid = `m_${randomBytes(60).toString("base64url")}`;
    while (this.messages.has(mid));
    return mid;
  }

  rememberPsid(psid: string, pageId: string, name: string) {
    this.psids.set(psid, { pageId, name });
  }

  /** When `psid` last wrote to the Page (opens Messenger's 24-hour window), if ever. */
  lastMessageFrom(pageId: string, psid: string): number | undefined {
    let last: number | undefined;
    for (const message of this.messages.values())
      if (message.pageId === pageId && message.senderId === psid && !message.isEcho)
        last = Math.max(last ?? 0, message.createdAt);
    return last;
  }

  addReply(reply: Reply) {
    this.replies.push(reply);
    this.events.emit("reply");
  }

  repliesOf(pageId: string) {
    return this.replies.filter((r) => r.pageId === pageId);
  }

  /** The Page's replies once there are at least `min`, or what there is after `waitMs` or on close. */
  async waitForReplies(pageId: string, min: number, waitMs: number): Promise<Reply[]> {
    const deadline = AbortSignal.timeout(waitMs);
    while (this.repliesOf(pageId).length < min && !deadline.aborted && !this.closed) {
      const stop = new AbortController();
      const wake = () => stop.abort();
      deadline.addEventListener("abort", wake, { once: true });
      this.events.once("close", wake);
      try {
        await once(this.events, "reply", { signal: stop.signal });
      } catch {
        // the deadline passed or the fake is closing: answer with what there is
        if (!deadline.aborted) break;
      } finally {
        deadline.removeEventListener("abort", wake);
        this.events.off("close", wake);
      }
    }
    return this.repliesOf(pageId);
  }

  /** Ends every long poll (on close), so none holds the server open. */
  releaseWaiters() {
    this.closed = true;
    this.events.emit("close");
  }
}
