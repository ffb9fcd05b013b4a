/**
 * react-admin's small-screen pattern for every console list: a `SimpleList` on phones and the
 * full `DataTable` from the `sm` breakpoint up, and list filters that start collapsed on phones
 * (only the search box stays open; the others wait behind the Filter button).
 */
import { useMediaQuery, type Theme } from '@mui/material';
import { cloneElement, useMemo, type ReactElement } from 'react';

export function useIsPhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
}

/** The list body for the screen: `phone` below `sm`, `wide` from it up. */
export function ResponsiveList({ phone, wide }: { phone: ReactElement; wide: ReactElement }) {
  return useIsPhone() ? phone : wide;
}

/** A list's filters, with every one but the search box (`source="q"`) collapsed on phones. */
export function useListFilters(filters: ReactElement<{ source: string; alwaysOn?: boolean }>[]) {
  const phone = useIsPhone();
  return useMemo(
    () =>
      phone
        ? filters.map((f) => (f.props.source === 'q' ? f : cloneElement(f, { alwaysOn: false })))
        : filters,
    [phone, filters],
  );
}
