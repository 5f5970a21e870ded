export * from './forum-constants.js';
export * from './forum.schemas.js';
export * from './profile-settings.schemas.js';
export * from './display-name.js';
