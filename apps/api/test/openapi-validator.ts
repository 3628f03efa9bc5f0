import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIObject } from 'trpc-to-openapi';

interface Operation {
  responses?: Record<
    string,
    {
      headers?: Record<string, { required?: boolean }>;
      content?: Record<string, { schema?: object }>;
    }
  >;
}

/** Response headers a client acts on: when the server sends one, the document must declare it. */
const MEANINGFUL_HEADERS = ['Content-Disposition', 'Retry-After', 'ETag'];

type ResponseHeaders = Record<string, string | string[] | undefined>;

/** Headers declared `required` must come; a meaningful header that comes must be declared. */
function checkHeaders(
  where: string,
  declared: Record<string, { required?: boolean }>,
  headers: ResponseHeaders,
): void {
  const sent = new Set(
    Object.entries(headers)
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name.toLowerCase()),
  );
  const names = new Set(Object.keys(declared).map((name) => name.toLowerCase()));
  for (const [name, header] of Object.entries(declared)) {
    if (header.required && !sent.has(name.toLowerCase())) {
      throw new Error(`${where} declares the header ${name} as required; it was not sent`);
    }
  }
  for (const name of MEANINGFUL_HEADERS) {
    if (sent.has(name.toLowerCase()) && !names.has(name.toLowerCase())) {
      throw new Error(`${where} sent the header ${name}, which the document does not declare`);
    }
  }
}

/**
 * Checks a response against the served OpenAPI document: the operation must exist, the status
 * must be documented, a JSON body must match the documented schema (JSON Schema 2020-12) and,
 * when the headers are given, the declared headers must agree with them (checkHeaders).
 */
export function createOpenApiValidator(doc: OpenAPIObject) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'openapi.json', components: doc.components ?? {} });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  const templates = Object.keys(doc.paths ?? {}).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i'),
    literal: !template.includes('{'),
  }));

  function findTemplate(path: string): string | undefined {
    const matches = templates.filter((t) => t.pattern.test(path));
    return (matches.find((t) => t.literal) ?? matches[0])?.template;
  }

  return function validate(
    method: string,
    url: string,
    status: number,
    body: unknown,
    headers?: ResponseHeaders,
  ): void {
    const path = url.split('?')[0]?.replace(/^\/api\/v1/, '') ?? '';
    const template = findTemplate(path);
    if (!template) throw new Error(`${method} ${path} is not in the OpenAPI document`);
    const pathItem = (doc.paths?.[template] ?? {}) as Record<string, Operation>;
    const operation = pathItem[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${template} is not in the OpenAPI document`);
    const response = operation.responses?.[String(status)];
    if (!response) throw new Error(`${method} ${template} does not document status ${status}`);
    if (headers) checkHeaders(`${method} ${template} ${status}`, response.headers ?? {}, headers);
    const schema = response.content?.['application/json']?.schema;
    if (!schema) return;
    const key = `${method} ${template} ${status}`;
    let check = compiled.get(key);
    if (!check) {
      const rewritten = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
      );
      check = ajv.compile(rewritten);
      compiled.set(key, check);
    }
    if (!check(body)) {
      throw new Error(
        `${method} ${template} ${status} body does not match the document: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body)}`,
      );
    }
  };
}
