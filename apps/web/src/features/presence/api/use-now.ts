import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so that "5 minutes ago" keeps counting. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
