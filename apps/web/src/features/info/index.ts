/** The info feature's public door: what other features and the app may use. Everything else in this folder is private to it. */
export { EarlyAccessRoute } from './routes/early-access-route';
