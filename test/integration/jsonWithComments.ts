/** Parses JSON with comments and trailing commas, as VS Code writes its settings and keybindings files. */
export function parseJsonWithComments(text: string): unknown {
  let json = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === '"') {
      // A string, copied whole: what looks like a comment inside it is not one.
      let end = index + 1;
      while (end < text.length && text[end] !== '"') {
        end += text[end] === '\\' ? 2 : 1;
      }
      json += text.slice(index, end + 1);
      index = end + 1;
    } else if (text.startsWith('//', index)) {
      const end = text.indexOf('\n', index);
      index = end < 0 ? text.length : end;
    } else if (text.startsWith('/*', index)) {
      const end = text.indexOf('*/', index + 2);
      index = end < 0 ? text.length : end + 2;
    } else {
      if (char === ']' || char === '}') {
        json = json.replace(/,\s*$/, '');
      }
      json += char;
      index += 1;
    }
  }
  return JSON.parse(json);
}
