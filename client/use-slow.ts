/**
 * True once `busy` has lasted `afterMs` (and false again as soon as it ends): for a line that
 * explains a wait only when there is one to explain (the sign-in pages' SIGN_IN_SLOW).
 */
import { useEffect, useState } from 'react';
import { SLOW_SIGN_IN_MS } from './auth.ts';

export function useSlow(busy: boolean, afterMs = SLOW_SIGN_IN_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), afterMs);
    return () => clearTimeout(timer);
  }, [busy, afterMs]);
  return slow;
}
