/**
 * Whose code held the extension host's event loop: for each block a timer saw (a 5 ms interval firing late), the
 * CPU profile's samples of that moment, the share of them with this extension's code on the stack, and the
 * extension or module most of them ran in. The host runs every extension of the window, so its longest block
 * may be another's (the built-in Git extension spawning `git`, Markdown's highlighter). The profile alone would
 * not do: work that yields with setImmediate leaves no idle sample between its slices, yet blocks nobody.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface BusyStretch {
  /** Milliseconds after the profile started (the window's start, within a few milliseconds). */
  at: number;
  ms: number;
  /** Of the samples with a JavaScript stack, the share that has this extension's code on it (0 to 1). */
  own: number;
  /** Where most of its samples ran: an extension's folder name, `node:…`, or `(garbage collector)`. */
  mostly: string;
}

const EXTENSION_FOLDER = /\/extensions\/([^/]+)\//;

function placeOf(url: string, functionName: string): string {
  if (url === '') {
    return functionName.startsWith('(') ? functionName : '(native)';
  }
  return EXTENSION_FOLDER.exec(url)?.[1] ?? (url.startsWith('node:') ? 'node' : url.replace(/^.*\//, ''));
}

/** The blocks (`at` in milliseconds after the profile started), each with whose code ran in it, longest first. */
export function whoseBlocks(
  profile: CpuProfile,
  ownCode: string,
  blocks: ReadonlyArray<{ at: number; ms: number }>,
): BusyStretch[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  // Per leaf: whether this extension's code is on its stack, and where it ran.
  const leafFacts = new Map<number, { own: boolean; js: boolean; place: string }>();
  const factsOf = (leaf: number) => {
    let facts = leafFacts.get(leaf);
    if (facts === undefined) {
      let own = false;
      let place: string | undefined;
      let extension: string | undefined;
      let caller: string | undefined;
      for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
        const frame = byId.get(id)!.callFrame;
        own ||= frame.url.includes(ownCode);
        extension ??= EXTENSION_FOLDER.exec(frame.url)?.[1];
        if (caller === undefined && frame.url !== '' && !frame.url.startsWith('node:')) {
          caller = placeOf(frame.url, frame.functionName);
        }
        if (place === undefined && frame.url !== '') {
          place = placeOf(frame.url, frame.functionName);
        }
      }
      const js = place !== undefined;
      // Node's code is its caller's: an extension's (Git spawning `git`), or the host's own.
      place = own
        ? 'this extension'
        : (extension ?? caller ?? place ?? placeOf('', byId.get(leaf)!.callFrame.functionName));
      facts = { own, js, place };
      leafFacts.set(leaf, facts);
    }
    return facts;
  };
  const times: number[] = [];
  let time = profile.startTime;
  profile.samples.forEach((_, i) => times.push((time += profile.timeDeltas[i] ?? 0)));
  return blocks
    .map(({ at, ms }) => {
      const from = profile.startTime + at * 1000;
      const to = from + (ms + 5) * 1000;
      const samples = profile.samples.filter(
        (id, i) => times[i]! >= from && times[i]! <= to && byId.get(id)!.callFrame.functionName !== '(idle)',
      );
      const withJs = samples.filter((id) => factsOf(id).js);
      const places = new Map<string, number>();
      samples.forEach((id) => places.set(factsOf(id).place, (places.get(factsOf(id).place) ?? 0) + 1));
      return {
        at,
        ms,
        own: withJs.length === 0 ? 0 : withJs.filter((id) => factsOf(id).own).length / withJs.length,
        mostly: [...places].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '(no sample)',
      };
    })
    .sort((a, b) => b.ms - a.ms);
}
