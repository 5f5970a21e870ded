export { CaptainsClubRoute } from '../../features/captains';
