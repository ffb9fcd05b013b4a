import { useEffect, useRef } from 'react';

/** Focus a heading when its view appears, so keyboard and screen-reader users land on the news. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
