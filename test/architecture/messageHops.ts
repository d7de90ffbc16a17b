/**
 * The classes a message of the report panel's webview passes through in the host, read from the code with
 * TypeScript's type checker: from the host's listener (the panel's `switch` on `message.type`) every call is
 * followed to what it calls. A class of the panel (the host, `src/webviews/reports/host/`, and its session,
 * `src/reports/panel/`) whose method, constructor or getter is entered is one hop; a plain function of those rooms
 * is followed without counting; the route ends where it leaves them (the report store, the controllers, VS Code's
 * API, a command run through it). Functions written inside a method are walked with it, whenever they run. A
 * message's hops are the most distinct classes on one route. `npx tsx test/architecture/messageHops.ts` prints
 * them; the unit test `the report panel's messages` holds each at 3 at most.
 */
import * as path from 'node:path';
import ts from 'typescript';
import { callTargets, classOf, className, literalsOf, methodBranches, type Body } from './callTargets';

const ROOT = path.resolve(__dirname, '../..');
/** The rooms whose classes count as hops: the panel's host and its session. */
export const PANEL_ROOMS: readonly string[] = ['src/webviews/reports/host/', 'src/reports/panel/'];
/** The class that hears the webview, and its file. */
export const HOST_FILE = 'src/webviews/reports/host/reportPanel.ts';
export const HOST_CLASS = 'ReportPanel';

export interface MessageRoute {
  /** The message types the route handles (a `case` may handle several), and the request's method when it tells them apart. */
  types: string[];
  /** The longest route of distinct classes, the host first. */
  classes: string[];
  /** Every class of the panel whose code runs for the message, on any route (the host first). */
  reached: string[];
}

/** Where the reader looks: the project (or a fixture's folder) and the class that hears the webview. */
export interface HostPlace {
  root: string;
  file: string;
  className: string;
}

export class RouteReader {
  private readonly checker: ts.TypeChecker;
  private readonly host: ts.ClassDeclaration;
  private readonly memo = new Map<string, string[]>();
  private readonly walking = new Set<string>();
  private readonly ids = new Map<ts.Node, number>();

  constructor(
    program: ts.Program,
    private readonly place: HostPlace = { root: ROOT, file: HOST_FILE, className: HOST_CLASS },
  ) {
    this.checker = program.getTypeChecker();
    const source = program.getSourceFile(path.join(place.root, place.file));
    const host = source?.statements.find(
      (statement): statement is ts.ClassDeclaration =>
        ts.isClassDeclaration(statement) && statement.name?.text === place.className,
    );
    if (host === undefined) {
      throw new Error(`${place.file} declares no class ${place.className}`);
    }
    this.host = host;
  }

  private inPanel(node: ts.Node): boolean {
    const file = path.relative(this.place.root, node.getSourceFile().fileName).split(path.sep).join('/');
    return PANEL_ROOMS.some((room) => file.startsWith(room));
  }

  /** The `switch (message.type)` of the host: where each message is told apart. */
  private dispatchSwitch(): { method: ts.MethodDeclaration; statement: ts.SwitchStatement } {
    for (const member of this.host.members) {
      if (!ts.isMethodDeclaration(member) || member.body === undefined) {
        continue;
      }
      let found: ts.SwitchStatement | undefined;
      const visit = (node: ts.Node): void => {
        if (ts.isSwitchStatement(node) && node.expression.getText() === 'message.type') {
          found ??= node;
        }
        ts.forEachChild(node, visit);
      };
      visit(member.body);
      if (found !== undefined) {
        return { method: member, statement: found };
      }
    }
    throw new Error(`${this.place.className} has no switch (message.type)`);
  }

  /** The message types the protocol names: the union of the `type` the host's switch reads. */
  protocolTypes(): string[] {
    const { statement } = this.dispatchSwitch();
    return literalsOf(this.checker.getTypeAtLocation(statement.expression));
  }

  /**
   * The route of each `case` of the host's switch; a case that is one `if (message.method === '…')` gives a route for
   * each method of the request.
   */
  routes(): MessageRoute[] {
    const { statement } = this.dispatchSwitch();
    const routes: MessageRoute[] = [];
    let types: string[] = [];
    for (const clause of statement.caseBlock.clauses) {
      if (ts.isCaseClause(clause) && ts.isStringLiteralLike(clause.expression)) {
        types.push(clause.expression.text);
      }
      if (clause.statements.length === 0) {
        continue;
      }
      const byMethod = methodBranches(this.checker, clause.statements);
      if (byMethod === undefined) {
        routes.push(this.route(types, clause.statements));
      } else {
        for (const [method, branch] of byMethod) {
          routes.push(
            this.route(
              types.map((type) => `${type} ${method}`),
              [branch],
            ),
          );
        }
      }
      types = [];
    }
    return routes;
  }

