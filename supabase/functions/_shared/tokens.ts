// Supabase-compatible access tokens (HS256 with the project's JWT secret), so row-level
// security and Realtime authorise them as they would Supabase Auth tokens. Claims that can
// change (approval) are informational only: the server reads them from the database.
import { jwtVerify, SignJWT } from "jose";
import type { Claims } from "./db.ts";

export const TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

export interface TokenUser {
  id: string;
  email: string;
  user_type: string;
  is_approved: boolean;
}

export function signAccessToken(secret: string, user: TokenUser): Promise<string> {
  return new SignJWT({
    role: "authenticated",
    email: user.email,
    user_type: user.user_type,
    is_approved: user.is_approved,
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setAudience("authenticated")
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .sign(new TextEncoder().encode(secret));
}

/** The verified claims of a user token, or null when it is missing, forged, expired or not a user's. */
export async function verifyAccessToken(secret: string, token: string): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
      audience: "authenticated",
    });
    if (payload.role !== "authenticated" || typeof payload.sub !== "string") return null;
    return payload as unknown as Claims;
  } catch {
    return null;
  }
}
