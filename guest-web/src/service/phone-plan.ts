import { useEffect, useState } from 'react';

/**
 * The numbering plans (libphonenumber-js, about 30 KB gzip) load after the page's first
 * view, so the form shows as fast as before; until they arrive only SPEC's pattern is
 * checked here, and the server checks the plan either way.
 */
type PhonePlan = typeof import('@shared/phone-plan');

let plan: PhonePlan | null = null;
let loading: Promise<PhonePlan> | null = null;

export function loadPhonePlan(): Promise<PhonePlan> {
  loading ??= import('@shared/phone-plan').then((module) => (plan = module));
  return loading;
}

/** The plans when loaded, else null. */
export function phonePlan(): PhonePlan | null {
  return plan;
}

/** The plans, loading them on first use; the component renders again once they are here. */
export function usePhonePlan(): PhonePlan | null {
  const [loaded, setLoaded] = useState(plan);
  useEffect(() => {
    if (!loaded) void loadPhonePlan().then(setLoaded);
  }, [loaded]);
  return loaded;
}
