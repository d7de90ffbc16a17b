/**
 * The walkthrough of package.json (`contributes.walkthroughs`) against what the extension
 * contributes: its ids are those of src/ids.ts, each step has small Markdown in
 * media/walkthrough/, and every completion event and button names a command, view, setting or
 * context key that exists. The e2e scenario test/e2e/walkthrough.e2e.ts completes the steps in
 * the real workbench.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { COMMANDS, CONTEXT_KEYS, VIEWS, WALKTHROUGH, WORKBENCH_COMMANDS } from '../../src/ids';

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: unknown; svg?: string };
  completionEvents?: string[];
}

const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const walkthroughs = manifest.contributes.walkthroughs as Array<{ id: string; title: string; steps: Step[] }>;
const commands = new Set<string>(Object.values(COMMANDS));
const views = new Set<string>(Object.values(VIEWS));
const settings = new Set(Object.keys(manifest.contributes.configuration.properties));
/** VS Code's own commands a step's links may run. */
const WORKBENCH_LINKS = new Set<string>([WORKBENCH_COMMANDS.openSettings, 'workbench.action.quickOpen']);

/** The text of a %key% of package.nls.json. */
function text(value: string): string {
  const key = /^%(.+)%$/.exec(value)?.[1];
  assert.ok(key !== undefined && typeof nls[key] === 'string', `${value} is not a key of package.nls.json`);
  return nls[key]!;
}

/** Commands of the `command:` links of a step's description, and of its buttons (a line that is one link). */
function links(description: string): { commands: string[]; buttons: string[] } {
  const commandOf = (target: string): string => target.replace(/^command:(toSide:)?/, '').replace(/\?.*$/, '');
  const all = [...description.matchAll(/\]\((command:[^)]+)\)/g)].map((match) => commandOf(match[1]!));
  const buttons = description.split('\n').flatMap((line) => {
    const match = /^\[[^\]]+\]\((command:[^)]+)\)$/.exec(line.trim());
    return match ? [commandOf(match[1]!)] : [];
  });
  return { commands: all, buttons };
}

describe('walkthrough', () => {
  it('has the id and the steps src/ids.ts names', () => {
    assert.deepEqual(
      walkthroughs.map((walkthrough) => walkthrough.id),
      [WALKTHROUGH.id],
    );
    assert.deepEqual(
      walkthroughs[0]!.steps.map((step) => step.id),
      Object.values(WALKTHROUGH.steps),
    );
  });

  for (const step of walkthroughs[0]?.steps ?? []) {
    describe(`step ${step.id}`, () => {
      it('shows small Markdown of media/walkthrough/', () => {
        const file = step.media.markdown ?? '';
        assert.ok(file.startsWith('media/walkthrough/') && file.endsWith('.md'), `media ${JSON.stringify(step.media)}`);
        const bytes = fs.statSync(path.join(root, file)).size;
        assert.ok(bytes > 100 && bytes < 2_000, `${file} has ${bytes} bytes`);
      });

      it('has a localised title and a description with one button that runs a command of the extension or of VS Code', () => {
        assert.ok(text(step.title).length > 5);
        const { commands: linked, buttons } = links(text(step.description));
        assert.equal(buttons.length, 1, `buttons: ${buttons.join(', ')}`);
        for (const command of linked) {
          const view = command.endsWith('.focus') ? command.slice(0, -'.focus'.length) : undefined;
          assert.ok(
            commands.has(command) || WORKBENCH_LINKS.has(command) || (view !== undefined && views.has(view)),
            `${command} is neither a command of the extension, a view's focus nor a known workbench command`,
          );
        }
      });

      it('completes on events that name what the extension contributes', () => {
        const events = step.completionEvents ?? [];
        assert.ok(events.length > 0, 'no completion event: VS Code would complete the step when it is merely selected');
        const contextKeys = new Set<string>(Object.values(CONTEXT_KEYS));
        for (const event of events) {
          const [kind, argument] = [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)];
          switch (kind) {
            case 'onCommand':
              assert.ok(commands.has(argument), `${event}: no such command`);
              break;
            case 'onView':
              assert.ok(views.has(argument), `${event}: no such view`);
              break;
            case 'onSettingChanged':
              assert.ok(settings.has(argument), `${event}: no such setting`);
              break;
            case 'onContext':
              for (const key of argument.match(/affiliateLinks\.[A-Za-z]+/g) ?? []) {
                assert.ok(contextKeys.has(key), `${event}: no context key ${key}`);
              }
              break;
            default:
              assert.fail(`${event}: not an event this walkthrough uses`);
          }
        }
      });
    });
  }
});
