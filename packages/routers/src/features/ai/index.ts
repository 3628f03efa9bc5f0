/** The ai slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { aiAgentsAdminRouter } from './ai.admin.router';
export { type ProductContext, productContextFrom } from './ai.prompt';
export { aiRouter } from './ai.router';
export { type AiModelProvider, type AiService, createAiService } from './ai.service';
export { createAiSlice } from './ai.slice';
export type { AiAgentsService } from './ai-agents.service';
