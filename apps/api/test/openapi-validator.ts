import { Ajv2020 } from 'ajv/dist/2020.js';
import type { OpenAPIObject } from 'trpc-to-openapi';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/**
 * Checks a response against the served OpenAPI document: the operation must exist, the status
 * must be documented, and a JSON body must match the documented schema (JSON Schema 2020-12).
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

  return function validate(method: string, url: string, status: number, body: unknown): void {
    const path = url.split('?')[0]?.replace(/^\/api\/v1/, '') ?? '';
    const template = findTemplate(path);
    if (!template) throw new Error(`${method} ${path} is not in the OpenAPI document`);
    const pathItem = (doc.paths?.[template] ?? {}) as Record<string, Operation>;
    const operation = pathItem[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${template} is not in the OpenAPI document`);
    const response = operation.responses?.[String(status)];
    if (!response) throw new Error(`${method} ${template} does not document status ${status}`);
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
