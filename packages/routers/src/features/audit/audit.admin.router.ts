import { page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZAuditListInput, ZAuditListOutput } from './audit.schemas';

/** admin.audit (/trpc only): who changed what (docs/admin-panel.md "Audit log"). */
export const auditAdminRouter = router({
  /** Newest first; every filter optional (the panel's Activity page and History sections). */
  list: adminProcedure('audit:read')
    .input(ZAuditListInput)
    .output(ZAuditListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.audit.list({
        ...input,
        actorId: input.actor_id,
        targetType: input.target_type,
        targetId: input.target_id,
        from: input.from === undefined ? undefined : new Date(input.from),
        to: input.to === undefined ? undefined : new Date(input.to),
      });
      return page(items, meta);
    }),
});
