/** The reviews feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { reviewKeys } from './api/review-keys';
export { OrderReviewPanel } from './components/order-review-panel';
export { ProfileReviews } from './components/profile-reviews';
export { LazySellerFigures } from './components/lazy-seller-figures';
export { SellerFigures } from './components/seller-figures';
export { loadProfileReviews } from './load-profile-reviews';
