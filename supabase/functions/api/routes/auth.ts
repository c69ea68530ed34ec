// Account paths: sign-in, registration, the caller's own account and profile.
import { Hono } from "hono";
import {
  businessRegistrationSchema,
  influencerRegistrationSchema,
  loginSchema,
  profileUpdateSchema,
  type LoginResponse,
  type MeResponse,
  type RegistrationResponse,
} from "../../_shared/contract/auth.ts";
import type { Database } from "../../_shared/database.types.ts";
import { asService, asUser, type Tx } from "../../_shared/db.ts";
import type { AppDeps } from "../../_shared/context.ts";
import { clientAddress } from "../../_shared/client-address.ts";
import { ApiError } from "../../_shared/errors.ts";
import type { AppEnv } from "../lib/app-env.ts";
import { failureDelayMs } from "../lib/login-throttle.ts";
import { signAccessToken } from "../../_shared/tokens.ts";
import { toUserJson, userColumns, type UserRow } from "../read-models/users.ts";
import { parseJsonBody } from "../../_shared/validation.ts";
import { sendTelegramNoticesAfterResponse } from "../lib/telegram-notices.ts";

type LoginAttempt = Database["private"]["Functions"]["begin_login_attempt"]["Returns"][number];

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
    const user = await asService(deps.sql, async (tx) => {
      const [row] = await tx<VerifiedLogin[]>`
        select ${userColumns(tx)} from private.verify_login(${email}, ${password})`;
      if (!row || row.id === null) return null;
      await tx`select private.login_succeeded(${attempt.attempt_id}, ${email}, ${address})`;
      return row;
    });
    if (!user) {
      // Slow repeated guessing down; the same answer whichever part was wrong.
      const delayMs = failureDelayMs(attempt.pair_failures, attempt.address_failures);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      throw new ApiError("unauthorized", "Invalid email or password");
    }
    return c.json({
      token: await signAccessToken(deps.signingKey, user),
      user: toUserJson(user),
    } satisfies LoginResponse);
  });

  // POST /auth/register/business - create a pending business account
  app.post("/register/business", async (c) => {
    const input = await parseJsonBody(c, businessRegistrationSchema);
    const user = await register(
      deps,
      clientAddress(c),
      (tx) => tx<UserRow[]>`
        select ${userColumns(tx)}
        from private.register_user(${input.email}, ${input.password}, 'business', ${input.social_media_page},
                                   ${input.store_phone}, p_business_name => ${input.business_name ?? null})`,
    );
    return c.json(
      {
        token: await signAccessToken(deps.signingKey, user),
        user: toUserJson(user),
        message: registeredMessage.business,
      } satisfies RegistrationResponse,
      201,
    );
  });

  // POST /auth/register/influencer - create a pending influencer account
  app.post("/register/influencer", async (c) => {
    const input = await parseJsonBody(c, influencerRegistrationSchema);
    const user = await register(
      deps,
      clientAddress(c),
      (tx) => tx<UserRow[]>`
        select ${userColumns(tx)}
        from private.register_user(${input.email}, ${input.password}, 'influencer', ${input.social_media_page}, null,
                                   ${input.full_name}, ${input.platform})`,
    );
    return c.json(
      {
        token: await signAccessToken(deps.signingKey, user),
        user: toUserJson(user),
        message: registeredMessage.influencer,
      } satisfies RegistrationResponse,
      201,
    );
  });

  // GET /auth/me - the caller's account as it is now
  app.get("/me", (c) => c.json({ user: toUserJson(c.get("user")) } satisfies MeResponse));

  // PUT /auth/profile - update shop name and logo (businesses), phone (influencers), bank details and the KHQR
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
    const columns = Object.keys(changes) as (keyof typeof changes)[];
    if (columns.length === 0) throw new ApiError("invalid_input", "Nothing to update");
    const values = Object.fromEntries(columns.map((column) => [column, emptyToNull(changes[column])]));
    const [updated] = await asUser(
      deps.sql,
      c.get("claims"),
      (tx) =>
        tx<UserRow[]>`update public.users set ${tx(values, columns)} where id = ${user.id}
                    returning ${userColumns(tx)}`,
    );
    return c.json({ user: toUserJson(updated) } satisfies MeResponse);
  });

  return app;
}

/** Counts the attempt against the address's sign-up limit (even if it then fails), then registers. */
async function register(deps: AppDeps, address: string, insert: (tx: Tx) => Promise<UserRow[]>): Promise<UserRow> {
  await asService(deps.sql, (tx) => tx`select private.note_signup_attempt(${address})`);
  try {
    const [user] = await asService(deps.sql, insert);
    // The sign-up queued the admins' "new sign-up" notice.
    sendTelegramNoticesAfterResponse(deps);
    return user;
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
