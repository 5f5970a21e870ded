import { createHash } from 'node:crypto';

/** The first frame of a V8 ("    at fn (file:1:2)") or Firefox/Safari ("fn@file:1:2") stack. */
export function firstStackFrame(stack: string | null | undefined): string {
  if (!stack) return '';
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('at ') || /^[^\s]*@.+:\d+(:\d+)?$/.test(line)) return line;
  }
  return '';
}

/** Errors with the same message thrown from the same place share a fingerprint (32 hex characters). */
export function errorFingerprint(message: string, stack: string | null | undefined): string {
  return createHash('sha256')
    .update(`${message.trim()}\n${firstStackFrame(stack)}`)
    .digest('hex')
    .slice(0, 32);
}
