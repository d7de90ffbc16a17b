/**
 * A reader of the YAML that action.yml uses — mappings, sequences of mappings, `|` blocks, plain and quoted
 * scalars, comments — which refuses anything else, so a test of the action cannot pass on a misread file.
 */
import assert from 'node:assert/strict';

export type Yaml = string | Yaml[] | { [key: string]: Yaml };
export type YamlMap = { [key: string]: Yaml };

interface Line {
  indent: number;
  text: string;
  number: number;
}

function scalar(raw: string, where: number): string {
  const text = raw.trim();
  if (text.startsWith("'")) {
    assert.ok(text.endsWith("'") && text.length > 1, `line ${where}: unclosed quote`);
    return text.slice(1, -1).replace(/''/g, "'");
  }
  if (text.startsWith('"')) {
    return JSON.parse(text) as string;
  }
  assert.ok(!/^[[{&*!|>%@`]/.test(text) && !/ #|: /.test(text), `line ${where}: unsupported scalar ${text}`);
  return text;
}

/** Reads the YAML subset of action.yml; throws on anything else. */
export function readActionYaml(source: string): YamlMap {
  const all = source.split('\n').map((text, index) => ({
    indent: text.length - text.trimStart().length,
    text: text.trimEnd(),
    number: index + 1,
  }));
  let at = 0;
  const significant = (line: Line) => line.text.trim() !== '' && !line.text.trim().startsWith('#');
  const next = () => {
    while (at < all.length && !significant(all[at]!)) {
      at += 1;
    }
    return all[at];
  };

  function block(indent: number): string {
    const lines: string[] = [];
    while (at < all.length && (all[at]!.text.trim() === '' || all[at]!.indent > indent)) {
      lines.push(all[at]!.text);
      at += 1;
    }
    const margin = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
    return `${lines
      .map((l) => l.slice(margin))
      .join('\n')
      .trimEnd()}\n`;
  }

  function entry(map: YamlMap, text: string, line: Line, indent: number): void {
    const match = /^([\w.-]+):(?: (.*))?$/.exec(text);
    assert.ok(match, `line ${line.number}: not a key: ${text}`);
    const [, key, rest] = match;
    assert.ok(!(key! in map), `line ${line.number}: ${key} twice`);
    at += 1;
    if (rest === undefined || rest.trim() === '') {
      const child = next();
      map[key!] = child && child.indent > indent ? node(child.indent) : '';
    } else if (rest.trim() === '|') {
      map[key!] = block(indent);
    } else {
      map[key!] = scalar(rest, line.number);
    }
  }

  function node(indent: number): Yaml {
    const first = next()!;
    if (first.text.trimStart().startsWith('- ')) {
      const items: Yaml[] = [];
      for (let line = next(); line && line.indent === indent && line.text.trimStart().startsWith('- '); line = next()) {
        const item: YamlMap = {};
        entry(item, line.text.trimStart().slice(2), line, indent + 2);
        for (let inner = next(); inner && inner.indent === indent + 2; inner = next()) {
          entry(item, inner.text.trim(), inner, indent + 2);
        }
        items.push(item);
      }
      return items;
    }
    const map: YamlMap = {};
    for (let line = next(); line && line.indent === indent; line = next()) {
      entry(map, line.text.trim(), line, indent);
    }
    const stray = next();
    assert.ok(!stray || stray.indent < indent, `line ${stray?.number}: unexpected indentation`);
    return map;
  }

  return node(0) as YamlMap;
}
