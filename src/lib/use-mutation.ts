// Runs a write call and tracks whether it is pending; the caller handles the result or error.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

export interface MutationState<A extends unknown[], R> {
  run: (...args: A) => Promise<R>;
  isPending: boolean;
}

export function useMutation<A extends unknown[], R>(action: (...args: A) => Promise<R>): MutationState<A, R> {
  const [pending, setPending] = useState(0);
  const mounted = useRef(true);
  const actionRef = useRef(action);
  useLayoutEffect(() => {
    actionRef.current = action;
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A) => {
    setPending((count) => count + 1);
    try {
      return await actionRef.current(...args);
    } finally {
      if (mounted.current) setPending((count) => count - 1);
    }
  }, []);

  return { run, isPending: pending > 0 };
}
