import { readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import * as schema from '@storefront/db/schema';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { tableOwners } from '../src/table-owners';
import { sourceFiles } from './import-boundaries';

/*
 * Table ownership over the real source (docs/architecture.md, "Tables have owners"): a file of
 * one slice that names another slice's table from '@storefront/db/schema' — imported,
 * re-exported, `import()`ed or in a type — is a reach past that slice's door, and so is raw SQL
 * in a template (`sql\`… from currencies …\``) naming another slice's table by its SQL name.
 * Tests are not slices' code and may seed any table.
 */

export type TableReach = { file: string; line: number; table: string; owner: string };

const schemaModule = '@storefront/db/schema';
const featuresDir = 'packages/routers/src/features';
const owners: Readonly<Record<string, string>> = tableOwners;

const sliceOf = (file: string) =>
  file.startsWith(`${featuresDir}/`) ? file.slice(featuresDir.length + 1).split('/')[0] : undefined;

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The schema names one source file takes, with the line of each; '*' for the whole module. */
function schemaNames(sourceFile: ts.SourceFile): { name: string; node: ts.Node }[] {
  const found: { name: string; node: ts.Node }[] = [];
  const isSchema = (node: ts.Node | undefined) =>
    node !== undefined && ts.isStringLiteralLike(node) && node.text === schemaModule;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && isSchema(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          found.push({ name: (element.propertyName ?? element.name).text, node: element });
        }
      } else if (bindings || node.importClause?.name) {
        found.push({ name: '*', node });
      }
    } else if (ts.isExportDeclaration(node) && isSchema(node.moduleSpecifier)) {
      const clause = node.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          found.push({ name: (element.propertyName ?? element.name).text, node: element });
        }
      } else {
        found.push({ name: '*', node });
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      isSchema(node.argument.literal)
    ) {
      found.push({ name: node.qualifier ? firstName(node.qualifier) : '*', node });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      isSchema(node.arguments[0])
    ) {
      found.push({ name: '*', node });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** SQL table name → the schema export that defines it. */
const exportOfSqlName = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [getTableName(table as PgTable), name]),
);

/** Tables named by SQL written by hand in templates: `from`, `join`, `update`, `into` them. */
function rawSqlNames(sourceFile: ts.SourceFile): { name: string; node: ts.Node }[] {
  const found: { name: string; node: ts.Node }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      for (const match of node.text.matchAll(
        /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)/gi,
      )) {
        const name = exportOfSqlName.get(match[1] as string);
        if (name !== undefined) found.push({ name, node });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const firstName = (name: ts.EntityName): string =>
  ts.isIdentifier(name) ? name.text : firstName(name.left);

/** The tables of other slices that `file` (relative to the repository root) names. */
export function checkTableOwnership(file: string, text: string): TableReach[] {
  const from = file.split(sep).join('/');
  const slice = sliceOf(from);
  if (slice === undefined || isTest(from)) return [];
  const sourceFile = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true);
  const line = (node: ts.Node) =>
    sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
  return [...schemaNames(sourceFile), ...rawSqlNames(sourceFile)].flatMap(({ name, node }) => {
    // The whole module names every table: only a named import can be judged.
    if (name === '*') return [{ file: from, line: line(node), table: '*', owner: 'every slice' }];
    const owner = owners[name];
    return owner === undefined || owner === slice
      ? []
      : [{ file: from, line: line(node), table: name, owner }];
  });
}

/** Every reach in the tree under `repoRoot`. */
export function findTableReaches(repoRoot: string): TableReach[] {
  const root = resolve(repoRoot);
  return sourceFiles(root)
    .filter((file) => file.startsWith(`${featuresDir}/`))
    .flatMap((file) => checkTableOwnership(file, readFileSync(join(root, file), 'utf8')));
}

export const describeReach = (reach: TableReach) =>
  `${reach.file}:${reach.line} names '${reach.table}', owned by ${reach.owner}`;
