/**
 * What the pages tell a seller about a new listing's way to the public, Castline's own texts (the
 * specification gives none). Each must be true of the "Listings need approval" setting the site
 * has now (GET /api/site-notice) or of the listing itself, so there is one text per case.
 */
export const APPROVAL_TEXTS = {
  /** The form, above Create Listing. */
  formApprovalOn:
    'A moderator reviews each new listing before it appears: until it is approved, only you and the moderators can see it.',
  formApprovalOff:
    'Your listing appears in the marketplace as soon as you create it. Moderators review new listings and may hide one that breaks the rules.',
  /** The dashboard, when the member has no listings yet. */
  dashboardApprovalOn: 'A new listing appears once a moderator has approved it.',
  dashboardApprovalOff: 'A new listing appears at once; moderators may hide one that breaks the rules.',
  /** The seller's own page of a listing that waits for approval (not public yet). */
  awaitingApproval:
    'A moderator will check this listing soon. Until it is approved, only you and the moderators can see it.',
} as const;

/** The form's sentence for the site's setting; null while the site has not said. */
export function formApprovalText(requireApproval: boolean | undefined): string | null {
  if (requireApproval === undefined) return null;
  return requireApproval ? APPROVAL_TEXTS.formApprovalOn : APPROVAL_TEXTS.formApprovalOff;
}

/** The dashboard's sentence for the site's setting; null while the site has not said. */
export function dashboardApprovalText(requireApproval: boolean | undefined): string | null {
  if (requireApproval === undefined) return null;
  return requireApproval ? APPROVAL_TEXTS.dashboardApprovalOn : APPROVAL_TEXTS.dashboardApprovalOff;
}
