/**
 * The merchant a member of several chose in the switcher (layout/MerchantSwitcher.tsx), kept in this
 * browser; null: all of theirs. The data provider filters lists by it; the member's dashboard follows
 * it (`useMemberChoice`).
 */
import { useSyncExternalStore } from 'react';
import { isAdmin, myMemberships } from './access.ts';

const KEY = 'invoicepay.console.merchant';
/** The choice as last read or made; undefined until first read. */
let current: string | null | undefined;
const listeners = new Set<() => void>();

export function chosenMerchant(): string | null {
  if (current === undefined) {
    try {
      current = localStorage.getItem(KEY);
    } catch {
      current = null;
    }
  }
  return current;
}

/** A member's choice, when it is still one of their merchants (null for an admin, or all of theirs). */
export function memberChoice(): string | null {
  const chosen = isAdmin() ? null : chosenMerchant();
  return chosen && myMemberships().some((m) => m.merchant_id === chosen) ? chosen : null;
}

export function chooseMerchant(id: string | null): void {
  current = id;
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage off: the choice lasts this page only */
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `memberChoice()`, re-rendering the component when the switcher changes it. */
export function useMemberChoice(): string | null {
  return useSyncExternalStore(subscribe, memberChoice);
}
