/**
 * The report panel's messages pass 3 classes at most (issue 34): the host that hears the webview
 * (`ReportPanel`), the session, and what the session reads for the answer. Read from the code by
 * test/architecture/messageHops.ts (TypeScript's type checker follows every call from the host's
 * `switch (message.type)`; a plain function is followed without counting, a class of the host or
 * the session counts once per route). A fixture with a class that forwards the message shows the
 * reader counts a fourth hop.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { messageRoutes, type MessageRoute } from '../architecture/messageHops';

const MOST_CLASSES = 3;

const FIXTURE: Record<string, string> = {
  'src/webviews/reports/host/panel.ts': `
    import { Forwarder } from './forwarder';
    import { helper } from './helper';
    type Message = { type: 'a' } | { type: 'b' } | { type: 'request'; method: 'x' | 'y' };
    export class Panel {
      private readonly forwarder = new Forwarder();
      handle(message: Message): void {
        this.dispatch(message);
      }
      private dispatch(message: Message): void {
        switch (message.type) {
          case 'a':
            this.forwarder.forward();
            return;
          case 'b':
            helper();
            return;
          case 'request':
            if (message.method === 'x') {
              this.forwarder.forward();
            } else {
              helper();
            }
            return;
        }
      }
    }`,
  'src/webviews/reports/host/forwarder.ts': `
    import { Session } from '../../../reports/panel/session';
    export class Forwarder {
      private readonly session = new Session();
      forward(): number {
        return this.session.rows();
      }
    }`,
  'src/webviews/reports/host/helper.ts': `
    import { Session } from '../../../reports/panel/session';
    export function helper(): number {
      return new Session().rows();
    }`,
  'src/reports/panel/session.ts': `
    import { Table } from './table';
    export class Session {
      private readonly table = new Table();
      rows(): number {
        return this.table.count();
      }
    }`,
  'src/reports/panel/table.ts': `
    export class Table {
      count(): number {
        return 1;
      }
    }`,
};

function byType(routes: MessageRoute[]): Record<string, string[]> {
  return Object.fromEntries(routes.flatMap((route) => route.types.map((type) => [type, route.classes])));
}

describe('the report panel’s messages', function () {
  this.timeout(60_000);
  let found: ReturnType<typeof messageRoutes>;

  before(() => {
    found = messageRoutes();
  });

  it('are told apart in the host’s one switch: every message type of the protocol has its case', () => {
    const handled = new Set(found.routes.flatMap((route) => route.types.map((type) => type.split(' ')[0]!)));
    assert.deepEqual([...handled].sort(), [...found.protocolTypes].sort());
    assert.ok(found.protocolTypes.length >= 9, `the protocol names ${found.protocolTypes.join(', ')}`);
  });

  it(`pass ${MOST_CLASSES} classes at most, the host first, each message kind and request method`, () => {
    const tooLong = found.routes
      .filter((route) => route.classes.length > MOST_CLASSES || route.classes[0] !== 'ReportPanel')
      .map((route) => `${route.types.join(', ')}: ${route.classes.join(' → ')}`);
    assert.deepEqual(tooLong, []);
    assert.ok(found.listener.length <= MOST_CLASSES, `the listener: ${found.listener.join(' → ')}`);
    // The request's methods are told apart, so each is held to the limit on its own.
    assert.ok(
      found.routes.some((route) => route.types.includes('request select')) &&
        found.routes.some((route) => route.types.includes('request rows')),
      found.routes.map((route) => route.types.join(', ')).join('; '),
    );
  });

  it('counts a class that forwards a message as a hop, and a plain function as none (a fixture)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'panel-hops-'));
    try {
      for (const [file, text] of Object.entries(FIXTURE)) {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      }
      const hostFile = 'src/webviews/reports/host/panel.ts';
      const program = ts.createProgram([path.join(root, hostFile)], {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        noEmit: true,
      });
      const fixture = messageRoutes(program, { root, file: hostFile, className: 'Panel' });
      assert.deepEqual(byType(fixture.routes), {
        a: ['Panel', 'Forwarder', 'Session', 'Table'],
        b: ['Panel', 'Session', 'Table'],
        'request x': ['Panel', 'Forwarder', 'Session', 'Table'],
        'request y': ['Panel', 'Session', 'Table'],
      });
      assert.deepEqual(fixture.protocolTypes.sort(), ['a', 'b', 'request']);
      assert.deepEqual(fixture.listener, ['Panel']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
