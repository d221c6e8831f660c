// ESLint rule: a 'use client' module must not reach server code. It follows the
// module's value imports through the project (type-only imports are erased at build
// time) and reports the first path that ends in models/, lib/db, a database driver or a
// module marked `server-only`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER_PACKAGES = [
  /^server-only$/,
  /^drizzle-orm(\/|$)/,
  /^drizzle-kit(\/|$)/,
  /^pg$/,
  /^@electric-sql\/pglite/,
  /^pg-boss$/,
];
const SERVER_FOLDERS = [/^models(\/|$)/, /^lib\/db(\/|$)/];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  if (existsSync(base) && !base.match(/\/[^/.]+$/)) return base;
  for (const extension of EXTENSIONS) {
    if (existsSync(base + extension)) return base + extension;
  }
  return null;
}

function valueImports(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(VALUE_IMPORT)].map((match) => match[1]);
}

/** The import chain from `file` to server code, or null when it has none. */
function serverChain(root, file, specifier, seen) {
  if (SERVER_PACKAGES.some((pattern) => pattern.test(specifier))) return [specifier];
  const target = resolve(root, file, specifier);
  if (!target || seen.has(target)) return null;
  seen.add(target);
  const relative = path.relative(root, target);
  if (SERVER_FOLDERS.some((pattern) => pattern.test(relative))) return [relative];
  for (const next of valueImports(target)) {
    const chain = serverChain(root, target, next, seen);
    if (chain) return [relative, ...chain];
  }
  return null;
}

function isClientModule(program) {
  return program.body.some((node) => node.type === 'ExpressionStatement' && node.directive === 'use client');
}

export const clientBoundary = {
  meta: {
    type: 'problem',
    docs: { description: "A 'use client' module must not import server code, even through other modules." },
    schema: [],
    messages: {
      server:
        "'use client' module reaches server code: {{chain}}. Move the shared values to a pure module (lib/domain).",
    },
  },
  create(context) {
    const root = context.cwd;
    let client = false;
    return {
      Program(node) {
        client = isClientModule(node);
      },
      ImportDeclaration(node) {
        if (!client || node.importKind === 'type') return;
        if (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return;
        const chain = serverChain(root, context.filename, node.source.value, new Set());
        if (chain)
          context.report({
            node,
            messageId: 'server',
            data: { chain: [node.source.value, ...chain.slice(1)].join(' → ') },
          });
      },
    };
  },
};

const plugin = { rules: { 'client-boundary': clientBoundary } };

export default plugin;
