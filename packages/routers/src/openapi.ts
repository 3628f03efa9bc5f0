import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { ERROR_TABLE, type ErrorCode, ZErrorEnvelope } from './errors';
import { deleteAccountOperation, deleteAccountPath } from './features/account';
import { avatarUploadOperation, avatarUploadPath } from './features/customer';
import { creditNotePdfOperation, invoiceOperation, invoicePath } from './features/orders';
import { razorpayWebhookOperation, razorpayWebhookPath } from './features/payments';
import { restProcedureMetas } from './rest-procedures';
import { appRouter } from './root';
import type { Meta } from './trpc';

const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** The tags of the document, in the order a reader meets them, each with what it groups. */
const TAGS: Record<string, string> = {
  auth: 'Accounts and sessions: register, log in and out, tokens, passwords, avatar.',
  customer: "The signed-in customer's profile.",
  addresses: "The customer's saved addresses, used at checkout.",
  features: 'Which optional features the shop has switched on.',
  catalog: 'Products, variants and categories: everything a shop window shows.',
  reviews: 'Product reviews and helpful votes.',
  search: 'Full-text product search and type-ahead suggestions.',
  content: 'Banners and currencies.',
  delivery: 'Whether, when and how the shop delivers to a postcode (cash on delivery included).',
  cart: "The customer's cart, its coupon and the gift cards applied to it.",
  'gift-cards': 'Gift card balances (the flag `gift_cards`).',
  loyalty: "The customer's loyalty points (the flag `loyalty_points`).",
  checkout: 'The checkout steps, payment and placing the order.',
  orders: "The customer's orders: list, detail, cancel, tracking, invoice and credit notes.",
  returns:
    "Returns of delivered orders: what can come back, the quote, the request, the customer's returns.",
  payments: 'Callbacks from the payment gateway (Razorpay), not for the app.',
  wishlist: 'Products saved for later.',
  notifications: "Push notifications: the customer's devices and what they are told about.",
  sync: 'Mobile-app connectivity shown in the admin panel.',
  ai: 'AI-written product descriptions.',
  staff: "The back office's invitation link: a new staff member sets their password.",
};

/** Every operation can meet these, whatever its shape. */
const ALWAYS: ErrorCode[] = [
  'REQUEST_HEADER_FIELDS_TOO_LARGE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
];

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

interface ExtraOperation {
  path: string;
  method: 'get' | 'post' | 'delete';
  errors: ErrorCode[];
}

/**
 * The served document. trpc-to-openapi describes errors as `{message, code, issues}` with a
 * generic list of statuses; the REST layer sends the contract's envelope, so every error response
 * is rebuilt here: exactly the codes the operation can answer (derived from its shape plus its
 * meta `errors`), each status's body limited to those codes (docs/api-reference.md).
 */
export function buildOpenApiDocument(options: { baseUrl: string; version: string }): OpenAPIObject {
  const extraPaths: ZodOpenApiPathsObject = {
    ...avatarUploadPath,
    ...deleteAccountPath,
    ...invoicePath,
    ...razorpayWebhookPath,
  };
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
  doc.info.contact = { name: 'Storefront API', url: `${options.baseUrl}/openapi.json` };
  doc.info.license = { name: 'Proprietary', url: `${options.baseUrl}/openapi.json` };

  applySuccessStatuses(doc);
  const declared = new Map<OperationLike, ErrorCode[]>();
  for (const meta of restProcedureMetas()) {
    const operation = operationOf(doc, meta.openapi.path, meta.openapi.method);
    // A guest session may only call `allowGuest` operations (trpc.ts): the others answer 403.
    const guestRefused: ErrorCode[] =
      meta.openapi.protect !== false && !meta.allowGuest ? ['ACCOUNT_REQUIRED'] : [];
    // An Idempotency-Key over 255 characters is a 422, whether or not the operation has a body.
    const keyErrors: ErrorCode[] = meta.idempotent ? ['VALIDATION_ERROR'] : [];
    if (operation) {
      declared.set(operation, [...(meta.errors ?? []), ...guestRefused, ...keyErrors]);
    }
  }
  for (const extra of [
    avatarUploadOperation,
    deleteAccountOperation,
    invoiceOperation,
    creditNotePdfOperation,
    razorpayWebhookOperation,
  ] satisfies ExtraOperation[]) {
    const operation = operationOf(doc, extra.path, extra.method);
    if (operation) declared.set(operation, extra.errors);
  }
  applyBodyOverrides(doc);
  for (const [operation, errors] of declared) {
    // Public operations say so: no document-wide default applies to them.
    if (!operation.security?.length) operation.security = [];
    relaxEmptyBody(operation);
    setErrorResponses(operation, [...ALWAYS, ...codesOfShape(operation), ...errors]);
  }
  // After the error statuses: its If-None-Match parameter is no reason to document a 422.
  applyCaching(doc);
  doc.tags = usedTags(doc).map((name) => ({ name, description: TAGS[name] ?? '' }));
  dropUnusedSchemas(doc);
  return doc;
}

