/**
 * The lenses after a one-line edit (issue 25; issue 34 §7): what the editor recomputes when one
 * line of a 10,000-line article with 2,000 deeplinks changes, from an aggregate already loaded
 * (lensFixture.ts), against a bare regex pass finding the same text's URLs. Each round times one
 * edit, after full garbage collections, as one sample: the figure is the distribution of the
 * rounds, not a single median. The process's CPU time of each edit is noted beside its wall time,
 * so that a run on a busy machine shows how much of an edit was spent waiting for a core.
 *
 * `npm run bench` runs it in a process of its own (lensRun.ts), so that the figure does not
 * depend on what the earlier parts of the bench left in the heap.
 */
import path from 'node:path';
import { loadShipped } from './shippedBundle';
import { DEEPLINKS, LINES, lensFixture } from './lensFixture';
import { distribution, emit, loadAverage, round2, settle, spreadText, timeOf } from './figures';

type ShippedFigures = typeof import('./shippedFigures');

const root = path.resolve(__dirname, '../..');
/** Edits made before the timed rounds, after the first. */
const WARM_EDITS = 5;

/** The process's CPU time (user + system, every thread) that `body` takes, in ms. */
function cpuOf(body: () => unknown): { wall: number; cpu: number } {
  const before = process.cpuUsage();
  const wall = timeOf(body);
  const used = process.cpuUsage(before);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

export async function benchLenses(rounds: number): Promise<void> {
  const shipped = await loadShipped<ShippedFigures>(root, path.join(__dirname, 'shippedFigures.ts'), 'figures');
  const fixture = lensFixture(shipped);
  const loadBefore = loadAverage();
  // The first calls compile: timed apart, and a few more edits untimed, as in an editor after a few keystrokes.
  const firstEdit = timeOf(() => fixture.oneLineEdit());
  const firstWhole = timeOf(() => fixture.wholeText());
  const urls = fixture.urlPass();
  for (let edit = 0; edit < WARM_EDITS; edit++) {
    fixture.oneLineEdit();
  }
  const edits: number[] = [];
  const cpu: number[] = [];
  const passes: number[] = [];
  const whole: number[] = [];
  let lenses: Array<{ title: string }> = [];
  for (let round = 0; round < rounds; round++) {
    settle();
    passes.push(timeOf(() => fixture.urlPass()));
    settle();
    const edit = cpuOf(() => {
      lenses = fixture.oneLineEdit();
    });
    edits.push(edit.wall);
    cpu.push(edit.cpu);
    settle();
    whole.push(timeOf(() => fixture.wholeText()));
  }
  if (lenses.length !== DEEPLINKS + 1) {
    throw new Error(
      `the article got ${lenses.length} lenses; expected ${DEEPLINKS + 1} (one per deeplink line and the article's)`,
    );
  }
  const load: [number, number] = [loadBefore, loadAverage()];
  const edit = distribution(edits);
  const pass = distribution(passes);
  emit({
    name: `figures lenses of a ${LINES.toLocaleString('en-US')}-line article with ${DEEPLINKS.toLocaleString('en-US')} deeplinks after a one-line edit, from a loaded aggregate vs a regex pass finding its URLs`,
    value: edit.median,
    unit: 'ms',
    baseline: pass.median,
    ratio: round2(edit.median / pass.median),
    target: '< 10 ms',
    note: `${rounds} rounds, one edit each: ${spreadText(edits)}; the process's CPU time of each edit ${spreadText(cpu)}; first run ${round2(firstEdit)} ms; ${urls} URLs in the text; article lens: ${lenses[0]?.title}`,
    distribution: edit,
    baselineDistribution: pass,
    load,
  });
  const wholeText = distribution(whole);
  emit({
    name: `the same lenses with the whole text read again (no per-line reuse), for comparison`,
    value: wholeText.median,
    unit: 'ms',
    baseline: pass.median,
    ratio: round2(wholeText.median / pass.median),
    note: `${spreadText(whole)}; first run ${round2(firstWhole)} ms`,
    distribution: wholeText,
    load,
  });
}
