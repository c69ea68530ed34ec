// The `state` of the connect step: a short JWT signed with the function's own key, naming the
// user and a nonce the database hands out once. The signature proves we issued it; consuming the
// nonce (private.consume_instagram_connect_state) makes it single-use and bound to that user.
import { jwtVerify, SignJWT } from "jose";
import type { SigningKey } from "../tokens.ts";

const PURPOSE = "instagram_connect";
const LIFETIME = "10m";

export function signConnectState(key: SigningKey, userId: string, nonce: string): Promise<string> {
  return new SignJWT({ purpose: PURPOSE, nonce })
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: key.kid })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(key.privateKey);
}

/** The nonce of a state this function signed for `userId`, or null (forged, expired, someone else's). */
export async function verifyConnectState(key: SigningKey, state: string, userId: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(state, key.verifyKey, { algorithms: ["ES256"], subject: userId });
    return payload.purpose === PURPOSE && typeof payload.nonce === "string" ? payload.nonce : null;
  } catch {
    return null;
  }
}
