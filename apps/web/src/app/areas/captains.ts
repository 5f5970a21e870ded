export { CaptainsClubRoute } from '../../features/captains/routes/captains-club-route';
