// @ts-check
// ESLint rule `local/user-facing-strings`: a string the user reads goes through the
// localisation (`vscode.l10n.t` in the shell, `t` from `@vscode/l10n` in the core and the
// webview app), so `npm run l10n` finds it and a translation can replace it.
//
// A string literal or template with words in it is refused where the user will read it:
// - the argument of a message, status-bar message, Markdown or tree-item call;
// - the value of a property or assignment the UI shows (label, description, detail, tooltip,
//   title, placeHolder, prompt, message, text, textContent, ariaLabel, validationMessage, ...);
// - an `aria-label`, `title` or `placeholder` attribute set in the webview.
// It looks through `a ? b : c`, `a || b`, `a + b`, arrays and `[...].join()`. Codicons
// (`$(name)`) and punctuation are not words. Log lines, ids and technical strings are elsewhere
// and pass.

const CALLS =
  /^(show(Information|Warning|Error)Message|setStatusBarMessage|appendMarkdown|appendText|createStatusBarItem)$/;
const CONSTRUCTORS = /^(MarkdownString|TreeItem)$/;
const FIELDS =
  /^(label|description|detail|tooltip|title|placeHolder|placeholder|prompt|message|text|textContent|ariaLabel|validationMessage|contents)$/;
const ATTRIBUTES = /^(aria-label|title|placeholder|aria-description)$/;

/** Words: two letters in a row once codicons (`$(name)`) and escapes are taken out. */
function hasWords(text) {
  return /\p{L}{2}/u.test(text.replace(/\$\([a-z0-9~-]+\)/g, ''));
}

/** The first literal with words that `node` would put in front of the user, if any. */
function wordyLiteral(node) {
  if (!node) {
    return undefined;
  }
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && hasWords(node.value) ? node : undefined;
    case 'TemplateLiteral':
      return node.quasis.some((quasi) => hasWords(quasi.value.cooked ?? quasi.value.raw))
        ? node
        : node.expressions.map(wordyLiteral).find(Boolean);
    case 'ConditionalExpression':
      return wordyLiteral(node.consequent) ?? wordyLiteral(node.alternate);
    case 'LogicalExpression':
    case 'BinaryExpression':
      return node.operator === '+' || node.type === 'LogicalExpression'
        ? (wordyLiteral(node.left) ?? wordyLiteral(node.right))
        : undefined;
    case 'ArrayExpression':
      return node.elements.map(wordyLiteral).find(Boolean);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return wordyLiteral(node.expression);
    case 'CallExpression':
      // ['a', 'b'].join(' ')
      return node.callee.type === 'MemberExpression' &&
        node.callee.property.type === 'Identifier' &&
        node.callee.property.name === 'join'
        ? wordyLiteral(node.callee.object)
        : undefined;
    default:
      return undefined;
  }
}

function nameOf(node) {
  if (!node) {
    return undefined;
  }
  if (node.type === 'Identifier') {
    return node.name;
  }
  if (node.type === 'Literal' && typeof node.value === 'string') {
    return node.value;
  }
  if (node.type === 'MemberExpression' && !node.computed) {
    return nameOf(node.property);
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const userFacingStrings = {
  meta: {
    type: 'problem',
    docs: {
      description: 'User-facing strings go through vscode.l10n.t (shell) or t from @vscode/l10n (core, webview app).',
    },
    messages: {
      localize:
        'The user reads this {{where}}: pass it through vscode.l10n.t (shell) or t from @vscode/l10n (core, webview app) so that it is localised.',
    },
    schema: [],
  },
  create(context) {
    const report = (node, where) => {
      const literal = wordyLiteral(node);
      if (literal) {
        context.report({ node: literal, messageId: 'localize', data: { where } });
      }
    };
    return {
      CallExpression(node) {
        const name = nameOf(node.callee);
        if (name && CALLS.test(name)) {
          node.arguments.forEach((argument) => report(argument, `in ${name}()`));
        } else if (
          name === 'setAttribute' &&
          node.arguments[0]?.type === 'Literal' &&
          ATTRIBUTES.test(String(node.arguments[0].value))
        ) {
          report(node.arguments[1], `as the ${node.arguments[0].value} attribute`);
        }
      },
      NewExpression(node) {
        const name = nameOf(node.callee);
        if (name && CONSTRUCTORS.test(name)) {
          report(node.arguments[0], `in new ${name}()`);
        }
      },
      Property(node) {
        // l10n.t({ message, args, comment }): the message is the one being localised.
        const call = node.parent?.parent;
        if (
          nameOf(node.key) === 'message' &&
          call?.type === 'CallExpression' &&
          call.arguments[0] === node.parent &&
          nameOf(call.callee) === 't'
        ) {
          return;
        }
        const name = nameOf(node.key);
        if (!node.computed && name && FIELDS.test(name)) {
          report(node.value, `as its ${name}`);
        }
      },
      AssignmentExpression(node) {
        const name = node.left.type === 'MemberExpression' ? nameOf(node.left) : undefined;
        if (name && FIELDS.test(name)) {
          report(node.right, `as its ${name}`);
        }
      },
    };
  },
};
