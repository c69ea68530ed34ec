// The steps a rider marked that the server has not answered yet, kept on the phone (localStorage,
// per rider link) so a step marked without signal, or before the phone went to sleep, is not lost.
// Each carries the id the phone made for it: sending it again, after a timeout or a lost answer,
// cannot apply it twice (the server answers a known step id without acting).
import type { RiderStep, RiderStepInput } from "@contract/rider.ts";

export interface PendingStep {
  step_id: string;
  order_id: string;
  order_number: string;
  step: RiderStep;
  /** Dollars, for a delivery: the amount to collect the rider confirmed. */
  cash_collected?: string;
}

const key = (token: string) => `shoplink.riderSteps.${token}`;

function isPendingStep(value: unknown): value is PendingStep {
  const step = value as PendingStep | null;
  return typeof step?.step_id === "string" && typeof step.order_id === "string" && typeof step.step === "string";
}

export function pendingSteps(token: string): PendingStep[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key(token)) ?? "[]");
    return Array.isArray(stored) ? stored.filter(isPendingStep) : [];
  } catch {
    return []; // no storage (private mode) or a broken entry
  }
}

export function savePendingSteps(token: string, steps: PendingStep[]): void {
  try {
    if (steps.length === 0) localStorage.removeItem(key(token));
    else localStorage.setItem(key(token), JSON.stringify(steps));
  } catch {
    // Storage full or refused: the steps still go from memory while the page stays open.
  }
}

/** The request body of a step. */
export function stepBody(step: PendingStep): RiderStepInput {
  return step.cash_collected === undefined
    ? { step: step.step, step_id: step.step_id }
    : { step: step.step, step_id: step.step_id, cash_collected: step.cash_collected };
}
