// Account paths: sign-in, sessions (refresh, sign-out), registration, the caller's own account and
// profile. A sign-in or a registration starts a session (private.start_session); its access token
// names the session, and requireUser lets a request in only while the session is live.
import { Hono, type Context } from "hono";
import {
  businessRegistrationSchema,
  influencerRegistrationSchema,
  loginSchema,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetSchema,
  profileUpdateSchema,
  refreshSchema,
  type LoginResponse,
  type MeResponse,
  type RefreshResponse,
  type RegistrationResponse,
  type SessionsResponse,
  type SignedOutEverywhereResponse,
  type MessageResponse,
} from "../../_shared/contract/auth.ts";
import type { Database } from "../../_shared/database.types.ts";
import { asService, asUser, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import { clientAddress } from "../../_shared/client-address.ts";
import { ApiError, constraintOf } from "../../_shared/errors.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { failureDelayMs } from "../lib/login-throttle.ts";
import { sendResetLink } from "../lib/password-reset.ts";
import { requireStrongPassword } from "../lib/password-rules.ts";
import { accountSuspended } from "../lib/require-user.ts";
import { signAccessToken } from "../../_shared/tokens.ts";
import { deviceName } from "../lib/user-agent.ts";
import { toUserJson, userColumns, type UserRow } from "../read-models/users.ts";
import { parseJsonBody, uuidParam } from "../../_shared/validation.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";

type LoginAttempt = Database["private"]["Functions"]["begin_login_attempt"]["Returns"][number];
type StartedSession = Database["private"]["Functions"]["start_session"]["Returns"][number];
type Refreshed = Pick<
  Database["private"]["Functions"]["refresh_session"]["Returns"][number],
  "outcome" | "session_id" | "refresh_token"
>;
type SessionRow = Database["public"]["Functions"]["my_sessions"]["Returns"][number];
type ResetRequested = Database["private"]["Functions"]["request_password_reset"]["Returns"][number];

/** private.verify_login returns null for a wrong email or password: a row of nulls, selected column by column. */
type VerifiedLogin = UserRow | { [column in keyof UserRow]: null };

const registeredMessage = {
  business: "Registration successful! Your account is pending admin approval.",
  influencer: "Registration successful! You are now logged in.",
};

export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // POST /auth/login - sign in with email and password
  app.post("/login", async (c) => {
    const { email, password } = await parseJsonBody(c, loginSchema);
    const address = clientAddress(c);
    const attempt = await beginLoginAttempt(deps, email, address);
    const signedIn = await asService(deps.sql, async (tx) => {
      const [row] = await tx<VerifiedLogin[]>`
        select ${userColumns(tx)} from private.verify_login(${email}, ${password})`;
      if (!row || row.id === null) return null;
      await tx`select private.login_succeeded(${attempt.attempt_id}, ${email}, ${address})`;
      // The right password of a suspended account: told why, and no session starts.
      if (row.status === "suspended") return { user: row, session: null };
      return { user: row, session: await startSession(tx, row.id, c) };
    });
    if (!signedIn) {
      // The same answer whichever part was wrong.
      await slowDown(attempt);
      throw new ApiError("unauthorized", "Invalid email or password");
    }
    if (!signedIn.session) throw accountSuspended(signedIn.user);
    return c.json({
      ...(await sessionTokens(deps, signedIn.user, signedIn.session)),
      user: toUserJson(signedIn.user),
    } satisfies LoginResponse);
  });

  // POST /auth/refresh - swap a refresh token for a new pair; a reused one ends its session
  app.post("/refresh", async (c) => {
    const { refresh_token } = await parseJsonBody(c, refreshSchema);
    const [refreshed] = await asService(
      deps.sql,
      (tx) => tx<(Refreshed & UserRow)[]>`
        select r.outcome, r.session_id, r.refresh_token, ${userColumns(tx)}
        from private.refresh_session(${refresh_token}) r left join public.users u on u.id = r.user_id`,
    );
    // Suspending ended the session: say why rather than only that it ended.
    if (refreshed.status === "suspended") throw accountSuspended(refreshed);
    if (refreshed.outcome === "reused") {
      throw new ApiError(
        "unauthorized",
        "This sign-in was used on another device, so it was ended to keep your account safe. Please sign in again",
      );
    }
    if (refreshed.outcome !== "rotated" || !refreshed.session_id || !refreshed.refresh_token) {
      throw new ApiError("unauthorized", SESSION_ENDED);
    }
    const session = { session_id: refreshed.session_id, refresh_token: refreshed.refresh_token };
    return c.json({
      ...(await sessionTokens(deps, refreshed, session)),
      user: toUserJson(refreshed),
    } satisfies RefreshResponse);
  });

  // POST /auth/logout - end the caller's session
  app.post("/logout", async (c) => {
    const sessionId = String(c.get("claims").session_id);
    await asUser(deps.sql, c.get("claims"), (tx) => tx`select public.end_my_sessions(${sessionId}::uuid)`);
    return c.json({ message: "Signed out" } satisfies MessageResponse);
  });

  // POST /auth/logout-all - end every session of the caller's account
  app.post("/logout-all", async (c) => {
    const [{ ended }] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<{ ended: number }[]>`select public.end_my_sessions() as ended`,
    );
    return c.json({ message: "Signed out on every device", ended } satisfies SignedOutEverywhereResponse);
  });

  // PUT /auth/password - change the caller's password; the account's other sessions end
  app.put("/password", async (c) => {
    const { current_password, new_password } = await parseJsonBody(c, passwordChangeSchema);
    const user = c.get("user");
    await requireStrongPassword(new_password, user.email, "new_password");
    // Guessing the current password is guessing a password: the sign-in's throttle counts it.
    const address = clientAddress(c);
    const attempt = await beginLoginAttempt(deps, user.email, address);
    const [{ changed }] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<{ changed: boolean }[]>`select public.change_my_password(${current_password}, ${new_password}) as changed`,
    );
    if (!changed) {
      await slowDown(attempt);
      throw new ApiError("invalid_input", "Current password is incorrect", "current_password");
    }
    await asService(
      deps.sql,
      (tx) => tx`select private.login_succeeded(${attempt.attempt_id}, ${user.email}, ${address})`,
    );
    return c.json({
      message: "Password changed. You were signed out on your other devices.",
    } satisfies MessageResponse);
  });

  // POST /auth/password-reset - a one-time link to choose a new password, by email and Telegram
  app.post("/password-reset", async (c) => {
    const { email, language } = await parseJsonBody(c, passwordResetSchema);
    const [account] = await asService(
      deps.sql,
      (tx) => tx<ResetRequested[]>`
        select user_id, email, reset_token from private.request_password_reset(${email}, ${clientAddress(c)})`,
    );
    // Sent after the answer, which is the same whether or not the account exists and takes no
    // longer for one that does.
    if (account && deps.runAfterResponse) {
      deps.runAfterResponse(
        sendResetLink(deps, {
          userId: account.user_id,
          email: account.email,
          token: account.reset_token,
          language,
        }).catch((error) => console.error("[password-reset] sending the link failed:", error)),
      );
    }
    return c.json({ message: RESET_REQUESTED } satisfies MessageResponse, 202);
  });

  // POST /auth/password-reset/confirm - a new password with the link's token, once
  app.post("/password-reset/confirm", async (c) => {
    const { token, new_password } = await parseJsonBody(c, passwordResetConfirmSchema);
    const [{ email }] = await asService(
      deps.sql,
      (tx) => tx<{ email: string | null }[]>`select private.password_reset_email(${token}) as email`,
    );
    if (!email) throw new ApiError("invalid_input", RESET_LINK_INVALID, "token");
    await requireStrongPassword(new_password, email, "new_password");
    const [{ reset }] = await asService(
      deps.sql,
      (tx) => tx<{ reset: boolean }[]>`select private.reset_password(${token}, ${new_password}) as reset`,
    );
    if (!reset) throw new ApiError("invalid_input", RESET_LINK_INVALID, "token");
    return c.json({ message: "Your password was changed. Please sign in with it." } satisfies MessageResponse);
  });

  // GET /auth/sessions - the caller's live sessions
  app.get("/sessions", async (c) => {
    const rows = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<SessionRow[]>`select session_id, device, created_at, last_used_at, is_current from public.my_sessions()`,
    );
    return c.json({
      sessions: rows.map((row) => ({
        id: row.session_id,
        device: row.device,
        created_at: row.created_at,
        last_used_at: row.last_used_at,
        current: row.is_current,
      })),
    } satisfies SessionsResponse);
  });

  // DELETE /auth/sessions/{id} - end one of the caller's sessions
  app.delete("/sessions/:id", async (c) => {
    const id = uuidParam(c.req.param("id"), "id");
    const [{ ended }] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) => tx<{ ended: number }[]>`select public.end_my_sessions(${id}) as ended`,
    );
    if (ended === 0) throw new ApiError("not_found", "Session not found");
    return c.json({ message: "Signed out" } satisfies MessageResponse);
  });

  // POST /auth/register/business - create a pending business account
  app.post("/register/business", async (c) => {
    const input = await parseJsonBody(c, businessRegistrationSchema);
    await requireStrongPassword(input.password, input.email);
    const { user, session } = await register(
      deps,
      c,
      (tx) => tx<UserRow[]>`
        select ${userColumns(tx)}
        from private.register_user(${input.email}, ${input.password}, 'business', ${input.social_media_page},
                                   ${input.store_phone}, p_business_name => ${input.business_name ?? null})`,
    );
    return c.json(
      {
        ...(await sessionTokens(deps, user, session)),
        user: toUserJson(user),
        message: registeredMessage.business,
      } satisfies RegistrationResponse,
      201,
    );
  });

  // POST /auth/register/influencer - create a pending influencer account
  app.post("/register/influencer", async (c) => {
    const input = await parseJsonBody(c, influencerRegistrationSchema);
    await requireStrongPassword(input.password, input.email);
    const { user, session } = await register(
      deps,
      c,
      (tx) => tx<UserRow[]>`
        select ${userColumns(tx)}
        from private.register_user(${input.email}, ${input.password}, 'influencer', ${input.social_media_page}, null,
                                   ${input.full_name}, ${input.platform})`,
    );
    return c.json(
      {
        ...(await sessionTokens(deps, user, session)),
        user: toUserJson(user),
        message: registeredMessage.influencer,
      } satisfies RegistrationResponse,
      201,
    );
  });

  // GET /auth/me - the caller's account as it is now
  app.get("/me", (c) => c.json({ user: toUserJson(c.get("user")) } satisfies MeResponse));

  // PUT /auth/profile - update shop name and logo (businesses), phone and store handle (influencers), bank details and the KHQR
  app.put("/profile", async (c) => {
    const changes = await parseJsonBody(c, profileUpdateSchema);
    const user = c.get("user");
    if (changes.business_logo_url !== undefined && user.user_type !== "business") {
      throw new ApiError("invalid_input", "Only businesses have a logo", "business_logo_url");
    }
    if (changes.business_name !== undefined && user.user_type !== "business") {
      throw new ApiError("invalid_input", "Only businesses have a shop name", "business_name");
    }
    if (changes.phone !== undefined && user.user_type !== "influencer") {
      throw new ApiError("invalid_input", "Only influencers add a phone number here", "phone");
    }
    if (changes.store_handle !== undefined && user.user_type !== "influencer") {
      throw new ApiError("invalid_input", "Only influencers have a storefront", "store_handle");
    }
    const columns = Object.keys(changes) as (keyof typeof changes)[];
    if (columns.length === 0) throw new ApiError("invalid_input", "Nothing to update");
    const values = Object.fromEntries(columns.map((column) => [column, emptyToNull(changes[column])]));
    const [updated] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<UserRow[]>`update public.users set ${tx(values, columns)} where id = ${user.id}
                    returning ${userColumns(tx)}`,
    ).catch((error) => {
      if (constraintOf(error) === "users_store_handle_key") {
        throw new ApiError("conflict", "This store name is already taken. Choose another", "store_handle");
      }
      throw error;
    });
    return c.json({ user: toUserJson(updated) } satisfies MeResponse);
  });

  return app;
}

