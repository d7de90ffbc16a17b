/**
 * How the chart draws provisional days: a hatched band behind them and their segments dashed, the data whole so the
 * hover readout stays whole.
 */
import uPlot from 'uplot';

/** The index of the first provisional day; `provisional.length` when none is. */
export function firstProvisionalIndex(provisional: readonly boolean[]): number {
  const index = provisional.indexOf(true);
  return index === -1 ? provisional.length : index;
}

/** A linear path builder that stops at the last settled day. */
export function solidPaths(firstProvisional: number): uPlot.Series.PathBuilder {
  const linear = uPlot.paths.linear?.();
  return (u, seriesIndex, first, last) => {
    const end = Math.min(last, firstProvisional - 1);
    return linear === undefined || end < first ? null : linear(u, seriesIndex, first, end);
  };
}

function clipToPlot(u: uPlot): void {
  const { left, top, width, height } = u.bbox;
  u.ctx.beginPath();
  u.ctx.rect(left, top, width, height);
  u.ctx.clip();
}

/** The hatched band behind the provisional days (drawn before the series). */
export function drawProvisionalBand(u: uPlot, firstProvisional: number, fill: CanvasPattern | string): void {
  const days = u.data[0].length;
  if (firstProvisional >= days) {
    return;
  }
  const { left, top, width, height } = u.bbox;
  const start = Math.max(left, u.valToPos(firstProvisional - 0.5, 'x', true));
  const end = left + width;
  if (start >= end) {
    return;
  }
  const context = u.ctx;
  context.save();
  context.fillStyle = fill;
  context.fillRect(start, top, end - start, height);
  context.restore();
}

/** Each shown series from its last settled day on, dashed (drawn after the series). */
export function drawProvisionalTail(
  u: uPlot,
  firstProvisional: number,
  colorOf: (seriesIndex: number) => string,
  lineWidth: number,
): void {
  const days = u.data[0].length;
  if (firstProvisional >= days) {
    return;
  }
  const ratio = uPlot.pxRatio;
  const context = u.ctx;
  context.save();
  clipToPlot(u);
  context.setLineDash([5 * ratio, 4 * ratio]);
  context.lineWidth = lineWidth * ratio;
  context.lineJoin = 'round';
  for (let seriesIndex = 1; seriesIndex < u.series.length; seriesIndex++) {
    const series = u.series[seriesIndex];
    if (!series.show) {
      continue;
    }
    const values = u.data[seriesIndex];
    const scale = series.scale ?? 'y';
    context.strokeStyle = colorOf(seriesIndex);
    context.beginPath();
    let drawing = false;
    for (let day = Math.max(0, firstProvisional - 1); day < days; day++) {
      const value = values[day];
      if (value === null || value === undefined) {
        drawing = false;
        continue;
      }
      const x = u.valToPos(day, 'x', true);
      const y = u.valToPos(value, scale, true);
      if (drawing) {
        context.lineTo(x, y);
      } else {
        context.moveTo(x, y);
        drawing = true;
      }
    }
    context.stroke();
  }
  context.restore();
}
