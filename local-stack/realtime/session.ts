// One WebSocket connection and its channels: heartbeats, phx_join / phx_leave, token refresh.
//
// Messages are handled one at a time, in arrival order, even though some handling is async
// (verifying a JWT). Clients rely on that order: after pushing a new access_token and then a
// heartbeat, the heartbeat reply means the token is in force.
import type { RawData, WebSocket } from "ws";
import { parseBindings, type PostgresBinding } from "./bindings.ts";
import type { BroadcastRouter, BroadcastSubscriber } from "./broadcasts.ts";
import type { Change } from "./changes.ts";
import { mayRead, mayWrite, MissingPartitionError } from "./channel-access.ts";
import type { Subscriber, SubscriberAuth } from "./dispatcher.ts";
import { decodeFrame, encodeMessage, encodeUserBroadcast, type PhoenixMessage, type Vsn } from "./protocol.ts";
import type { Sql } from "postgres";
import { checkBindings } from "./subscription-check.ts";
import { msUntilExpiry, type TokenVerifier } from "./tokens.ts";

export interface SessionDeps {
  sql: Sql;
  verifier: TokenVerifier;
  broadcasts: BroadcastRouter;
  nextBindingId: () => number;
  log: (message: string) => void;
  logOnce: (message: string) => void;
}

const MAX_TIMER_MS = 2 ** 31 - 1; // setTimeout fires at once for longer delays

export class Channel implements Subscriber, BroadcastSubscriber {
  active = true;
  expiryTimer: NodeJS.Timeout | null = null;
  /** Whether this identity may send broadcasts (private channels; asked at the first send). */
  write: { auth: SubscriberAuth; allowed: Promise<boolean> } | null = null;

  constructor(
    readonly session: Session,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly bindings: PostgresBinding[],
    public auth: SubscriberAuth,
    readonly isPrivate: boolean,
  ) {}

  /** The channel name as hosted Realtime reports it in system events. */
  get name(): string {
    return this.topic.replace(/^realtime:/, "");
  }

  sendChange(ids: number[], data: Change["data"]): void {
    this.session.send({
      join_ref: null,
      ref: null,
      topic: this.topic,
      event: "postgres_changes",
      payload: { ids, data },
    });
  }

  sendBroadcast(message: { event: string; id: string; payloadJson: string }): void {
    this.session.sendFrame(encodeUserBroadcast({ topic: this.topic, ...message }, this.session.vsn));
  }

  sendSystem(extension: string, status: "ok" | "error", message: string): void {
    this.session.send({
      join_ref: this.joinRef,
      ref: null,
      topic: this.topic,
      event: "system",
      payload: { channel: this.name, extension, status, message },
    });
  }
}

