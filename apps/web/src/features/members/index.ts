/** The members feature: finding a member by username or name, and their avatar variants. */
export { memberKeys, searchMembers, useMemberSearch } from './api/member-search.api';
export type { MemberSearchProps } from './components/member-search';
export { MemberSearch } from './components/member-search';
export { avatarFallbackWidth, avatarSrcSet, avatarVariantUrl } from './avatar-variants';
