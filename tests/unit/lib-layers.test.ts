import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The folders of lib/ form layers: one may use another, never both ways round. A pair that
// imports each other has no order to read or test them in, and grows into a knot; the shared
// piece belongs lower down (lib/domain, lib/paging, lib/stripe) or the work that needs both
// higher up (lib/creator, lib/server).

const LIB = path.join(process.cwd(), 'lib');
const IMPORT = /from '@\/lib\/([^/']+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The lib/ folder (or top-level module, as `log`) a file or an import names. */
const unitOf = (relative: string) => relative.split('/')[0]!.replace(/\.tsx?$/, '');

/** For each unit of lib/, the other units it imports, with a file that does. */
function importsByUnit(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(LIB)) {
    const from = unitOf(path.relative(LIB, file));
    const uses = graph.get(from) ?? new Map<string, string>();
    graph.set(from, uses);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = unitOf(target!);
      if (to !== from && !uses.has(to)) uses.set(to, path.relative(process.cwd(), file));
    }
  }
  return graph;
}

describe('lib/ layers', () => {
  it('has no two folders that import each other', () => {
    const graph = importsByUnit();
    const twoWay: string[] = [];
    for (const [a, uses] of graph) {
      for (const [b, file] of uses) {
        const back = graph.get(b)?.get(a);
        if (back && a < b) twoWay.push(`${a} ⇄ ${b} (${file}, ${back})`);
      }
    }
    expect(twoWay).toEqual([]);
  });

  it('sees the imports it checks', () => {
    // A scan that read nothing would find no pair either: payments reads the database.
    expect(importsByUnit().get('payments')?.has('db')).toBe(true);
  });

  it('keeps lib/ free of components/', () => {
    const offenders = sourceFiles(LIB).filter((file) => readFileSync(file, 'utf8').includes("from '@/components/"));
    expect(offenders.map((file) => path.relative(process.cwd(), file))).toEqual([]);
  });
});
