/**
 * The chart (uPlot, on a canvas) with its legend, provisional days and text alternative; colours come from the theme.
 */
import * as l10n from '@vscode/l10n';
import uPlot from 'uplot';
import type { ChartData, ChartSeries } from '../../../reports/panel/protocol';
import { drawProvisionalBand, drawProvisionalTail, firstProvisionalIndex, solidPaths } from './chartProvisional';
import { hatchPattern, readChartTheme, seriesColor, type ChartTheme } from './chartTheme';
import { h, setText } from './dom';
import type { Formatters } from './formatters';
import { Disposable, toDisposable } from './lifecycle';

const CHART_HEIGHT = 220;
/** Day steps the x axis may label (about one label per 56 px). */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];

export class ChartSection extends Disposable {
  readonly element: HTMLElement;
  private readonly heading: HTMLHeadingElement;
  /** The canvas's container: the e2e hook `chart`, and the image the description stands for. */
  private readonly canvasHost: HTMLDivElement;
  private readonly legendHost: HTMLDivElement;
  private readonly note: HTMLParagraphElement;
  private readonly noteText: HTMLSpanElement;
  private readonly description: HTMLParagraphElement;
  private plot: uPlot | undefined;
  private chart: ChartData | undefined;
  private chartKey = '';
  private width = 0;
  private measure: CanvasRenderingContext2D | undefined;

  constructor(private readonly format: Formatters) {
    super();
    this.heading = h('h2', { className: 'section-heading' });
    this.canvasHost = h('div', { className: 'chart-canvas', testId: 'chart', attrs: { role: 'img' } });
    this.legendHost = h('div', { className: 'chart-legend' });
    this.noteText = h('span');
    this.note = h('p', { className: 'chart-note' }, [
      h('span', { className: 'provisional-swatch', attrs: { 'aria-hidden': 'true' } }),
      this.noteText,
    ]);
    this.description = h('p', { className: 'visually-hidden' });
    this.element = h('section', { className: 'chart-section', attrs: { 'aria-label': l10n.t('Chart') } }, [
      this.heading,
      this.canvasHost,
      this.legendHost,
      this.note,
      this.description,
    ]);

    // VS Code switches themes by the body's class: the canvas needs its colours read again.
    const themeWatch = new MutationObserver(() => this.rebuild());
    themeWatch.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    this._register(toDisposable(() => themeWatch.disconnect()));
    const sizeWatch = new ResizeObserver(() => this.resize());
    sizeWatch.observe(this.canvasHost);
    this._register(toDisposable(() => sizeWatch.disconnect()));
    this._register(toDisposable(() => this.destroyPlot()));
  }

  update(chart: ChartData | undefined): void {
    this.element.hidden = chart === undefined || chart.days.length === 0;
    if (chart === undefined) {
      this.chart = undefined;
      this.chartKey = '';
      this.destroyPlot();
      return;
    }
    const key = JSON.stringify(chart);
    if (key === this.chartKey && this.plot !== undefined) {
      return;
    }
    this.chartKey = key;
    this.chart = chart;
    setText(this.heading, chart.unit === 'clicks' ? l10n.t('Clicks per day') : l10n.t('Commission per day'));
    this.canvasHost.setAttribute('aria-label', chart.description);
    this.canvasHost.dataset.series = String(chart.series.length);
    setText(this.description, chart.description);
    const provisionalDays = chart.provisional.filter(Boolean).length;
    this.note.hidden = provisionalDays === 0;
    setText(
      this.noteText,
      provisionalDays === 1
        ? l10n.t('Hatched, dashed: the last day is provisional. {0}', chart.provisionalReason)
        : l10n.t('Hatched, dashed: the last {0} days are provisional. {1}', provisionalDays, chart.provisionalReason),
    );
    this.rebuild();
  }

  private destroyPlot(): void {
    this.plot?.destroy();
    this.plot = undefined;
    this.legendHost.replaceChildren();
  }

  private resize(): void {
    const width = this.canvasHost.clientWidth;
    if (width === this.width) {
      return;
    }
    this.width = width;
    if (this.plot === undefined) {
      this.rebuild();
    } else if (width > 0) {
      this.plot.setSize({ width, height: CHART_HEIGHT });
    }
  }

