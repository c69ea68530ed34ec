// The `state` of a connect step (Instagram's authorize page, Facebook Login): a short JWT signed
// with the function's own key, naming the user, a nonce the database hands out once and what it
// connects. The signature proves we issued it; consuming the nonce
// (private.consume_connect_state) makes it single-use and bound to that user; the purpose keeps a
// state made for one platform from finishing the other's.
import { jwtVerify, SignJWT } from "jose";
import type { SigningKey } from "./tokens.ts";

export type ConnectPurpose = "instagram_connect" | "facebook_connect";

const LIFETIME = "10m";

export function signConnectState(
  key: SigningKey,
  purpose: ConnectPurpose,
  userId: string,
  nonce: string,
): Promise<string> {
  return new SignJWT({ purpose, nonce })
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: key.kid })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(key.privateKey);
}

/** The nonce of a state this function signed for `userId` and `purpose`, or null (forged, expired, someone else's). */
export async function verifyConnectState(
  key: SigningKey,
  purpose: ConnectPurpose,
  state: string,
  userId: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(state, key.verifyKey, { algorithms: ["ES256"], subject: userId });
    return payload.purpose === purpose && typeof payload.nonce === "string" ? payload.nonce : null;
  } catch {
    return null;
  }
}
