export { HomeRoute } from '../../features/home';