  private rebuild(): void {
    this.destroyPlot();
    const chart = this.chart;
    const width = this.canvasHost.clientWidth;
    if (chart === undefined || width === 0 || this.element.hidden) {
      return; // drawn when it gets a size (the ResizeObserver calls again)
    }
    this.width = width;
    const theme = readChartTheme(this.element);
    const data: uPlot.AlignedData = [
      chart.days.map((_day, index) => index),
      ...chart.series.map((series) => series.values),
    ];
    this.plot = new uPlot(this.options(chart, theme, width), data, this.canvasHost);
  }

  private options(chart: ChartData, theme: ChartTheme, width: number): uPlot.Options {
    const firstProvisional = firstProvisionalIndex(chart.provisional);
    const colorOf = (seriesIndex: number): string =>
      seriesColor(theme, seriesIndex - 1, chart.series[seriesIndex - 1]?.other === true);
    const dayCount = chart.days.length;
    const axis = (values: uPlot.Axis['values']): uPlot.Axis => ({
      stroke: theme.muted,
      font: theme.font,
      grid: { stroke: theme.grid, width: 1 },
      ticks: { stroke: theme.grid, width: 1 },
      values,
    });
    let pattern: CanvasPattern | string | undefined;
    return {
      width,
      height: CHART_HEIGHT,
      legend: { show: true, live: true, mount: (_u, table) => this.legendHost.replaceChildren(table) },
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      scales: {
        x: { time: false, range: () => (dayCount <= 1 ? [-0.5, 0.5] : [0, dayCount - 1]) },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          ...axis((_u, splits) =>
            splits.map((value) =>
              Number.isInteger(value) && chart.days[value] !== undefined ? this.format.shortDay(chart.days[value]) : '',
            ),
          ),
          incrs: DAY_STEPS,
          space: 56,
        },
        {
          ...axis((_u, splits) => splits.map((value) => this.format.count(value))),
          size: (_u, values) => this.axisWidth(values, theme),
        },
      ],
      series: [
        { label: l10n.t('Day'), value: (_u, value) => this.dayText(chart, value) },
        ...chart.series.map((series, index) => this.seriesOptions(series, colorOf(index + 1), theme, firstProvisional)),
      ],
      hooks: {
        drawClear: [
          (u) => {
            pattern ??= hatchPattern(u.ctx, theme, uPlot.pxRatio);
            drawProvisionalBand(u, firstProvisional, pattern);
          },
        ],
        draw: [
          (u) => {
            drawProvisionalTail(u, firstProvisional, colorOf, theme.lineWidth);
            // The e2e tests wait for this before they look at the chart.
            this.canvasHost.dataset.drawn = 'true';
          },
        ],
      },
    };
  }

  private seriesOptions(series: ChartSeries, color: string, theme: ChartTheme, firstProvisional: number): uPlot.Series {
    return {
      label: series.label,
      stroke: color,
      width: theme.lineWidth,
      paths: solidPaths(firstProvisional),
      points: { stroke: color, fill: theme.background },
      value: (_u, value) => {
        if (value === null || value === undefined) {
          return '—';
        }
        return series.currencyCode !== undefined
          ? this.format.amount(value, series.currencyCode)
          : this.format.count(value);
      },
    };
  }

  /** The y axis as wide as its longest label ("120,000" needs more room than "50"). */
  private axisWidth(values: string[] | undefined, theme: ChartTheme): number {
    const longest = (values ?? []).reduce((widest, value) => (value.length > widest.length ? value : widest), '');
    this.measure ??= document.createElement('canvas').getContext('2d') ?? undefined;
    if (this.measure === undefined) {
      return 8 * longest.length + 20;
    }
    this.measure.font = theme.font;
    return Math.ceil(this.measure.measureText(longest).width) + 20;
  }

  private dayText(chart: ChartData, index: number | null): string {
    if (index === null || chart.days[index] === undefined) {
      return '—';
    }
    const day = this.format.longDay(chart.days[index]);
    return chart.provisional[index] ? l10n.t('{0} (provisional)', day) : day;
  }
}
