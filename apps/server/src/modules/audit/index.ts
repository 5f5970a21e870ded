/** The audit module's public door: what other modules and the app may use. Everything else in this folder is private to it. */
export { writeAudit } from './audit-writer.js';
export type { AuditEntry } from './audit-writer.js';
