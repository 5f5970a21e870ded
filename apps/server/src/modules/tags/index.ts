/** The tags module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { registerTagsModule } from './tags.module.js';
