export interface SessionOwnerActor {
  id: string;
}

export interface OwnedSession {
  userId: string;
}

/** A member may end only their own sessions (admin session control arrives with the admin area). */
export function canRevokeSession(
  actor: SessionOwnerActor | null | undefined,
  session: OwnedSession,
): boolean {
  return Boolean(actor && actor.id === session.userId);
}
