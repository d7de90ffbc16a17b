/**
 * The chart's colours, read from VS Code's theme variables (`--vscode-charts-*` and friends)
 * with getComputedStyle: a canvas cannot use CSS variables, so they are read again, and the
 * chart redrawn, when VS Code switches the theme (the body's class changes).
 */

export type ThemeKind = 'vscode-light' | 'vscode-dark' | 'vscode-high-contrast' | 'vscode-high-contrast-light';

export interface ChartTheme {
  kind: ThemeKind;
  /** The colours of the first series, in order (the top five of a grouping, or currencies). */
  series: string[];
  /** The "Other" series. */
  other: string;
  foreground: string;
  muted: string;
  grid: string;
  background: string;
  font: string;
  /** Line width in CSS pixels: wider in high contrast. */
  lineWidth: number;
}

const SERIES_VARIABLES: ReadonlyArray<[string, string]> = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-yellow', '#cca700'],
  ['--vscode-charts-red', '#f14c4c'],
];

export function themeKindOf(body: HTMLElement): ThemeKind {
  const classes = body.classList;
  if (classes.contains('vscode-high-contrast-light')) {
    return 'vscode-high-contrast-light';
  }
  if (classes.contains('vscode-high-contrast')) {
    return 'vscode-high-contrast';
  }
  return classes.contains('vscode-light') ? 'vscode-light' : 'vscode-dark';
}

export function readChartTheme(element: HTMLElement): ChartTheme {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const kind = themeKindOf(document.body);
  const highContrast = kind === 'vscode-high-contrast' || kind === 'vscode-high-contrast-light';
  const foreground = read(
    '--vscode-foreground',
    kind === 'vscode-light' || kind === 'vscode-high-contrast-light' ? '#3b3b3b' : '#cccccc',
  );
  return {
    kind,
    series: SERIES_VARIABLES.map(([name, fallback]) => read(name, fallback)),
    other: read('--vscode-descriptionForeground', foreground),
    foreground,
    muted: read('--vscode-descriptionForeground', foreground),
    grid: highContrast
      ? read('--vscode-contrastBorder', foreground)
      : read('--vscode-editorWidget-border', 'rgba(128, 128, 128, 0.35)'),
    background: read('--vscode-editor-background', kind === 'vscode-light' ? '#ffffff' : '#1e1e1e'),
    font: `${read('--vscode-font-size', '13px').replace(/^(\d+)$/, '$1px')} ${read('--vscode-font-family', 'sans-serif')}`,
    lineWidth: highContrast ? 2.5 : 1.75,
  };
}

/** The colour of series `index` (of `count`); "Other" has its own, muted. */
export function seriesColor(theme: ChartTheme, index: number, other: boolean): string {
  return other ? theme.other : theme.series[index % theme.series.length];
}

/** A diagonal hatch (canvas pattern) for the provisional days' band. */
export function hatchPattern(
  context: CanvasRenderingContext2D,
  theme: ChartTheme,
  pixelRatio: number,
): CanvasPattern | string {
  const size = Math.max(6, Math.round(8 * pixelRatio));
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  const ink = tile.getContext('2d');
  if (ink === null) {
    return theme.grid;
  }
  ink.strokeStyle = theme.muted;
  ink.globalAlpha = theme.kind.startsWith('vscode-high-contrast') ? 0.6 : 0.3;
  ink.lineWidth = Math.max(1, pixelRatio);
  ink.beginPath();
  ink.moveTo(0, size);
  ink.lineTo(size, 0);
  ink.moveTo(-size / 2, size / 2);
  ink.lineTo(size / 2, -size / 2);
  ink.moveTo(size / 2, size * 1.5);
  ink.lineTo(size * 1.5, size / 2);
  ink.stroke();
  return context.createPattern(tile, 'repeat') ?? theme.grid;
}
