export { ProfileRoute } from '../../features/profiles/routes/profile-route';
