import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve, sep } from 'node:path';
import ts from 'typescript';

/*
 * The slice boundary over the real import graph (docs/architecture.md, "One public file per
 * slice"). biome's noRestrictedImports matches the specifier as written, so
 * '../../features/catalog/stock.steps', '.././catalog/…', `typeof import('…')` and relative paths
 * from outside packages/routers/src slip past its globs; this resolves every specifier to the
 * file it names before judging it.
 */

/** One refused import: the file (relative to the repository root), its line and why. */
export type BoundaryViolation = {
  file: string;
  line: number;
  specifier: string;
  reason: string;
};

const routersPackage = 'packages/routers';
const featuresDir = `${routersPackage}/src/features`;
const routersPackageName = '@storefront/routers';

/** Where source lives: every workspace app and package (their tests and scripts included). */
const scannedRoots = ['apps', 'packages', 'scripts'];
/**
 * Where a computed specifier (`import(path)`) is refused, as it could name any slice file: the
 * packages that import slices. Elsewhere tests load built or patched files by computed path.
 */
const literalSpecifiersOnly = new Set([routersPackage, 'apps/api']);
const skippedDirectories = new Set([
  'node_modules',
  'dist',
  '.data',
  '.turbo',
  '.vitest',
  'drizzle',
]);
const sourceExtension = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
const indexFile = /^index(?:\.(?:[cm]?ts|tsx|[cm]?js|jsx))?$/;

/** Calls whose first argument names a module as an import would (vitest's mocks included). */
const moduleNamingCalls = new Set([
  'require',
  'require.resolve',
  'vi.mock',
  'vi.doMock',
  'vi.unmock',
  'vi.doUnmock',
  'vi.importActual',
  'vi.importMock',
]);

type ModuleReference = { specifier: string | undefined; node: ts.Node; position?: number };

/** Every module a source file names: imports, re-exports, import(), import types, mocks. */
function moduleReferences(sourceFile: ts.SourceFile): ModuleReference[] {
  const found: ModuleReference[] = [];
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      ? node.text
      : undefined;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier) found.push({ specifier: literal(node.moduleSpecifier), node });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      found.push({ specifier: literal(node.moduleReference.expression), node });
    } else if (ts.isImportTypeNode(node)) {
      // `typeof import('…')` and `import('…').Type`
      const argument = node.argument;
      found.push({
        specifier: ts.isLiteralTypeNode(argument) ? literal(argument.literal) : undefined,
        node,
      });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name =
        callee.kind === ts.SyntaxKind.ImportKeyword
          ? 'import'
          : ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)
            ? callee.getText(sourceFile)
            : undefined;
      if (name === 'import' || (name !== undefined && moduleNamingCalls.has(name))) {
        found.push({ specifier: literal(node.arguments[0]), node });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  // `/// <reference path="…" />`
  for (const reference of sourceFile.referencedFiles) {
    found.push({ specifier: reference.fileName, node: sourceFile, position: reference.pos });
  }
  return found;
}

/** The slice a repository-relative path lies in, and the path inside it ('' for the folder). */
function sliceOf(path: string): { slice: string; inner: string } | undefined {
  if (!path.startsWith(`${featuresDir}/`)) return undefined;
  const [slice = '', ...rest] = path.slice(featuresDir.length + 1).split('/');
  return { slice, inner: rest.join('/') };
}

const packageOf = (path: string) => path.split('/').slice(0, 2).join('/');

/** The boundary's verdict on one source file (`file` relative to the repository root). */
export function checkSource(
  file: string,
  text: string,
  routersExports: readonly string[],
): BoundaryViolation[] {
  const from = file.split(sep).join('/');
  const sourceFile = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true);
  const violations: BoundaryViolation[] = [];
  const fromSlice = sliceOf(from);

  for (const { specifier, node, position } of moduleReferences(sourceFile)) {
    const refuse = (written: string, reason: string) =>
      violations.push({
        file: from,
        line:
          sourceFile.getLineAndCharacterOfPosition(position ?? node.getStart(sourceFile)).line + 1,
        specifier: written,
        reason,
      });
    if (specifier === undefined) {
      if (literalSpecifiersOnly.has(packageOf(from))) {
        refuse(node.getText(sourceFile), 'a computed module specifier cannot be checked');
      }
      continue;
    }
    if (specifier === routersPackageName || specifier.startsWith(`${routersPackageName}/`)) {
      const subpath = `.${specifier.slice(routersPackageName.length)}`;
      if (!routersExports.includes(subpath)) {
        refuse(specifier, `${routersPackageName} exports no '${subpath}' (package.json)`);
      }
      continue;
    }
    if (!/^\.\.?(?:\/|$)/.test(specifier)) continue;
    // '..' and '.' segments resolved, so every spelling of a path is judged as the same file.
    const target = posix.normalize(posix.join(posix.dirname(from), specifier));
    if (target.startsWith('../')) continue;

    if (packageOf(target) !== packageOf(from) && packageOf(target) === routersPackage) {
      refuse(
        specifier,
        `a relative path into ${routersPackage} from outside it: import '${routersPackageName}' or one of its package.json exports`,
      );
      continue;
    }
    const toSlice = sliceOf(target);
    if (toSlice === undefined || toSlice.slice === fromSlice?.slice) continue;
    if (toSlice.inner !== '' && !indexFile.test(toSlice.inner)) {
      refuse(
        specifier,
        `reaches ${target} inside slice '${toSlice.slice}': another slice is reached only through its index.ts`,
      );
    }
  }
  return violations;
}

/** Every source file under apps/, packages/ and scripts/, relative to the repository root. */
export function sourceFiles(repoRoot: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!skippedDirectories.has(entry.name)) walk(path);
      } else if (sourceExtension.test(entry.name)) {
        files.push(path);
      }
    }
  };
  for (const root of scannedRoots) walk(root);
  return files.sort();
}

/** The subpaths the routers package exports ('.', './root', …). */
export function routersExportsOf(repoRoot: string): string[] {
  const manifest = JSON.parse(readFileSync(join(repoRoot, routersPackage, 'package.json'), 'utf8'));
  return Object.keys(manifest.exports as Record<string, string>);
}

/** The boundary's verdict on the whole tree under `repoRoot`. */
export function checkImportBoundaries(repoRoot: string): BoundaryViolation[] {
  const root = resolve(repoRoot);
  const exported = routersExportsOf(root);
  return sourceFiles(root).flatMap((file) =>
    checkSource(file, readFileSync(join(root, file), 'utf8'), exported),
  );
}

/**
 * The slice graph: for each slice, the other slices its files name (every kind of reference,
 * tests included), each spelling resolved. A leaf slice's entry is empty.
 */
export function sliceImports(repoRoot: string): Map<string, Set<string>> {
  const root = resolve(repoRoot);
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const from = sliceOf(file);
    if (from === undefined) continue;
    const targets = edges.get(from.slice) ?? new Set<string>();
    edges.set(from.slice, targets);
    const text = readFileSync(join(root, file), 'utf8');
    const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    for (const { specifier } of moduleReferences(sourceFile)) {
      if (specifier === undefined || !/^\.\.?(?:\/|$)/.test(specifier)) continue;
      const to = sliceOf(posix.normalize(posix.join(posix.dirname(file), specifier)));
      if (to !== undefined && to.slice !== from.slice) targets.add(to.slice);
    }
  }
  return edges;
}

export const describeViolation = (violation: BoundaryViolation) =>
  `${violation.file}:${violation.line} '${violation.specifier}': ${violation.reason}`;