/** The codes an operation can answer because of its shape: body, parameters, token, path id. */
function codesOfShape(operation: OperationLike): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (operation.requestBody) codes.push('BAD_REQUEST', 'VALIDATION_ERROR');
  // express.json() refuses bodies over 1 MB; the adapter refuses non-JSON content types.
  if (operation.requestBody?.content?.['application/json'])
    codes.push('PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (operation.parameters?.length) codes.push('VALIDATION_ERROR');
  if (operation.security?.length) codes.push('UNAUTHENTICATED');
  // An id in the path can be unknown (or someone else's): 404.
  if (operation.parameters?.some((p) => p.in === 'path')) codes.push('NOT_FOUND');
  return codes;
}

/** One response per status; its body's `error_code` is limited to the codes listed for it. */
function setErrorResponses(operation: OperationLike, codes: ErrorCode[]): void {
  const responses = operation.responses ?? {};
  for (const status of Object.keys(responses)) if (Number(status) >= 400) delete responses[status];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_TABLE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map((code) => `${code}: ${ERROR_TABLE[code].message}`).join(' '),
      ...(status === 429 ? { headers: RETRY_AFTER } : {}),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: ERROR_ENVELOPE_REF },
              { type: 'object', properties: { error_code: { enum: list } } },
            ],
          },
        },
      },
    };
  }
  operation.responses = responses;
}

/** A body whose fields are all optional (logout, refresh) may be left out altogether. */
function relaxEmptyBody(operation: OperationLike): void {
  const body = operation.requestBody;
  const schema = body?.content?.['application/json']?.schema as
    | { required?: string[]; oneOf?: unknown[] }
    | undefined;
  if (body && schema && !schema.required?.length && !schema.oneOf) body.required = false;
}

/**
 * trpc-to-openapi rebuilds a body schema from its shape and so drops an input's zod-openapi
 * `override` (how a refined object documents its rule as `oneOf`); it is applied here instead.
 */
function applyBodyOverrides(doc: OpenAPIObject): void {
  for (const procedure of Object.values(appRouter._def.procedures)) {
    const def = (procedure as unknown as { _def: { meta?: Meta; inputs: z.ZodType[] } })._def;
    const override = def.inputs[0]?.meta()?.override;
    if (!def.meta?.openapi || typeof override !== 'function') continue;
    const operation = operationOf(doc, def.meta.openapi.path, def.meta.openapi.method);
    const jsonSchema = operation?.requestBody?.content?.['application/json']?.schema;
    if (jsonSchema)
      override({
        path: [],
        jsonSchema: jsonSchema as Parameters<typeof override>[0]['jsonSchema'],
      });
  }
}

function usedTags(doc: OpenAPIObject): string[] {
  const names = new Set<string>();
  for (const pathItem of Object.values(doc.paths ?? {}))
    for (const operation of Object.values(pathItem as Record<string, { tags?: string[] }>))
      for (const tag of operation.tags ?? []) names.add(tag);
  return [...names];
}

/** Components nothing refers to (the generator's own error bodies) are left out. */
function dropUnusedSchemas(doc: OpenAPIObject): void {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  let changed = true;
  while (changed) {
    changed = false;
    const text = JSON.stringify({ paths: doc.paths, components: doc.components });
    for (const name of Object.keys(schemas)) {
      if (!text.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        changed = true;
      }
    }
  }
}

interface OperationLike {
  responses?: Record<string, unknown>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
  parameters?: { in?: string; [key: string]: unknown }[];
  security?: unknown[];
}

/**
 * Procedures declaring `successStatus` answer 201: the document says so instead of 200, or
 * besides it when the procedure answers 200 for a resource that already existed.
 */
function operationOf(doc: OpenAPIObject, path: string, method: string): OperationLike | undefined {
  return (doc.paths?.[path] as Record<string, OperationLike> | undefined)?.[method.toLowerCase()];
}

function applySuccessStatuses(doc: OpenAPIObject): void {
  for (const meta of restProcedureMetas()) {
    const status = meta.successStatus;
    if (!status) continue;
    const operation = operationOf(doc, meta.openapi.path, meta.openapi.method);
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
    const operation = operationOf(doc, meta.openapi.path, meta.openapi.method);
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
