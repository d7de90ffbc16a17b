/**
 * The import graph of `src/`: every file's imports (static, `import type`, `export … from` and `import()`)
 * that name another file of `src/`, read with TypeScript's own pre-processor; the rooms those files are in;
 * the arrows between rooms that run back up the house's order (`ROOM_ORDER`); and the circles between files.
 * `npx tsx test/architecture/importGraph.ts` prints them; the unit test `the import graph` holds both at 0.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

/**
 * The rooms from the bottom of the house up: a file may import its own room and the rooms below it. A room is a
 * folder of `src/` (or a file at its top) and the folders below it that are not rooms of their own: `api` holds
 * `api/budget` and `api/normalize` (the client, one bundle, whose files import each other both ways and keep to
 * no circle between files).
 */
export const ROOM_ORDER: readonly string[] = [
  'ids.ts',
  'common',
  'api',
  'sandbox',
  'merchant',
  'keys',
  'links',
  'health',
  'siteDisk',
  'catalog/model',
  'catalog/cache',
  'catalog/store',
  'catalog/present',
  'catalog/tree',
  'catalog/search',
  'catalog/snapshot',
  'reports/model',
  'reports/cache',
  'reports/store',
  'reports/figures',
  'reports/panel',
  'revenue',
  'writing',
  'cli',
  'webviews/reports/app',
  'hostL10n.ts',
  'settings',
  'secrets',
  'prompts',
  'loaders',
  'controllers',
  'site',
  'problems',
  'webviews/reports/host',
  'lens',
  'views',
  'hover',
  'editing',
  'commands',
  'testAdapter.ts',
  'extension.ts',
];

export interface ImportEdge {
  from: string;
  to: string;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

const SOURCE = /\.(ts|tsx|mts)$/;

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push(...listFiles(full));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

function resolve(fromFile: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) {
    return undefined;
  }
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return undefined;
}

/** Every import between two files of `root`, by path relative to it (`/` separated). */
export function readImportGraph(root: string): ImportGraph {
  const files = listFiles(root);
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolve(file, ref.fileName);
      if (target !== undefined && target !== file) {
        targets.add(rel(target));
      }
    }
    for (const to of targets) {
      edges.push({ from: rel(file), to });
    }
  }
  return { files: files.map(rel), edges };
}

/** The room of a file: the deepest room of `ROOM_ORDER` its folder is in (or is), else its folder; a top file is its own. */
export function roomOf(file: string): string {
  const dir = path.posix.dirname(file);
  if (dir === '.') {
    return file;
  }
  let room: string | undefined;
  for (const candidate of ROOM_ORDER) {
    if ((dir === candidate || dir.startsWith(`${candidate}/`)) && candidate.length > (room?.length ?? -1)) {
      room = candidate;
    }
  }
  return room ?? dir;
}

/** The rank of a room in `ROOM_ORDER`; a room it does not list has none (an error of its own). */
export function rankOf(room: string): number | undefined {
  const rank = ROOM_ORDER.indexOf(room);
  return rank < 0 ? undefined : rank;
}

/** The imports from a room to a room above it: the arrows that run back up. */
export function arrowsUp(graph: ImportGraph): ImportEdge[] {
  return graph.edges.filter((edge) => {
    const from = rankOf(roomOf(edge.from));
    const to = rankOf(roomOf(edge.to));
    return from !== undefined && to !== undefined && to > from;
  });
}

/** The rooms of files that `ROOM_ORDER` does not list. */
export function unlistedRooms(graph: ImportGraph): string[] {
  return [...new Set(graph.files.map(roomOf))].filter((room) => rankOf(room) === undefined).sort();
}

/** The circles between files: each strongly connected component of more than one file (Tarjan's). */
export function circles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const file of graph.files) {
    next.set(file, []);
  }
  for (const { from, to } of graph.edges) {
    next.get(from)?.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  const visit = (start: string): void => {
    // Iterative, so a long chain of imports cannot overflow the stack.
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const targets = next.get(top.node) ?? [];
      if (top.i < targets.length) {
        const to = targets[top.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) {
        low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1) {
          found.push(component.sort());
        }
      }
    }
  };
  for (const file of graph.files) {
    if (!index.has(file)) {
      visit(file);
    }
  }
  return found;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const graph = readImportGraph(path.resolve(__dirname, '../../src'));
  const up = arrowsUp(graph);
  const loops = circles(graph);
  const unlisted = unlistedRooms(graph);
  console.log(`${graph.files.length} files, ${graph.edges.length} imports`);
  console.log(`arrows that run back up between rooms: ${up.length}`);
  for (const edge of up) {
    console.log(`  ${roomOf(edge.from)} -> ${roomOf(edge.to)}: ${edge.from} imports ${edge.to}`);
  }
  console.log(`circles between files: ${loops.length}`);
  for (const loop of loops) {
    console.log(`  ${loop.join(' <-> ')}`);
  }
  if (unlisted.length > 0) {
    console.log(`rooms ROOM_ORDER does not list: ${unlisted.join(', ')}`);
  }
}
