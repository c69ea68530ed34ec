// What the Instagram and Facebook connect steps share: a signed, single-use state bound to the
// user (made on the way to Meta's page, consumed when the influencer comes back), and Meta's
// refusals during the step turned into answers the influencer can act on.
import type { AppDeps } from "../../_shared/context.ts";
import { type ConnectPurpose, signConnectState, verifyConnectState } from "../../_shared/connect-state.ts";
import { asService } from "../../_shared/db.ts";
import { ApiError } from "../../_shared/errors.ts";
import { MetaError } from "../../_shared/meta-call.ts";

/** A state for `userId`'s next connect step to Meta and back. */
export async function newConnectState(deps: AppDeps, purpose: ConnectPurpose, userId: string): Promise<string> {
  const [{ nonce }] = await asService(
    deps.sql,
    (tx) => tx<{ nonce: string }[]>`select private.new_connect_state(${userId}) as nonce`,
  );
  return signConnectState(deps.signingKey, purpose, userId, nonce);
}

/** Uses up the state the influencer came back with; refused (400, naming `stale`) unless ours, theirs, fresh and unused. */
export async function consumeConnectState(
  deps: AppDeps,
  purpose: ConnectPurpose,
  state: string,
  userId: string,
  stale: string,
): Promise<void> {
  const nonce = await verifyConnectState(deps.signingKey, purpose, state, userId);
  const [{ consumed }] = nonce
    ? await asService(
        deps.sql,
        (tx) => tx<{ consumed: boolean }[]>`select private.consume_connect_state(${nonce}, ${userId}) as consumed`,
      )
    : [{ consumed: false }];
  if (!consumed) throw new ApiError("invalid_input", stale, "state");
}

/**
 * Meta's refusals during a connect step become a 400 naming Meta's reason (a stale code, mostly),
 * and Meta out of reach a 503; `platform` is "Instagram" or "Facebook".
 */
export async function talkToMeta<T>(platform: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MetaError)) throw error;
    if (error.status >= 500)
      throw new ApiError("unavailable", `${platform} could not be reached. Try again in a minute.`);
    throw new ApiError("invalid_input", `${platform} refused the connection: ${error.message}`, "code");
  }
}