  private route(types: string[], statements: readonly ts.Node[]): MessageRoute {
    const start = [className(this.host)];
    let deepest = start;
    const reached = new Set(start);
    for (const child of statements) {
      const route = this.walk(child, start);
      deepest = route.length > deepest.length ? route : deepest;
      this.reach(child, reached, new Set());
    }
    return { types, classes: deepest, reached: [...reached] };
  }

  /** Every class of the panel whose code runs from `node`, whatever the route. */
  private reach(node: ts.Node, reached: Set<string>, seen: Set<ts.Node>): void {
    const visit = (child: ts.Node): void => {
      for (const target of callTargets(this.checker, child)) {
        if (!this.inPanel(target) || seen.has(target)) {
          continue;
        }
        seen.add(target);
        const owner = ts.isClassLike(target) ? target : classOf(target);
        if (owner !== undefined) {
          reached.add(className(owner));
        }
        if (ts.isClassLike(target)) {
          target.members.forEach((member) => {
            if (ts.isPropertyDeclaration(member) && member.initializer !== undefined) {
              this.reach(member.initializer, reached, seen);
            }
          });
        } else if (target.body !== undefined) {
          this.reach(target.body, reached, seen);
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
  }

  /** The route before the switch, common to every message: the host's listener checking what arrived. */
  listenerRoute(): string[] {
    const { method } = this.dispatchSwitch();
    const listener = this.host.members.find(
      (member): member is ts.MethodDeclaration =>
        ts.isMethodDeclaration(member) &&
        member !== method &&
        member.body !== undefined &&
        member.body.getText().includes(`this.${method.name.getText()}(`),
    );
    return listener === undefined ? [className(this.host)] : this.enter(listener, [], method);
  }

  /** The deepest route from `node`, code of the class last on `route`. */
  private walk(node: ts.Node, route: string[], skip?: ts.Node): string[] {
    let deepest = route;
    const consider = (found: string[]): void => {
      deepest = found.length > deepest.length ? found : deepest;
    };
    const visit = (child: ts.Node): void => {
      for (const target of callTargets(this.checker, child)) {
        if (target !== skip) {
          consider(this.enter(target, route, skip));
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return deepest;
  }

  private idOf(node: ts.Node): number {
    let id = this.ids.get(node);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(node, id);
    }
    return id;
  }

  /** Enters a function, method or class of the panel: a hop when it belongs to a class not yet on the route. */
  private enter(target: Body, route: string[], skip?: ts.Node): string[] {
    if (!this.inPanel(target)) {
      return route;
    }
    const owner = ts.isClassLike(target) ? target : classOf(target);
    const name = owner === undefined ? undefined : className(owner);
    const next = name === undefined || route.includes(name) ? route : [...route, name];
    const key = `${this.idOf(target)}|${next.join('>')}`;
    const known = this.memo.get(key);
    if (known !== undefined) {
      return known;
    }
    if (this.walking.has(key)) {
      return next;
    }
    this.walking.add(key);
    let deepest = next;
    if (ts.isClassLike(target)) {
      // A `new` runs the field initialisers.
      for (const member of target.members) {
        if (
          ts.isPropertyDeclaration(member) &&
          member.initializer !== undefined &&
          !member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)
        ) {
          const found = this.walk(member.initializer, next, skip);
          deepest = found.length > deepest.length ? found : deepest;
        }
      }
    } else if (target.body !== undefined) {
      deepest = this.walk(target.body, next, skip);
    }
    this.walking.delete(key);
    this.memo.set(key, deepest);
    return deepest;
  }
}

/** A program of the host's file and everything it imports, with the project's compiler options. */
export function panelProgram(): ts.Program {
  const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  return ts.createProgram([path.join(ROOT, HOST_FILE)], { ...parsed.options, noEmit: true });
}

/** Each message kind's route, the route common to every message before the switch, and the protocol's message types. */
export function messageRoutes(
  program = panelProgram(),
  place?: HostPlace,
): { listener: string[]; routes: MessageRoute[]; protocolTypes: string[] } {
  const reader = new RouteReader(program, place);
  return { listener: reader.listenerRoute(), routes: reader.routes(), protocolTypes: reader.protocolTypes() };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const { listener, routes } = messageRoutes();
  console.log(`every message, before the switch: ${listener.length} (${listener.join(' → ')})`);
  for (const route of routes) {
    console.log(
      `${route.types.join(', ')}: ${route.classes.length} (${route.classes.join(' → ')}); classes whose code runs: ${route.reached.join(', ')}`,
    );
  }
}
