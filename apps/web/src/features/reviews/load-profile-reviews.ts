/** The profile's reviews section, loaded when its tab opens (not part of a profile's first load). */
export const loadProfileReviews = () => import('./components/profile-reviews');
