export { ProfileRoute } from '../../features/profiles';
