import { useEffect, useRef } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router-dom';

/** Drops one parameter from the address with a replace navigation: no new history entry. */
export function dropParam(setParams: SetURLSearchParams, name: string): void {
  setParams(
    (current) => {
      const next = new URLSearchParams(current);
      next.delete(name);
      return next;
    },
    { replace: true },
  );
}

/**
 * Acts on a quick-action link such as `/fitness?add=1` once, then drops the parameter with a
 * replace navigation so that a reload or a Back does not repeat the action. `act` receives
 * the parameter's value and must be idempotent: StrictMode runs the effect twice.
 */
export function useDeepLink(name: string, act: (value: string) => void): void {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const actRef = useRef(act);
  actRef.current = act;

  useEffect(() => {
    if (value === null) return;
    actRef.current(value);
    dropParam(setParams, name);
  }, [name, value, setParams]);
}
