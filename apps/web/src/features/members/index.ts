/** The members feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { avatarFallbackWidth, avatarSrcSet, avatarVariantUrl } from './avatar-variants';
export { MemberSearch } from './components/member-search';
export { useMemberSearch } from './api/member-search.api';
