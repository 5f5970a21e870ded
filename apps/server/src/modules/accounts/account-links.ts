import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { verifications } from '../../db/schema/index.js';

/**
 * The links Castline mails that act on an account, kept in the `verifications` table:
 * - password reset: `reset-password:<token>` (written by the auth library; value = the member's id);
 * - email verification: `email-verification:<member id>` (value = the hash of the newest link's
 *   token; the link itself is signed by the auth library, this row makes it the only one valid);
 * - email change: `email-change:<member id>` (settings; value = the new address and its hash).
 * A newer link of a kind voids the older ones; a password reset or change and an email change
 * void every outstanding link of the account (see docs/security.md).
 */
const RESET_PREFIX = 'reset-password:';

export function resetLinkIdentifier(token: string): string {
  return `${RESET_PREFIX}${token}`;
}

export function emailVerificationIdentifier(userId: string): string {
  return `email-verification:${userId}`;
}

export function emailChangeIdentifier(userId: string): string {
  return `email-change:${userId}`;
}

export function linkHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const resetLinksOf = (userId: string) =>
  and(like(verifications.identifier, `${RESET_PREFIX}%`), eq(verifications.value, userId));

/** Voids every outstanding link of the account: reset, email verification and email change. */
export async function voidAccountLinks(executor: Executor, userId: string): Promise<void> {
  await executor
    .delete(verifications)
    .where(
      or(
        resetLinksOf(userId),
        inArray(verifications.identifier, [
          emailVerificationIdentifier(userId),
          emailChangeIdentifier(userId),
        ]),
      ),
    );
}

/** A newer reset link voids the older ones of the account. */
export async function voidOlderResetLinks(
  executor: Executor,
  userId: string,
  newToken: string,
): Promise<void> {
  await executor
    .delete(verifications)
    .where(and(resetLinksOf(userId), ne(verifications.identifier, resetLinkIdentifier(newToken))));
}

/** The member a reset link belongs to, while it is outstanding. */
export async function resetLinkOwner(executor: Executor, token: string): Promise<string | null> {
  const [row] = await executor
    .select({ value: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, resetLinkIdentifier(token)))
    .limit(1);
  return row?.value ?? null;
}

/** Makes this verification link the account's only valid one (a newer link voids the older). */
export async function rememberVerificationLink(
  executor: Executor,
  userId: string,
  token: string,
  expiresAt: Date,
): Promise<void> {
  const identifier = emailVerificationIdentifier(userId);
  await executor.delete(verifications).where(eq(verifications.identifier, identifier));
  await executor.insert(verifications).values({ identifier, value: linkHash(token), expiresAt });
}

/** Whether `token` is the account's newest verification link, still outstanding. */
export async function isCurrentVerificationLink(
  executor: Executor,
  userId: string,
  token: string,
): Promise<boolean> {
  const [row] = await executor
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, emailVerificationIdentifier(userId)),
        eq(verifications.value, linkHash(token)),
        gt(verifications.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return Boolean(row);
}
