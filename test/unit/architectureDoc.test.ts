/**
 * docs/architecture.md's rooms table says what each room may import (issue 34 §6): its "May import" cell names
 * rooms of `ROOM_ORDER` in backticks (`Everything below` for every room below it, `Nothing` for none). Each import
 * of `src/` between two rooms must be one its file's row allows, and a row may allow only rooms below its own: the
 * table and the code cannot drift apart without this test failing.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOM_ORDER, rankOf, readImportGraph, roomOf } from '../architecture/importGraph';

const ROOT = path.resolve(__dirname, '../..');

interface RoomRow {
  /** The folders (ending in `/`) and files of `src/` the row is about, relative to `src/`. */
  paths: string[];
  /** The rooms its files may import; 'below' for every room below its own. */
  allowed: Set<string> | 'below';
  line: string;
}

/** The rows of the table under `## Rooms`, from its "Room" and "May import" cells. */
export function roomRows(markdown: string): RoomRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Rooms'));
  assert.ok(section, 'docs/architecture.md has a "Rooms" section');
  const rows: RoomRow[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `src/') || cells.length < 3) {
      continue;
    }
    const paths = [...cells[0]!.matchAll(/`src\/([^`]+)`/g)].map((m) => m[1]!);
    const cell = cells[cells.length - 1]!;
    const allowed = /^\s*Everything below\b/.test(cell)
      ? 'below'
      : new Set([...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((token) => ROOM_ORDER.includes(token)));
    rows.push({ paths, allowed, line });
  }
  return rows;
}

/** The row a file of `src/` is described by: the one naming the file, else its deepest folder. */
function rowOf(rows: readonly RoomRow[], file: string): RoomRow | undefined {
  let best: { row: RoomRow; length: number } | undefined;
  for (const row of rows) {
    for (const p of row.paths) {
      const holds = p.endsWith('/') ? file.startsWith(p) : file === p;
      if (holds && p.length > (best?.length ?? -1)) {
        best = { row, length: p.length };
      }
    }
  }
  return best?.row;
}

describe('the rooms table of docs/architecture.md', () => {
  const rows = roomRows(fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));
  const graph = readImportGraph(path.join(ROOT, 'src'));

  it('is read: a row for each room, each with what it may import', () => {
    assert.ok(rows.length >= ROOM_ORDER.length - 5, `${rows.length} rows`);
    const unread = rows.filter((row) => row.allowed !== 'below' && row.allowed.size === 0 && !/Nothing/.test(row.line));
    assert.deepEqual(
      unread.map((row) => row.paths.join(', ')),
      [],
      'rows whose "May import" names no room (say `Nothing` where that is meant)',
    );
  });

  it('describes every file of src/', () => {
    const orphans = graph.files.filter((file) => rowOf(rows, file) === undefined);
    assert.deepEqual(orphans, [], 'files no row of the table describes');
  });

  it('allows each room only rooms below it', () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const own = Math.min(...row.paths.map((p) => rankOf(roomOf(p.endsWith('/') ? `${p}x.ts` : p)) ?? Infinity));
      for (const room of row.allowed === 'below' ? [] : row.allowed) {
        if ((rankOf(room) ?? Infinity) >= own) {
          wrong.push(`${row.paths.join(', ')} may import ${room}, which is not below it`);
        }
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('allows every import between rooms that src/ makes', () => {
    const unsaid = new Set<string>();
    for (const { from, to } of graph.edges) {
      const [fromRoom, toRoom] = [roomOf(from), roomOf(to)];
      const row = rowOf(rows, from);
      if (fromRoom === toRoom || row === undefined) {
        continue;
      }
      const allowed =
        row.allowed === 'below' ? (rankOf(toRoom) ?? Infinity) < (rankOf(fromRoom) ?? -1) : row.allowed.has(toRoom);
      if (!allowed) {
        unsaid.add(`${row.paths.map((p) => `src/${p}`).join(', ')} imports \`${toRoom}\` (${from} → ${to})`);
      }
    }
    assert.deepEqual([...unsaid], [], 'imports the table does not allow');
  });
});
