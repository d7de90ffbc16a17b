/**
 * The GitHub Action (action.yml at the root): a composite action whose inputs reach `affiliate-links check`.
 * Read with a small reader of the YAML the file uses (mappings, sequences of mappings, `|` blocks, plain and quoted
 * scalars, comments), which refuses anything else; then its check step's script is run by bash with a stand-in
 * `node` that prints the arguments it was given.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readActionYaml, type Yaml, type YamlMap } from './helpers/actionYaml';

const ROOT = path.resolve(__dirname, '../..');
const ACTION = fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
const action = () => readActionYaml(ACTION);

interface Step {
  [key: string]: Yaml;
}

function stepsOf(action: YamlMap): Step[] {
  return (action['runs'] as YamlMap)['steps'] as Step[];
}

/** The step that runs the checker the action built. */
function checkStep(action: YamlMap): Step | undefined {
  return stepsOf(action).find((step) => String(step['run'] ?? '').includes('node "$GITHUB_ACTION_PATH/dist/cli.js"'));
}

/** What is wrong with how the inputs reach the checker: each through the check step's env into its script. */
function wiringProblems(action: YamlMap): string[] {
  const problems: string[] = [];
  const inputs = Object.keys(action['inputs'] as YamlMap);
  const check = checkStep(action);
  if (!check) {
    return ['no step runs the built dist/cli.js'];
  }
  const env = (check['env'] ?? {}) as YamlMap;
  const script = String(check['run']);
  for (const input of inputs.filter((name) => name !== 'node-version')) {
    const variable = Object.entries(env).find(([, value]) => value === `\${{ inputs.${input} }}`)?.[0];
    if (!variable) {
      problems.push(`input ${input} is not in the check step's env`);
    } else if (!script.includes(`"$${variable}"`) && !script.includes(`<<< "$${variable}"`)) {
      problems.push(`input ${input} ($${variable}) is not used by the script`);
    }
  }
  for (const step of stepsOf(action)) {
    if (/\$\{\{/.test(String(step['run'] ?? ''))) {
      problems.push(`a run script pastes an expression: ${step['name'] as string}`);
    }
  }
  return problems;
}

/**
 * What the check step's script passes to node, given the inputs (the others at their defaults), with a stand-in
 * node; bash runs it as GitHub runs `shell: bash` (`bash --noprofile --norc -eo pipefail`).
 */
function argumentsFor(inputs: Record<string, string>): string[] {
  const check = checkStep(action())!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'action-'));
  try {
    fs.writeFileSync(path.join(dir, 'node'), '#!/usr/bin/env bash\nprintf "%s\\0" "$@"\n', { mode: 0o755 });
    const env: Record<string, string> = {
      PATH: `${dir}:${process.env['PATH']}`,
      GITHUB_ACTION_PATH: '/actions/al',
      RUNNER_TEMP: '/runner/temp',
    };
    for (const [name, value] of Object.entries(check['env'] as YamlMap)) {
      const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(String(value))![1]!;
      const declared = (action()['inputs'] as YamlMap)[input] as YamlMap;
      env[name] = inputs[input] ?? String(declared['default'] ?? '');
    }
    const out = execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', String(check['run'])], {
      env,
      encoding: 'utf8',
    });
    return out.split('\0').slice(0, -1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the GitHub Action', () => {
  it('is a composite action with the catalog, fail-on, path, format and node-version inputs', () => {
    const read = action();
    assert.equal((read['runs'] as YamlMap)['using'], 'composite');
    const inputs = read['inputs'] as Record<string, YamlMap>;
    assert.equal(inputs['catalog']!['required'], 'true');
    assert.equal(inputs['catalog']!['default'], undefined);
    assert.equal(inputs['fail-on']!['default'], 'warning');
    assert.equal(inputs['path']!['default'], '.');
    assert.equal(inputs['format']!['default'], 'github');
    assert.equal(inputs['node-version']!['default'], '20');
    for (const [name, input] of Object.entries(inputs)) {
      assert.ok(String(input['description']).length > 10, `${name} has a description`);
    }
    const [setup] = stepsOf(read);
    assert.equal(setup!['uses'], 'actions/setup-node@v4');
    assert.deepEqual(setup!['with'], { 'node-version': '${{ inputs.node-version }}' });
    const build = stepsOf(read)[1]!;
    assert.equal(build['working-directory'], '${{ github.action_path }}');
    assert.match(
      String(build['run']),
      /if \[ ! -f dist\/cli\.js \]; then\n {2}npm ci --ignore-scripts[^\n]*\n {2}npm run build\n/,
    );
  });

  it('wires every input into the command through the environment, never pasted into a script', () => {
    assert.deepEqual(wiringProblems(action()), []);
    // The oracle, broken on purpose: an input left out of the env, and one pasted into the script.
    const unwired = ACTION.replace(/\n {8}FAIL_ON: .*/, '');
    assert.deepEqual(wiringProblems(readActionYaml(unwired)), ["input fail-on is not in the check step's env"]);
    const pasted = ACTION.replace('--fail-on "$FAIL_ON"', '--fail-on ${{ inputs.fail-on }}');
    assert.deepEqual(wiringProblems(readActionYaml(pasted)), [
      'input fail-on ($FAIL_ON) is not used by the script',
      'a run script pastes an expression: Check the affiliate links',
    ]);
  });

  it('runs `check` with the defaults: the github format, fail on warnings, the whole workspace', () => {
    assert.deepEqual(argumentsFor({ catalog: 'catalog-snapshot.txt' }), [
      '/actions/al/dist/cli.js',
      'check',
      '--catalog',
      'catalog-snapshot.txt',
      '--fail-on',
      'warning',
      '--format',
      'github',
      '.',
    ]);
  });

  it('passes every optional input as its option, and paths one per line, spaces and all', () => {
    const args = argumentsFor({
      catalog: 'ci/snap shot.txt',
      'fail-on': 'error',
      format: 'sarif',
      output: 'out/affiliate-links.sarif',
      'changed-since': 'origin/main',
      config: 'ci/settings.json',
      'max-catalog-age': '7',
      cache: 'true',
      path: 'content/blog posts\n\nsite/$(touch pwned)\n',
    });
    assert.deepEqual(args, [
      '/actions/al/dist/cli.js',
      'check',
      '--catalog',
      'ci/snap shot.txt',
      '--fail-on',
      'error',
      '--format',
      'sarif',
      '--output',
      'out/affiliate-links.sarif',
      '--changed-since',
      'origin/main',
      '--config',
      'ci/settings.json',
      '--max-catalog-age',
      '7',
      '--cache-location',
      '/runner/temp/affiliate-links-check-cache',
      'content/blog posts',
      'site/$(touch pwned)',
    ]);
  });

  it('keeps the cache with actions/cache at the place the check reads it from, only when asked', () => {
    const read = action();
    const steps = stepsOf(read);
    const cacheStep = steps.find((step) => step['uses'] === 'actions/cache@v4');
    assert.equal(cacheStep?.['if'], "inputs.cache == 'true'");
    assert.equal((cacheStep!['with'] as YamlMap)['path'], '${{ runner.temp }}/affiliate-links-check-cache');
    assert.ok(steps.indexOf(cacheStep!) < steps.indexOf(checkStep(read)!), 'restored before the check');
    assert.ok(!argumentsFor({ catalog: 'c.txt', cache: 'false' }).some((arg) => arg.startsWith('--cache')));
  });

  it('reads only the YAML it knows (the reader, on purpose, refuses the rest)', () => {
    assert.deepEqual(readActionYaml("a:\n  b: 'it''s'\n  c: |\n    x\n      y\nd: e\n"), {
      a: { b: "it's", c: 'x\n  y\n' },
      d: 'e',
    });
    assert.throws(() => readActionYaml('a: [1, 2]\n'), /unsupported scalar/);
    assert.throws(() => readActionYaml('a: b\na: c\n'), /a twice/);
    assert.throws(() => readActionYaml('a: b # note\n'), /unsupported scalar/);
  });
});
