// The rider's steps, sent one after another in the order they were marked, and sent again until
// the server answers: the one write in the product that repeats itself (docs/architecture.md, "The
// rider's page"), because each step carries its own id and the server applies an id once. A step
// marked without signal waits on the phone (pending-steps.ts) and goes when the signal returns
// ("online"), every 15 s meanwhile, or when the page opens again. A refusal (the order was
// cancelled meanwhile, another amount) is not repeated: it is shown on the order.
import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { RiderStepResponse } from "@contract/rider.ts";
import { ApiError, apiRequestUnparsed } from "@/lib/api-client.ts";
import { riderPageKey } from "./rider-page.ts";
import { pendingSteps, savePendingSteps, stepBody, type PendingStep } from "@/features/rider/utils/pending-steps.ts";

/** The wait between tries while a step cannot reach the server. */
export const STEP_RETRY_MS = 15_000;

/** The request may not have reached the server, or the server could not answer: try again. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.kind !== "http") return true; // network, timeout, an unreadable answer
  return error.status === 429 || (error.status ?? 0) >= 500;
}

export interface StepRefusal {
  order_id: string;
  message: string;
}

/** A step the server took, for the page's "Done on this phone". */
export type DoneStep = Pick<PendingStep, "step_id" | "order_number" | "step">;

/** The most done steps the page lists: the latest ones. */
const DONE_SHOWN = 10;

export function useRiderSteps(token: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState<PendingStep[]>(() => pendingSteps(token));
  const [refusals, setRefusals] = useState<StepRefusal[]>([]);
  const [done, setDone] = useState<DoneStep[]>([]);
  const [waiting, setWaiting] = useState(false);
  const sending = useRef(false);

  const update = useCallback(
    (change: (steps: PendingStep[]) => PendingStep[]) => {
      // Read from storage, so a step saved by another tab of the same link is kept.
      const next = change(pendingSteps(token));
      savePendingSteps(token, next);
      setPending(next);
      return next;
    },
    [token],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    let answered = false;
    try {
      for (let next = pendingSteps(token)[0]; next; next = pendingSteps(token)[0]) {
        try {
          await apiRequestUnparsed<RiderStepResponse>(
            `/rider/${encodeURIComponent(token)}/orders/${encodeURIComponent(next.order_id)}`,
            { method: "PUT", body: stepBody(next), token: null },
          );
          const { step_id, order_number, step } = next;
          setDone((all) => [{ step_id, order_number, step }, ...all].slice(0, DONE_SHOWN));
        } catch (error) {
          if (worthRetrying(error)) {
            setWaiting(true);
            return;
          }
          const message = error instanceof Error ? error.message : String(error);
          setRefusals((all) => [
            ...all.filter((r) => r.order_id !== next.order_id),
            { order_id: next.order_id, message },
          ]);
        }
        answered = true;
        const sent = next.step_id;
        update((steps) => steps.filter((step) => step.step_id !== sent));
      }
      setWaiting(false);
    } finally {
      sending.current = false;
      // The orders as the server now has them (a delivered one leaves the list).
      if (answered) await client.invalidateQueries({ queryKey: riderPageKey(token) });
    }
  }, [client, token, update]);

  // Send what waits on the phone now, when the signal returns, and every 15 s while any waits.
  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [flush]);
  useEffect(() => {
    if (pending.length === 0) return;
    const timer = setInterval(() => void flush(), STEP_RETRY_MS);
    return () => clearInterval(timer);
  }, [flush, pending.length]);

  const mark = useCallback(
    (step: Omit<PendingStep, "step_id">) => {
      setRefusals((all) => all.filter((r) => r.order_id !== step.order_id));
      update((steps) => [...steps, { ...step, step_id: crypto.randomUUID() }]);
      void flush();
    },
    [flush, update],
  );

  return { pending, refusals, done, waiting, mark };
}
