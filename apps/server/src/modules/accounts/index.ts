/** The accounts module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { emailChangeIdentifier, voidAccountLinks } from './account-links.js';
export { createAccountsRepository } from './accounts.repository.js';
export { registerAccountsRoutes } from './accounts.routes.js';
export { createAccountsService } from './accounts.service.js';
export { createAuthMail } from './auth-mail.js';
export { createAuth } from './auth.js';
export { createKnownDevices } from './known-devices.js';
export { hashPassword, verifyPassword } from './password-hasher.js';
