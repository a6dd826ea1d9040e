/**
 * The results chart as a self-contained SVG (no library): two panels sharing one layout — req/s (linear, higher is
 * better) above p99 latency (log scale, lower is better) — one group of bars per endpoint, one bar per target and
 * dataset size, the value written on each bar.
 */
import { sizeLabel } from './dataset.ts';
import { ENDPOINTS } from './endpoints.ts';
import { find, type BenchResults, type TargetKind } from './report.ts';

interface Series {
  target: TargetKind;
  size: number | null;
  name: string;
  color: string;
}

const BLUES = ['#9ecae1', '#4292c6', '#08519c'];
const GREENS = ['#a1d99b', '#41ab5d', '#006d2c'];

function seriesOf(r: BenchResults): Series[] {
  const out: Series[] = [];
  const has = (t: TargetKind, s: number | null) =>
    r.measurements.some((m) => m.target === t && m.size === s && !m.variant);
  if (has('baseline', null))
    out.push({ target: 'baseline', size: null, name: 'baseline (node:http replay)', color: '#737373' });
  if (has('express', null))
    out.push({ target: 'express', size: null, name: 'Express alone (replay)', color: '#bdbdbd' });
  r.settings.sizes.forEach((s, i) => {
    if (has('embedded', s))
      out.push({ target: 'embedded', size: s, name: `embedded ${sizeLabel(s)}`, color: BLUES[Math.min(i, 2)]! });
  });
  r.settings.sizes.forEach((s, i) => {
    if (has('postgres', s))
      out.push({ target: 'postgres', size: s, name: `PostgreSQL ${sizeLabel(s)}`, color: GREENS[Math.min(i, 2)]! });
  });
  if (has('prism', null)) out.push({ target: 'prism', size: null, name: 'Prism mock', color: '#d94801' });
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function niceMax(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

export function chartSvg(r: BenchResults): string {
  const series = seriesOf(r);
  const bar = 15;
  const gap = 14;
  const groupW = series.length * bar + gap * 2;
  const left = 70;
  const width = Math.max(760, left + ENDPOINTS.length * groupW + 20);
  const panelH = 230;
  // Legend rows first: the panels start below them.
  const legend: { s: Series; x: number; y: number }[] = [];
  let lx = left;
  let ly = 54;
  for (const s of series) {
    const w = 22 + s.name.length * 6.2;
    if (lx + w > width - 10) {
      lx = left;
      ly += 17;
    }
    legend.push({ s, x: lx, y: ly });
    lx += w;
  }
  const top1 = ly + 42;
  const top2 = top1 + panelH + 70;
  const height = top2 + panelH + 60;
  const o: string[] = [];
  o.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif">`,
  );
  o.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  const m = r.machine;
  o.push(
    `<text x="${left}" y="24" font-size="16" font-weight="bold">Bill-Payment Partner API — ${r.mode} benchmark, ${esc(r.generated_at.slice(0, 10))}</text>`,
  );
  o.push(
    `<text x="${left}" y="42" font-size="11" fill="#444">${esc(`${m.cpu_model}, ${m.cores} cores, Node ${m.node}, load ${m.load_average_at_start[0]} at start; autocannon ${r.settings.connections} connections, ${r.settings.duration_sec} s each`)}</text>`,
  );

  for (const { s, x, y } of legend) {
    o.push(
      `<rect x="${x}" y="${y}" width="11" height="11" fill="${s.color}"/><text x="${x + 15}" y="${y + 10}" font-size="11">${esc(s.name)}</text>`,
    );
  }

  const panel = (
    top: number,
    title: string,
    value: (t: TargetKind, s: number | null, ep: string) => number | null,
    log: boolean,
    fmt: (v: number) => string,
  ) => {
    const vals = ENDPOINTS.flatMap((ep) => series.map((s) => value(s.target, s.size, ep.id))).filter(
      (v): v is number => v !== null && v > 0,
    );
    if (vals.length === 0) return;
    const max = log ? 10 ** Math.ceil(Math.log10(Math.max(...vals))) : niceMax(Math.max(...vals));
    const min = log ? 10 ** Math.floor(Math.log10(Math.min(...vals))) : 0;
    const y = (v: number) => {
      const f = log ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min)) : v / max;
      return top + panelH - f * panelH;
    };
    o.push(`<text x="${left}" y="${top - 10}" font-size="13" font-weight="bold">${esc(title)}</text>`);
    const ticks: number[] = [];
    if (log) for (let t = min; t <= max * 1.0001; t *= 10) ticks.push(t);
    else for (let i = 0; i <= 5; i++) ticks.push((max / 5) * i);
    for (const t of ticks) {
      o.push(`<line x1="${left}" x2="${width - 10}" y1="${y(t)}" y2="${y(t)}" stroke="#e5e5e5"/>`);
      o.push(
        `<text x="${left - 6}" y="${y(t) + 4}" font-size="10" text-anchor="end" fill="#555">${esc(fmt(t))}</text>`,
      );
    }
    ENDPOINTS.forEach((ep, gi) => {
      const gx = left + gi * groupW + gap;
      series.forEach((s, si) => {
        const v = value(s.target, s.size, ep.id);
        if (v === null || !(v > 0)) return;
        const x = gx + si * bar;
        const yy = y(Math.max(v, min));
        o.push(
          `<rect x="${x}" y="${yy}" width="${bar - 2}" height="${top + panelH - yy}" fill="${s.color}"><title>${esc(`${s.name} ${ep.label}: ${fmt(v)}`)}</title></rect>`,
        );
        const tx = x + (bar - 2) / 2 + 3;
        const inside = top + panelH - yy > 38;
        const ty = inside ? yy + 4 : yy - 3;
        o.push(
          `<text x="${tx}" y="${ty}" font-size="9" transform="rotate(-90 ${tx} ${ty})" text-anchor="${inside ? 'end' : 'start'}" fill="${inside ? '#fff' : '#222'}">${esc(fmt(v))}</text>`,
        );
      });
      o.push(
        `<text x="${gx + (series.length * bar) / 2}" y="${top + panelH + 14}" font-size="10" text-anchor="middle">${esc(ep.label.replace('/account/transactions', '/transactions').replace('{external_reference}', '{ref}'))}</text>`,
      );
    });
    o.push(`<line x1="${left}" x2="${width - 10}" y1="${top + panelH}" y2="${top + panelH}" stroke="#333"/>`);
  };

  const rps = (t: TargetKind, s: number | null, ep: string) => find(r, t, s, ep as never)?.rps ?? null;
  const p99 = (t: TargetKind, s: number | null, ep: string) => find(r, t, s, ep as never)?.p99_ms ?? null;
  panel(top1, 'Throughput, req/s, log scale (higher is better)', rps, true, (v) =>
    v >= 1000 ? `${(v / 1000).toFixed(1)}k` : v.toFixed(0),
  );
  panel(top2, 'p99 latency, ms, log scale (lower is better)', p99, true, (v) =>
    v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(0) : v.toFixed(1),
  );
  o.push(
    `<text x="${left}" y="${height - 12}" font-size="10" fill="#555">Bars in each group, left to right: ${esc(series.map((s) => s.name).join(', '))}. Hover a bar for its value.</text>`,
  );
  o.push('</svg>');
  return `${o.join('\n')}\n`;
}
