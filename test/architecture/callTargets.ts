/**
 * What test/architecture/messageHops.ts reads of the code with TypeScript's type checker: what a call, a `new` or a
 * getter read runs, the class a declaration belongs to, the string literals of a type, and the branches of a request's
 * methods in a `case`.
 */
import ts from 'typescript';

export type Body = ts.FunctionLikeDeclaration | ts.ClassLikeDeclaration;

export function hasBody(node: ts.Node | undefined): node is ts.FunctionLikeDeclaration {
  return (
    node !== undefined &&
    (ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node)) &&
    node.body !== undefined
  );
}

export function classOf(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  return ts.findAncestor(node.parent, ts.isClassLike) as ts.ClassLikeDeclaration | undefined;
}

export function className(node: ts.ClassLikeDeclaration): string {
  return node.name?.text ?? '(anonymous class)';
}

/** What a call, a `new`, or a getter read runs: declarations with a body, or a class (its field initialisers). */
export function callTargets(checker: ts.TypeChecker, node: ts.Node): Body[] {
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
    const declaration = checker.getResolvedSignature(node)?.declaration;
    if (hasBody(declaration)) {
      return ts.isConstructorDeclaration(declaration) ? [declaration, classOf(declaration)!] : [declaration];
    }
    if (ts.isNewExpression(node)) {
      const symbol = checker.getSymbolAtLocation(node.expression);
      const declared = symbol?.flags === ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const classLike = declared?.declarations?.find(ts.isClassLike);
      return classLike === undefined ? [] : [classLike];
    }
    return [];
  }
  if (ts.isPropertyAccessExpression(node) && !(ts.isCallExpression(node.parent) && node.parent.expression === node)) {
    const declarations = checker.getSymbolAtLocation(node.name)?.declarations ?? [];
    return declarations.filter(ts.isGetAccessorDeclaration).filter(hasBody);
  }
  return [];
}

/** `if (message.method === 'a') { … } else { … }` alone in a case: each branch with the methods it handles. */
export function methodBranches(
  checker: ts.TypeChecker,
  statements: readonly ts.Statement[],
): Array<[string, ts.Statement]> | undefined {
  const [only] = statements;
  const rest = statements.slice(1);
  if (
    only === undefined ||
    !ts.isIfStatement(only) ||
    only.elseStatement === undefined ||
    !rest.every((statement) => ts.isReturnStatement(statement) && statement.expression === undefined)
  ) {
    return undefined;
  }
  const test = only.expression;
  if (
    !ts.isBinaryExpression(test) ||
    test.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken ||
    !ts.isPropertyAccessExpression(test.left) ||
    test.left.name.text !== 'method' ||
    !ts.isStringLiteralLike(test.right)
  ) {
    return undefined;
  }
  const method = test.right.text;
  const others = literalsOf(checker.getTypeAtLocation(test.left)).filter((other) => other !== method);
  return [
    [method, only.thenStatement],
    [others.join(', ') || '(other)', only.elseStatement],
  ];
}

/** The string literals of a type (a union of them, or one). */
export function literalsOf(type: ts.Type): string[] {
  const members = type.isUnion() ? type.types : [type];
  return members
    .filter((member): member is ts.StringLiteralType => member.isStringLiteral())
    .map((member) => member.value);
}
