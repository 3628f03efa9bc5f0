import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ERROR_TABLE, type ErrorCode, ZErrorEnvelope } from './errors';
import { avatarUploadPath } from './features/customer/avatar.openapi';
import { invoicePath } from './features/orders/invoice.openapi';
import { type RestMeta, restProcedureMetas } from './rest-procedures';
import { appRouter } from './root';

const ERROR_ENVELOPE_REF = { $ref: '#/components/schemas/ErrorEnvelope' };

/** Error codes listed on every operation: any request can meet these. */
const ALWAYS: ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];

function describe(status: number): string {
  const codes = Object.entries(ERROR_TABLE)
    .filter(([, entry]) => entry.status === status)
    .map(([code]) => code);
  return `Error envelope; error_code one of ${codes.join(', ')}`;
}

/**
 * The served document. trpc-to-openapi describes errors as `{message, code, issues}`; the REST
 * layer sends the contract's envelope instead, so every error response is rewritten to it here.
 */
export function buildOpenApiDocument(options: { baseUrl: string; version: string }): OpenAPIObject {
  const extraPaths: ZodOpenApiPathsObject = { ...avatarUploadPath, ...invoicePath };
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Storefront API',
    version: options.version,
    openApiVersion: '3.1.0',
    baseUrl: options.baseUrl,
    description: [
      'REST API for the storefront mobile apps. Every success body is `{success: true, message?, data}`',
      '(paginated lists add `meta`), every failure `{success: false, message, error_code, errors?}`.',
      'Authenticate with `Authorization: Bearer <token>` from register or login.',
      'Validation failures answer 422 with `errors` keyed by request field; malformed JSON 400; unknown route 404.',
    ].join(' '),
    securitySchemes: { Authorization: { type: 'http', scheme: 'bearer' } },
    paths: extraPaths,
    defs: { ErrorEnvelope: ZErrorEnvelope },
  });

  applySuccessStatuses(doc);
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(pathItem as Record<string, OperationLike>)) {
      if (!operation?.responses) continue;
      const statuses = new Set(Object.keys(operation.responses).filter((s) => Number(s) >= 400));
      for (const code of ALWAYS) statuses.add(String(ERROR_TABLE[code].status));
      if (operation.requestBody || operation.parameters?.length) statuses.add('422');
      if (operation.requestBody) statuses.add('400');
      // express.json() refuses bodies over 1 MB; the adapter refuses non-JSON content types.
      if (operation.requestBody?.content?.['application/json']) {
        statuses.add('413');
        statuses.add('415');
      }
      if (operation.security?.length) statuses.add('401');
      // An id in the path can be unknown (or someone else's): 404.
      if (operation.parameters?.some((p) => (p as { in?: string }).in === 'path'))
        statuses.add('404');
      for (const status of statuses) {
        operation.responses[status] = {
          description: describe(Number(status)),
          content: { 'application/json': { schema: ERROR_ENVELOPE_REF } },
        };
      }
    }
  }
  // After the error statuses: its If-None-Match parameter is no reason to document a 422.
  applyCaching(doc);
  return doc;
}

interface OperationLike {
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, unknown> };
  parameters?: unknown[];
  security?: unknown[];
}

/**
 * Procedures declaring `successStatus` answer 201: the document says so instead of 200, or
 * besides it when the procedure answers 200 for a resource that already existed.
 */
function operationOf(doc: OpenAPIObject, meta: RestMeta): OperationLike | undefined {
  return (doc.paths?.[meta.openapi.path] as Record<string, OperationLike> | undefined)?.[
    meta.openapi.method.toLowerCase()
  ];
}

function applySuccessStatuses(doc: OpenAPIObject): void {
  for (const meta of restProcedureMetas()) {
    const status = meta.successStatus;
    if (!status) continue;
    const operation = operationOf(doc, meta);
    if (!operation?.responses?.['200']) continue;
    const success = operation.responses['200'] as { description?: string };
    operation.responses[String(status)] = { ...success, description: 'Created' };
    if (meta.okWhenExisting) {
      operation.responses['200'] = { ...success, description: 'It already existed' };
    } else {
      delete operation.responses['200'];
    }
  }
}

const CACHE_HEADERS = {
  ETag: {
    description:
      'Names this version of the public catalogue; send it back in If-None-Match to revalidate.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: 'public; revalidate with If-None-Match before reuse (max-age from configuration).',
    schema: { type: 'string' },
  },
};

/** Catalogue reads: an ETag on 200, and 304 with no body when If-None-Match still matches. */
function applyCaching(doc: OpenAPIObject): void {
  for (const meta of restProcedureMetas()) {
    if (!meta.cacheable) continue;
    const operation = operationOf(doc, meta);
    const success = operation?.responses?.['200'] as { headers?: object } | undefined;
    if (!operation?.responses || !success) continue;
    success.headers = { ...success.headers, ...CACHE_HEADERS };
    operation.responses['304'] = {
      description:
        'Not Modified: the copy named by If-None-Match is current; no body. Admin changes, orders (stock) and reviews move the ETag.',
      headers: CACHE_HEADERS,
    };
    operation.parameters = [
      ...(operation.parameters ?? []),
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of the copy the client holds.',
        schema: { type: 'string' },
      },
    ];
  }
}