const SESSION_ENDED = "Your session has ended. Please sign in again";
const RESET_REQUESTED =
  "If an account uses this email, we have sent it a link to choose a new password. The link works once, for 30 minutes.";
const RESET_LINK_INVALID = "This link to choose a new password has expired or was already used. Ask for a new one";

/**
 * Starts a check of a password from an address (a sign-in, or the current password of a change):
 * refused with a 429 past the throttle's limits (private.begin_login_attempt), else counted as a
 * failure until login_succeeded clears it.
 */
async function beginLoginAttempt(deps: AppDeps, email: string, address: string): Promise<LoginAttempt> {
  const [attempt] = await asService(
    deps.sql,
    (tx) => tx<LoginAttempt[]>`
      select refused, pair_failures, address_failures, attempt_id
      from private.begin_login_attempt(${email}, ${address})`,
  );
  if (attempt.refused) {
    throw new ApiError(
      "rate_limited",
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
      undefined,
      { "Retry-After": "900" },
    );
  }
  return attempt;
}

/** After a wrong password: repeated guessing is answered more and more slowly. */
async function slowDown(attempt: LoginAttempt) {
  const delayMs = failureDelayMs(attempt.pair_failures, attempt.address_failures);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
}

/** Starts a session for the account signing in, named after the browser and system it uses. */
async function startSession(tx: Tx, userId: string, c: Context<AppEnv>): Promise<StartedSession> {
  const device = deviceName(c.req.header("user-agent") ?? "");
  const [session] = await tx<StartedSession[]>`
    select session_id, refresh_token from private.start_session(${userId}, ${device})`;
  return session;
}

/** The tokens a sign-in, a registration or a refresh answers for the session. */
async function sessionTokens(deps: AppDeps, user: UserRow, session: StartedSession) {
  const { token, expiresAt } = await signAccessToken(deps.signingKey, user, session.session_id);
  return { token, refresh_token: session.refresh_token, expires_at: expiresAt };
}

/**
 * Counts the attempt against the address's sign-up limit (even if it then fails), then registers
 * and starts the new account's first session.
 */
async function register(
  deps: AppDeps,
  c: Context<AppEnv>,
  insert: (tx: Tx) => Promise<UserRow[]>,
): Promise<{ user: UserRow; session: StartedSession }> {
  await asService(deps.sql, (tx) => tx`select private.note_signup_attempt(${clientAddress(c)})`);
  try {
    const registered = await asService(deps.sql, async (tx) => {
      const [user] = await insert(tx);
      return { user, session: await startSession(tx, user.id, c) };
    });
    // The sign-up queued the admins' "new sign-up" notice.
    sendTelegramNoticesAfterResponse(deps);
    return registered;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw new ApiError("conflict", "An account with this email already exists", "email");
    }
    throw error;
  }
}

function emptyToNull(value: string | null | undefined) {
  return value === undefined || value === "" ? null : value;
}
