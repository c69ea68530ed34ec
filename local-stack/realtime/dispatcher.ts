// Fans committed transactions out to the joined channels: which bindings each change satisfies,
// whether each subscriber may see it, then the postgres_changes events, in commit order.
//
// Transactions are prepared as soon as they arrive (visibility checks of several transactions
// run concurrently) but delivered strictly one after another, so every subscriber sees changes
// in commit order.
import { bindingMatches, type PostgresBinding } from "./bindings.ts";
import { buildChange, type Change } from "./changes.ts";
import type { Authoriser, VisibilityQuestion } from "./authorise.ts";
import type { CommittedTransaction } from "./replication.ts";
import type { Claims } from "./tokens.ts";

/** The identity a channel is authorised as; replaced as a whole when the token changes. */
export interface SubscriberAuth {
  token: string;
  claims: Claims;
  claimsJson: string;
}

export interface Subscriber {
  readonly active: boolean;
  readonly bindings: PostgresBinding[];
  readonly auth: SubscriberAuth;
  sendChange(ids: number[], data: Change["data"]): void;
}

interface Delivery {
  subscriber: Subscriber;
  change: Change;
  ids: number[];
  /** The identity the visibility was checked for (a token refresh in between means re-checking). */
  auth: SubscriberAuth;
  visible: boolean;
}

export class Dispatcher {
  private tail: Promise<void> = Promise.resolve();
  private readonly reported = new Set<string>();

  constructor(
    private readonly subscribers: () => Iterable<Subscriber>,
    private readonly authoriser: Authoriser,
    private readonly log: (message: string) => void,
  ) {}

  dispatch(transaction: CommittedTransaction): void {
    const prepared = this.prepare(transaction);
    prepared.catch(() => {}); // reported when its turn comes
    this.tail = this.tail.then(async () => {
      try {
        await this.deliver(await prepared);
      } catch (error) {
        this.log(`could not deliver a transaction: ${error instanceof Error ? error.stack : error}`);
      }
    });
  }

  /** Resolves when everything dispatched so far has been delivered. */
  idle(): Promise<void> {
    return this.tail;
  }

  private async prepare(transaction: CommittedTransaction): Promise<Delivery[]> {
    const relations = await Promise.allSettled(transaction.changes.map((change) => change.relation));
    const changes: Change[] = [];
    relations.forEach((relation, i) => {
      if (relation.status === "fulfilled") {
        changes.push(buildChange(transaction.changes[i], relation.value, transaction.xid, transaction.commitTimestamp));
      } else {
        this.reportOnce(`table metadata unavailable, change skipped: ${relation.reason}`);
      }
    });

    const subscribers = [...this.subscribers()].filter((subscriber) => subscriber.active);
    const deliveries: Delivery[] = [];
    const questions: VisibilityQuestion[] = [];
    const questionOf = new Map<Delivery, number>();
    for (const change of changes) {
      for (const subscriber of subscribers) {
        const ids = subscriber.bindings
          .filter((binding) => bindingMatches(binding, change.relation, change.type, change.filterTuple))
          .map((binding) => binding.id);
        if (ids.length === 0) continue;
        const delivery: Delivery = { subscriber, change, ids, auth: subscriber.auth, visible: true };
        const question = this.questionFor(change, delivery.auth);
        if (question === "denied") continue;
        if (question) questionOf.set(delivery, questions.push(question) - 1);
        deliveries.push(delivery);
      }
    }
    const answers = await this.authoriser.visible(questions);
    for (const [delivery, index] of questionOf) delivery.visible = answers[index];
    return deliveries;
  }

  private async deliver(deliveries: Delivery[]): Promise<void> {
    for (const delivery of deliveries) {
      const { subscriber, change } = delivery;
      if (!subscriber.active) continue;
      let visible = delivery.visible;
      const auth = subscriber.auth;
      if (auth !== delivery.auth) {
        // The channel switched identity (access_token) after the check: ask again for the new one.
        const question = this.questionFor(change, auth);
        visible =
          question === null ? true : question === "denied" ? false : (await this.authoriser.visible([question]))[0];
        if (!subscriber.active || subscriber.auth !== auth) continue;
      }
      if (visible) subscriber.sendChange(delivery.ids, change.data);
    }
  }

  /** null: no check needed; "denied": cannot be checked; otherwise the question to ask. */
  private questionFor(change: Change, auth: SubscriberAuth): VisibilityQuestion | null | "denied" {
    // Hosted Realtime does not RLS-check deletes (they carry only the key), and service_role
    // bypasses RLS.
    if (change.type === "DELETE" || auth.claims.role === "service_role") return null;
    if (change.relation.rlsEnabled && !change.keyValues) {
      this.reportOnce(
        `${change.relation.schema}.${change.relation.table} has RLS but no primary key: its changes cannot be ` +
          "visibility-checked and go only to service_role subscribers",
      );
      return "denied";
    }
    return {
      xid: change.xid,
      identity: auth.token,
      role: auth.claims.role,
      claimsJson: auth.claimsJson,
      relation: change.relation,
      keyValues: change.keyValues,
    };
  }

  private reportOnce(message: string) {
    if (this.reported.has(message) || this.reported.size > 100) return;
    this.reported.add(message);
    this.log(message);
  }
}