export class Session {
  readonly channels = new Map<string, Channel>();
  private inbox: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The apikey's identity: used by joins without access_token and after a sign-out. */
    private readonly apikeyAuth: SubscriberAuth,
    private readonly deps: SessionDeps,
  ) {
    ws.on("message", (data, isBinary) => this.receive(data, isBinary));
    ws.on("close", () => this.dispose());
    ws.on("error", () => this.dispose());
  }

  send(message: PhoenixMessage): void {
    this.sendFrame(encodeMessage(message, this.vsn));
  }

  /** A text frame, or a binary one (a Buffer). */
  sendFrame(frame: string | Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  /** Ends the connection (server shutdown); the client reconnects on its own. */
  close(code: number, reason: string): Promise<void> {
    this.dispose();
    return new Promise((resolve) => {
      if (this.ws.readyState === this.ws.CLOSED) return resolve();
      const force = setTimeout(() => this.ws.terminate(), 500);
      this.ws.once("close", () => {
        clearTimeout(force);
        resolve();
      });
      this.ws.close(code, reason);
    });
  }

  private receive(data: RawData, isBinary: boolean) {
    const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let message: PhoenixMessage;
    try {
      message = decodeFrame(buffer, isBinary, this.vsn);
    } catch (error) {
      this.deps.log(`ignoring a malformed message: ${error instanceof Error ? error.message : error}`);
      return;
    }
    this.inbox = this.inbox.then(() =>
      this.handle(message).catch((error: unknown) => {
        this.deps.log(
          `error handling ${message.event} on ${message.topic}: ${error instanceof Error ? error.stack : error}`,
        );
      }),
    );
  }

  private async handle(message: PhoenixMessage): Promise<void> {
    if (this.disposed) return;
    const { topic, event } = message;
    if (topic === "phoenix") {
      if (event === "heartbeat") this.reply(message, "ok", {});
      return;
    }
    if (event === "phx_join") return this.join(message);
    const channel = this.channels.get(topic);
    if (event === "phx_leave") {
      if (channel) this.removeChannel(channel);
      this.reply(message, "ok", {});
      return;
    }
    if (!channel) {
      this.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    if (event === "access_token") return this.refreshToken(channel, message.payload?.access_token);
    if (event === "broadcast" && channel.isPrivate) return this.dropClientBroadcast(channel);
    if (event === "broadcast" || event === "presence") {
      // Public client broadcasts and presence are not relayed; saying so beats a silent timeout.
      const what = event === "broadcast" ? "a client's broadcast" : "presence";
      this.deps.logOnce(`${what} is not supported by the local Realtime stand-in (Broadcast from the database is)`);
      this.reply(message, "error", { reason: `${what} is not supported by the local Realtime stand-in` });
      return;
    }
    this.reply(message, "error", { reason: `unsupported event ${event}` });
  }

  private async join(message: PhoenixMessage): Promise<void> {
    if (!message.topic.startsWith("realtime:")) {
      this.reply(message, "error", { reason: "unmatched topic" });
      return;
    }
    // Phoenix closes an earlier join of the same topic (the client ignores the stale join_ref).
    const previous = this.channels.get(message.topic);
    if (previous) this.shutdownChannel(previous, null);

    const payload = message.payload ?? {};
    const config = payload.config ?? {};
    const name = message.topic.slice("realtime:".length);
    if (!name) {
      this.reply(message, "error", { reason: "TopicNameRequired: You must provide a topic name" });
      return;
    }
    const token =
      typeof payload.access_token === "string" && payload.access_token ? payload.access_token : this.apikeyAuth.token;
    const checked = await this.deps.verifier.verify(token);
    if (!checked.ok) {
      this.reply(message, "error", { reason: `${checked.code}: ${checked.reason}` });
      return;
    }
    const auth = toAuth(checked.token, checked.claims);
    // Hosted accepts "private" as a boolean or its text.
    const isPrivate = config.private === true || config.private === "true";
    if (isPrivate) {
      const refusal = await this.readRefusal(name, auth);
      if (refusal) {
        this.reply(message, "error", { reason: refusal });
        return;
      }
    }
    if (this.disposed) return;
    const bindings = parseBindings(config.postgres_changes, this.deps.nextBindingId);
    const channel = new Channel(this, message.topic, message.join_ref ?? message.ref, bindings, auth, isPrivate);
    this.channels.set(message.topic, channel);
    this.deps.broadcasts.add(channel);
    this.reply(message, "ok", { postgres_changes: bindings.map((binding) => binding.echo) });
    this.scheduleExpiry(channel);
    if (bindings.length > 0) void this.confirmBindings(channel);
  }

  /** Why `auth` may not join the private channel `name`, or null when it may. */
  private async readRefusal(name: string, auth: SubscriberAuth): Promise<string | null> {
    try {
      if (await mayRead(this.deps.sql, name, auth)) return null;
    } catch (error) {
      if (error instanceof MissingPartitionError) return error.message;
      // A policy that fails is a refusal on hosted too (logged there as RlsPolicyError).
      this.deps.log(`the read policy of ${name} failed: ${error instanceof Error ? error.message : error}`);
    }
    return `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`;
  }

  /**
   * A broadcast pushed by a client on a private channel. Hosted checks the INSERT policy of
   * realtime.messages once per identity and drops the message without a reply when it refuses;
   * the stand-in relays no client broadcast at all, so an allowed one is only logged.
   */
  private async dropClientBroadcast(channel: Channel): Promise<void> {
    const auth = channel.auth;
    if (channel.write?.auth !== auth) {
      const allowed = mayWrite(this.deps.sql, channel.name, auth).catch(() => false);
      channel.write = { auth, allowed };
    }
    if (await channel.write.allowed) {
      this.deps.logOnce(`a client broadcast on ${channel.name} is allowed by policy but not relayed by the stand-in`);
    }
  }

  /** Sends "Subscribed to PostgreSQL", or the reason some binding can never fire. */
  private async confirmBindings(channel: Channel): Promise<void> {
    let check;
    try {
      check = await checkBindings(this.deps.sql, channel.bindings);
    } catch (error) {
      this.deps.log(
        `could not check the bindings of ${channel.topic}: ${error instanceof Error ? error.message : error}`,
      );
      return;
    }
    for (const warning of check.warnings) this.deps.logOnce(warning);
    if (!channel.active) return;
    if (check.problems.length > 0) {
      const message = `Unable to subscribe to changes with given parameters: ${check.problems.join("; ")}`;
      this.deps.log(`${channel.topic}: ${message}`);
      channel.sendSystem("postgres_changes", "error", message);
    } else {
      channel.sendSystem("postgres_changes", "ok", "Subscribed to PostgreSQL");
    }
  }

  /**
   * access_token: later visibility checks use the new claims. A token that does not verify ends
   * the channel the way hosted Realtime does (a system error, then phx_close: realtime-js marks
   * the channel closed and reports CLOSED to the subscribe callback). A null token (sign-out)
   * falls back to the apikey's identity rather than keeping the signed-out user's.
   */
  private async refreshToken(channel: Channel, token: unknown): Promise<void> {
    const next = typeof token === "string" && token ? token : this.apikeyAuth.token;
    if (next === channel.auth.token) return;
    const checked = await this.deps.verifier.verify(next);
    if (!channel.active) return;
    if (!checked.ok) {
      this.shutdownChannel(channel, checked.reason);
      return;
    }
    const auth = toAuth(checked.token, checked.claims);
    // A private channel's read is checked again for the new identity; losing it ends the channel.
    if (channel.isPrivate && (await this.readRefusal(channel.name, auth))) {
      if (channel.active) {
        this.shutdownChannel(channel, `You no longer have permission to read from this Channel topic: ${channel.name}`);
      }
      return;
    }
    if (!channel.active) return;
    channel.auth = auth;
    this.scheduleExpiry(channel);
  }

  /** Ends a channel whose token expires while it is joined, as hosted Realtime does. */
  private scheduleExpiry(channel: Channel) {
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    const auth = channel.auth;
    const wait = msUntilExpiry(auth.claims);
    channel.expiryTimer = setTimeout(
      () => {
        channel.expiryTimer = null;
        if (!channel.active || channel.auth !== auth) return;
        if (msUntilExpiry(auth.claims) > 0) this.scheduleExpiry(channel);
        else this.shutdownChannel(channel, "Token has expired 0 seconds ago");
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    channel.expiryTimer.unref();
  }

  /** Stops the channel; with a reason, tells the client (system error + phx_close). */
  private shutdownChannel(channel: Channel, reason: string | null) {
    if (reason !== null) channel.sendSystem("system", "error", reason);
    this.send({
      join_ref: channel.joinRef,
      ref: channel.joinRef,
      topic: channel.topic,
      event: "phx_close",
      payload: {},
    });
    this.removeChannel(channel);
  }

  private removeChannel(channel: Channel) {
    channel.active = false;
    if (channel.expiryTimer) clearTimeout(channel.expiryTimer);
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    this.deps.broadcasts.remove(channel);
  }

  private reply(message: PhoenixMessage, status: "ok" | "error", response: unknown) {
    this.send({
      join_ref: message.join_ref,
      ref: message.ref,
      topic: message.topic,
      event: "phx_reply",
      payload: { status, response },
    });
  }

  private dispose() {
    if (this.disposed) return;
    this.disposed = true;
    for (const channel of [...this.channels.values()]) this.removeChannel(channel);
  }
}

export function toAuth(token: string, claims: SubscriberAuth["claims"]): SubscriberAuth {
  return { token, claims, claimsJson: JSON.stringify(claims) };
}
