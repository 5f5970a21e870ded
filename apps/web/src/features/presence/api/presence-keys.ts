/** One entry per member: their PresenceDto, filled by GET /api/presence and presence events. */
export const presenceKeys = {
  all: ['presence'] as const,
  member: (userId: string) => ['presence', userId] as const,
};
