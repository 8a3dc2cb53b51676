/**
 * A small form state hook for the login and registration screens (antd's Form would add about
 * 40 KB gzip to the first load; DESIGN §5 allows 200 KB for /user/login).
 *
 * Errors are derived on every render from the current values and rules, so they follow the
 * language switch. A field shows its error after it was blurred or after a submit attempt.
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';

export type Rule<V> = (value: string, values: V) => string | null;
export type Rules<V> = Partial<Record<keyof V & string, Array<Rule<V>>>>;

export function useForm<V extends Record<string, string | boolean>>(initial: V, rules: Rules<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errorOf = useCallback(
    (name: keyof V & string, all: V = values): string | null => {
      for (const rule of rules[name] ?? []) {
        const message = rule(String(all[name] ?? ''), all);
        if (message) return message;
      }
      return null;
    },
    [rules, values],
  );

  const errors = useMemo(() => {
    const out: Partial<Record<keyof V, string>> = {};
    for (const name of Object.keys(rules) as Array<keyof V & string>) {
      if (!submitted && !touched[name]) continue;
      const message = errorOf(name);
      if (message) out[name] = message;
    }
    return out;
  }, [rules, submitted, touched, errorOf]);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
  }, []);

  const touch = useCallback((name: keyof V) => setTouched((prev) => ({ ...prev, [name]: true })), []);

  /** Validates the given fields (all with rules when omitted); marks them touched. */
  const validate = useCallback(
    (names?: Array<keyof V & string>): boolean => {
      const list = names ?? (Object.keys(rules) as Array<keyof V & string>);
      setTouched((prev) => ({ ...prev, ...Object.fromEntries(list.map((n) => [n, true])) }));
      return list.every((name) => !errorOf(name));
    },
    [rules, errorOf],
  );

  const handleSubmit = useCallback(
    (onValid: (values: V) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const invalid = (Object.keys(rules) as Array<keyof V & string>).filter((name) => errorOf(name));
      if (invalid.length) {
        const form = event.currentTarget;
        requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus());
        return;
      }
      void onValid(values);
    },
    [rules, errorOf, values],
  );

  return { values, errors, setValue, touch, validate, handleSubmit };
}
