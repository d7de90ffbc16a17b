/**
 * The reports' vocabulary (src/reports/model/reportVocabulary.ts) is written once: no
 * other file of src/ lists its tabs, presets, groupings, filters or actions again, in an array
 * or in a union of string literals. A list counts as written again when it holds three or more
 * words of one vocabulary list, or all of a shorter one. The sandbox, the service's stand-in, is
 * not the panel and is not read.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import {
  FILTER_KEYS,
  GROUPINGS,
  HOST_ROW_ACTIONS,
  PANEL_ACTIONS,
  PRESETS,
  REPORT_TABS,
} from '../../src/reports/model/reportVocabulary';

const ROOT = path.resolve(__dirname, '../..');
const VOCABULARY_FILE = 'src/reports/model/reportVocabulary.ts';
const LISTS: Record<string, readonly string[]> = {
  REPORT_TABS,
  PRESETS,
  GROUPINGS,
  FILTER_KEYS,
  PANEL_ACTIONS,
  HOST_ROW_ACTIONS,
};

interface Relisting {
  file: string;
  line: number;
  list: string;
  words: string[];
}

function stringsOf(node: ts.Node): string[] | undefined {
  if (ts.isArrayLiteralExpression(node)) {
    const words = node.elements.filter(ts.isStringLiteralLike).map((element) => element.text);
    return words.length === node.elements.length ? words : undefined;
  }
  // Only the outermost union: `A | B | C` nests no union in the AST, but a parenthesised one would.
  if (ts.isUnionTypeNode(node)) {
    const words = node.types
      .filter((type) => ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal))
      .map((type) => ((type as ts.LiteralTypeNode).literal as ts.StringLiteral).text);
    return words.length >= 2 ? words : undefined;
  }
  return undefined;
}

/** The lists of `source` that write out a vocabulary list again. */
export function relistings(file: string, source: string): Relisting[] {
  const found: Relisting[] = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    const words = stringsOf(node);
    if (words !== undefined) {
      for (const [list, vocabulary] of Object.entries(LISTS)) {
        const shared = [...new Set(words.filter((word) => vocabulary.includes(word)))];
        if (shared.length >= Math.min(3, vocabulary.length)) {
          found.push({
            file,
            line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
            list,
            words: shared,
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the reports’ vocabulary, written once', () => {
  it('finds a list written out again, in an array or a union, and leaves other lists alone', () => {
    const caught = relistings(
      'example.ts',
      [
        "const presets = ['today', 'last7', 'last30'];",
        "type Tab = 'clicks' | 'actions';",
        "const keys = ['subId', 'programId', 'adspaceId'];",
        "const fine = ['day', 'week'];",
        "const mixed = ['today', 'last7', someValue, 'last30'];",
        "type Words = 'clicks' | 'earnings';",
      ].join('\n'),
    );
    assert.deepEqual(
      caught.map(({ line, list }) => `${line} ${list}`),
      ['1 PRESETS', '2 REPORT_TABS', '3 FILTER_KEYS'],
    );
  });

  it('has no list of it written again anywhere else in src/', () => {
    // The sandbox stands in for the service: its words (its options `clicks` and `actions`) are the service's.
    const files = sourceFiles(path.join(ROOT, 'src')).filter((file) => {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      return relative !== VOCABULARY_FILE && !relative.startsWith('src/sandbox/');
    });
    assert.ok(files.length > 100, `read ${files.length} files of src/`);
    const found = files.flatMap((file) => relistings(path.relative(ROOT, file), fs.readFileSync(file, 'utf8')));
    assert.deepEqual(
      found.map(({ file, line, list, words }) => `${file}:${line} ${list}: ${words.join(', ')}`),
      [],
      'write these with the tuples of reportVocabulary.ts',
    );
  });
});
