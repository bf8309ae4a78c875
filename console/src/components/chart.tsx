import { useEffect, useRef, useState } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

// Eight hues that keep 3:1 contrast against both the light and the dark background.
const PALETTE = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#dc2626', '#65a30d'];

const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 1e7, 1e8, 1e9];
const plainNumber = (n: number) => String(Math.round(n * 100) / 100);

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * A time-series chart (uPlot on a canvas) with its numbers beside it: the same values as a table
 * under "Data", for screen readers and for anyone who wants the figures rather than the picture.
 */
export function TimeChart(props: {
  id: string;
  title: string;
  buckets: number[];
  series: ChartSeries[];
  format?: (n: number) => string;
  kind?: 'line' | 'bars';
  height?: number;
  /** Counts: ticks at whole numbers only. */
  integer?: boolean;
  /** A fixed value axis (rates: [0, 1]) instead of one fitted to the data. */
  yRange?: [number, number];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [theme, setTheme] = useState(0);
  const format = props.format ?? plainNumber;

  useEffect(() => {
    const onTheme = () => setTheme((n) => n + 1);
    window.addEventListener('gatehouse-theme', onTheme);
    return () => window.removeEventListener('gatehouse-theme', onTheme);
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!el || props.series.length === 0) return;
    const text = cssVar('--text-muted', '#555');
    const grid = cssVar('--grid', '#ddd');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    // Sparse series (null where a bucket has no data) show their points: a lone value draws no line.
    const sparse = props.series.some((s) => s.values.some((v) => v === null));
    const bars = props.kind === 'bars' ? uPlot.paths.bars!({ size: [0.6, 40] }) : undefined;
    const opts: uPlot.Options = {
      width: Math.max(260, el.clientWidth),
      height: props.height ?? 220,
      title: undefined,
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: props.yRange ? { range: props.yRange } : props.integer ? { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max))] } : {} },
      axes: [axis, { ...axis, size: 72, values: (_u, ticks) => ticks.map((t) => format(t)), ...(props.integer ? { incrs: INTEGER_STEPS } : {}) }],
      series: [
        {},
        ...props.series.map((s, i) => ({
          label: s.label,
          stroke: PALETTE[i % PALETTE.length],
          fill: props.kind === 'bars' ? `${PALETTE[i % PALETTE.length]}88` : undefined,
          width: 2,
          spanGaps: true,
          paths: bars,
          points: { show: sparse || undefined, size: 6 },
          value: (_u: uPlot, v: number | null) => (v === null || v === undefined ? '—' : format(v)),
        })),
      ],
    };
    const data = [props.buckets, ...props.series.map((s) => s.values)] as uPlot.AlignedData;
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(260, el.clientWidth), height: props.height ?? 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props.buckets, props.series, props.kind, props.height, props.integer, props.yRange, theme, format]);

  // Only the buckets with data (a month in 6-hour buckets is 120 rows): where a series marks "no data"
  // with null (rates, latencies) a 0 is a figure and stays; in counts a 0 is an empty bucket.
  const nullable = props.series.some((s) => s.values.some((v) => v === null));
  const rows = props.buckets
    .map((t, i) => ({ t, values: props.series.map((s) => s.values[i] ?? null) }))
    .filter((r) => r.values.some((v) => v !== null && (nullable || v !== 0)));
  return (
    <figure class="chart" data-chart={props.id} aria-labelledby={`${props.id}-title`}>
      <figcaption id={`${props.id}-title`}>{props.title}</figcaption>
      <div ref={box} class="chart-canvas" role="img" aria-label={`${props.title}: chart; the figures are in the data table below`} />
      <details class="chart-data">
        <summary>Data ({rows.length} buckets with values)</summary>
        <div class="table-scroll">
          <table data-testid={`chart-table-${props.id}`}>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {props.series.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.t} data-bucket={r.t}>
                  <th scope="row">{new Date(r.t * 1000).toLocaleString()}</th>
                  {r.values.map((v, i) => (
                    <td key={props.series[i]!.label} data-value={v ?? ''}>
                      {v === null ? '—' : format(v)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
