/** The audit slice's public surface (docs/architecture.md, docs/admin-panel.md "Audit log"). */
export { auditAdminRouter } from './audit.admin.router';
export type { AuditEntry } from './audit.repository';
export type { AuditService } from './audit.service';
export { AUDIT_RETENTION_QUEUE, createAuditSlice } from './audit.slice';
export type { AuditMeta } from './audit.target';
