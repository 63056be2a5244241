import { useEffect, useState } from 'react';

/**
 * `value` as it was when `key` last stayed the same for `ms`; until a new key settles, the one
 * settled before (the first at once). What follows the cursor or a form (a request, a list asked
 * for again) uses the settled value, so keys that move on quickly ask for nothing on the way.
 * `key` says when the value changed: a value built anew on every render (an object of filters)
 * is compared by it, not by identity.
 */
export function useSettled<T>(value: T, key: string, ms: number): T {
  const [settled, setSettled] = useState({ value, key });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ value, key }), ms);
    return () => clearTimeout(timer);
    // the key stands for the value.
  }, [key, ms]);
  return settled.value;
}
