/**
 * The house's import graph (issue 34 §1): no arrow between rooms runs back up `ROOM_ORDER`, no two files import
 * each other through any path, and every folder of `src/` is in a room the order lists. The checks are fed wrong
 * graphs and a folder of real files first, so a checker that stopped seeing would fail here too.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  ROOM_ORDER,
  arrowsUp,
  circles,
  readImportGraph,
  roomOf,
  unlistedRooms,
  type ImportGraph,
} from '../architecture/importGraph';

const SRC = path.resolve(__dirname, '../../src');

describe('the import graph', () => {
  it('reads every form of import: static, type only, export from, dynamic, a folder’s index', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
    try {
      const write = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      };
      write('common/a.ts', "import { b } from '../api/b';\nimport type { C } from '../api/c';\nexport const a = b;\n");
      write('api/b.ts', "export { d } from './d';\nexport const b = 1;\n");
      write('api/c.ts', 'export type C = number;\n');
      write('api/d.ts', "export const d = () => import('../links');\n");
      write('links/index.ts', "import * as vscode from 'vscode';\nexport const e = vscode;\n");
      const graph = readImportGraph(dir);
      const edges = graph.edges.map(({ from, to }) => `${from} -> ${to}`).sort();
      assert.deepEqual(edges, [
        'api/b.ts -> api/d.ts',
        'api/d.ts -> links/index.ts',
        'common/a.ts -> api/b.ts',
        'common/a.ts -> api/c.ts',
      ]);
      // common sits below api, api below links: two arrows run back up, one of them through a type only.
      assert.deepEqual(
        arrowsUp(graph)
          .map(({ from, to }) => `${from} -> ${to}`)
          .sort(),
        ['api/d.ts -> links/index.ts', 'common/a.ts -> api/b.ts', 'common/a.ts -> api/c.ts'],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds circles of two files and of many, and none in a chain', () => {
    const graph = (edges: Array<[string, string]>): ImportGraph => ({
      files: [...new Set(edges.flat())],
      edges: edges.map(([from, to]) => ({ from, to })),
    });
    assert.deepEqual(
      circles(
        graph([
          ['a.ts', 'b.ts'],
          ['b.ts', 'c.ts'],
        ]),
      ),
      [],
    );
    assert.deepEqual(
      circles(
        graph([
          ['a.ts', 'b.ts'],
          ['b.ts', 'a.ts'],
        ]),
      ),
      [['a.ts', 'b.ts']],
    );
    assert.deepEqual(
      circles(
        graph([
          ['x/a.ts', 'x/b.ts'],
          ['x/b.ts', 'y/c.ts'],
          ['y/c.ts', 'x/a.ts'],
          ['y/c.ts', 'z.ts'],
        ]),
      ),
      [['x/a.ts', 'x/b.ts', 'y/c.ts']],
    );
  });

  it('puts a folder in the deepest room it is in, and names a folder no room holds', () => {
    assert.equal(roomOf('api/budget/requestBudget.ts'), 'api');
    assert.equal(roomOf('reports/model/reportTypes.ts'), 'reports/model');
    assert.equal(roomOf('extension.ts'), 'extension.ts');
    assert.deepEqual(unlistedRooms({ files: ['nowhere/a.ts', 'api/b.ts'], edges: [] }), ['nowhere']);
  });

  it('lists only rooms that exist in src/', () => {
    const missing = ROOM_ORDER.filter((room) => !fs.existsSync(path.join(SRC, room)));
    assert.deepEqual(missing, [], `ROOM_ORDER names rooms src/ no longer has: ${missing.join(', ')}`);
  });

  describe('of src/', () => {
    const graph = readImportGraph(SRC);

    it('reads the whole of src/', () => {
      assert.ok(graph.files.length > 300, `${graph.files.length} files`);
      assert.ok(graph.edges.length > 1000, `${graph.edges.length} imports`);
    });

    it('has every file in a room of ROOM_ORDER', () => {
      assert.deepEqual(unlistedRooms(graph), []);
    });

    it('has no arrow that runs back up between rooms', () => {
      const up = arrowsUp(graph).map(({ from, to }) => `${from} imports ${to}`);
      assert.deepEqual(up, [], `arrows that run back up:\n${up.join('\n')}`);
    });

    it('has no circle between files', () => {
      const loops = circles(graph).map((loop) => loop.join(' <-> '));
      assert.deepEqual(loops, [], `circles:\n${loops.join('\n')}`);
    });
  });
});
