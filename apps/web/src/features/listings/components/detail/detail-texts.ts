/** Texts of the product detail page that the specification leaves to us (spec 000 §2: "not shown"). */
export const DETAIL_TEXTS = {
  linkCopied: 'Link copied',
  copyFailed: 'Could not copy the link. Copy it from the address bar instead.',
  deleted: 'Listing deleted',
  markedSold: 'Marked as sold',
  ratingSaved: 'Thanks for rating this purchase',
  pendingReviewTitle: 'Pending review',
  pendingReview: 'A moderator will check this listing soon. Buyers can already see it in the marketplace.',
  noPhotos: 'No photos',
  photoUnavailable: 'Photo unavailable',
  rateTitle: 'Rate this purchase',
  deleteTitle: 'Delete this listing?',
  markSoldTitle: 'Mark as sold',
  soldOutside: 'Sold outside Castline',
  noCandidates: 'No member has shown interest in this listing on Castline yet, so there is nobody to pick.',
  similarTitle: 'Similar listings',
} as const;
