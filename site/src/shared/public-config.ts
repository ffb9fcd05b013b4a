/**
 * The browser's view of `GET /api/public/config`, fetched once per page load and shared by every
 * component. Until it arrives (or if it fails) the product name is the default, 'InvoicePay'.
 */
import { useEffect, useState } from 'react';
import type { Schemas } from '../../../client/api-types.ts';
import { requestJson } from '../../../client/http.ts';

export const DEFAULT_PRODUCT_NAME = 'InvoicePay';

export type PublicConfig = Schemas['PublicConfig'];

let pending: Promise<PublicConfig | null> | null = null;
let loaded: PublicConfig | null = null;

export function loadPublicConfig(): Promise<PublicConfig | null> {
  pending ??= requestJson<PublicConfig>('/api/public/config')
    .then((config) => (loaded = config))
    .catch(() => null);
  return pending;
}

/** The product name (PRODUCT_NAME on the server), 'InvoicePay' while loading. */
export function useProductName(): string {
  const [name, setName] = useState(loaded?.productName ?? DEFAULT_PRODUCT_NAME);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then((config) => {
      if (live && config?.productName) setName(config.productName);
    });
    return () => {
      live = false;
    };
  }, []);
  return name;
}

/**
 * Whether a business may sign itself up (MERCHANT_SIGNUP): Sign up links and Get Started lead to
 * /signup. True while loading (the server's default); a server with sign-up off turns them back to
 * the sales contact form once its answer arrives.
 */
export function useMerchantSignup(): boolean {
  const [open, setOpen] = useState(loaded?.merchantSignup ?? true);
  useEffect(() => {
    let live = true;
    void loadPublicConfig().then((config) => {
      if (live && config) setOpen(config.merchantSignup);
    });
    return () => {
      live = false;
    };
  }, []);
  return open;
}
