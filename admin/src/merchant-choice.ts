/**
 * The merchant a member of several chose in the switcher (layout/MerchantSwitcher.tsx), kept in this
 * browser; null: all of theirs. The data provider filters lists by it.
 */
const KEY = 'invoicepay.console.merchant';

export function chosenMerchant(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function chooseMerchant(id: string | null): void {
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage off: the choice lasts this page only */
  }
}
