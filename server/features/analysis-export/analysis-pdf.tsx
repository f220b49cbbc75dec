import { Document, Font, G, Line, Page, Polyline, Rect, renderToBuffer, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { describeDataSource } from '../../../core/market/source-names.ts';
import type { ReactNode } from 'react';
import { ANALYSIS_DISCLAIMER, describeAnalysisKind } from '../../../core/analysis/analysis-names.ts';
import type { Sentence } from '../../../core/analysis/analysis-types.ts';
import { formatFactValue } from '../../../core/facts/format-fact.ts';
import type { AnalysisResponse } from '../analyses/index.ts';
import { listPdfCharts, type PdfChart } from './pdf-charts.ts';
import { toPdfText as t } from './pdf-text.ts';

// A4 in points, 40 pt margins: every chart is drawn to the text column's width.
const WIDTH = 595.28 - 80;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const BRAND = '#1d4ed8';

// Words are never split with a hyphen: a sector name or a fact label reads whole, and pdftotext finds it.
Font.registerHyphenationCallback((word) => [word]);

const s = StyleSheet.create({
  page: { paddingTop: 40, paddingBottom: 56, paddingHorizontal: 40, fontFamily: 'Helvetica', fontSize: 9.5, color: INK },
  brand: { fontSize: 9, color: BRAND, fontFamily: 'Helvetica-Bold', letterSpacing: 0.5 },
  title: { fontSize: 18, fontFamily: 'Helvetica-Bold', marginTop: 4, lineHeight: 1.2 },
  meta: { fontSize: 9, color: MUTED, marginTop: 6 },
  h2: { fontSize: 12, fontFamily: 'Helvetica-Bold', marginTop: 16, marginBottom: 6 },
  headline: { fontSize: 11.5, fontFamily: 'Helvetica-Bold', marginBottom: 6 },
  bullet: { flexDirection: 'row', marginBottom: 3 },
  bulletMark: { width: 12, color: MUTED },
  small: { fontSize: 8.5, color: MUTED },
  chartTitle: { fontSize: 9.5, fontFamily: 'Helvetica-Bold', marginTop: 10, marginBottom: 4 },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: RULE, paddingVertical: 3 },
  head: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: INK, paddingBottom: 3, fontFamily: 'Helvetica-Bold', fontSize: 8.5 },
  footer: { position: 'absolute', bottom: 24, left: 40, right: 40, flexDirection: 'row', justifyContent: 'space-between', fontSize: 8, color: MUTED },
});

/**
 * Facts table columns: figure, value, period, source, as of (widths in points, summing to the column).
 * The source is its publisher's name ("Yahoo Finance, dividends"), on one line.
 */
const FACT_COLUMNS = [
  { title: 'Figure', width: 155, align: 'left' },
  { title: 'Value', width: 85, align: 'right' },
  { title: 'Period', width: 85, align: 'left' },
  { title: 'Source', width: 125, align: 'left' },
  { title: 'As of', width: WIDTH - 450, align: 'left' },
] as const;

function Bullets({ items }: { items: Sentence[] }) {
  return items.map((item, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the note's sentences have no ids and never reorder
    <View key={i} style={s.bullet} wrap={false}>
      <Text style={s.bulletMark}>•</Text>
      <Text style={{ flex: 1 }}>{t(item.text)}</Text>
    </View>
  ));
}

const range = (values: number[]) => {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) [lo, hi] = [lo - 1, hi + 1];
  return { lo, hi };
};

function LineChart({ chart }: { chart: Extract<PdfChart, { type: 'line' }> }) {
  const height = 170;
  const left = 44;
  const plotW = WIDTH - left;
  const plotH = height - 30;
  const { lo, hi } = range(chart.series.flatMap((x) => x.values.filter((v): v is number => v !== null)));
  const n = chart.labels.length;
  const x = (i: number) => left + (i / (n - 1)) * plotW;
  const y = (v: number) => 6 + (1 - (v - lo) / (hi - lo)) * plotH;
  // A warm-up gap (null) breaks a line into segments rather than dropping it to zero.
  const segments = (values: Array<number | null>) => {
    const out: string[][] = [[]];
    for (const [i, v] of values.entries()) {
      if (v === null) out.push([]);
      else out.at(-1)!.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    }
    return out.filter((seg) => seg.length > 1);
  };
  return (
    <View wrap={false}>
      <Svg width={WIDTH} height={height}>
        <Line x1={left} y1={6 + plotH} x2={WIDTH} y2={6 + plotH} stroke={RULE} strokeWidth={0.75} />
        <Line x1={left} y1={6} x2={left} y2={6 + plotH} stroke={RULE} strokeWidth={0.75} />
        <Text x={left - 4} y={10} textAnchor="end" style={{ fontSize: 7 }} fill={MUTED}>{`$${hi.toFixed(2)}`}</Text>
        <Text x={left - 4} y={6 + plotH} textAnchor="end" style={{ fontSize: 7 }} fill={MUTED}>{`$${lo.toFixed(2)}`}</Text>
        <Text x={left} y={height - 12} style={{ fontSize: 7 }} fill={MUTED}>
          {chart.labels[0]!}
        </Text>
        <Text x={WIDTH} y={height - 12} textAnchor="end" style={{ fontSize: 7 }} fill={MUTED}>
          {chart.labels[n - 1]!}
        </Text>
        {chart.series.map((series) => (
          <G key={series.name}>
            {segments(series.values).map((points) => (
              <Polyline key={points[0]} points={points.join(' ')} fill="none" stroke={series.colour} strokeWidth={series.name === 'Close' ? 1.2 : 0.9} />
            ))}
          </G>
        ))}
      </Svg>
      <View style={{ flexDirection: 'row', gap: 12, marginTop: 2 }}>
        {chart.series.map((series) => (
          <Text key={series.name} style={{ ...s.small, color: series.colour }}>
            — {series.name}
          </Text>
        ))}
      </View>
    </View>
  );
}

function BarChart({ chart }: { chart: Extract<PdfChart, { type: 'bars' }> }) {
  const rowH = 15;
  const labelW = 150;
  // room for the widest value text, a grade with its percentile in words ("B · 72nd percentile")
  const textW = 95;
  const plotW = WIDTH - labelW - textW;
  const { lo, hi } = range([0, ...chart.rows.map((r) => r.value)]);
  const x = (v: number) => labelW + ((v - lo) / (hi - lo)) * plotW;
  return (
    <Svg width={WIDTH} height={chart.rows.length * rowH + 4}>
      {chart.rows.map((r, i) => (
        <G key={r.label}>
          <Text x={0} y={i * rowH + 10} style={{ fontSize: 8 }} fill={INK}>
            {t(r.label.length > 34 ? `${r.label.slice(0, 33)}…` : r.label)}
          </Text>
          <Rect
            x={Math.min(x(0), x(r.value))}
            y={i * rowH + 2}
            width={Math.max(0.5, Math.abs(x(r.value) - x(0)))}
            height={rowH - 5}
            fill={r.value < 0 ? '#b91c1c' : BRAND}
          />
          <Text x={WIDTH} y={i * rowH + 10} textAnchor="end" style={{ fontSize: 8 }} fill={INK}>
            {t(r.text)}
          </Text>
        </G>
      ))}
      <Line x1={x(0)} y1={0} x2={x(0)} y2={chart.rows.length * rowH} stroke={MUTED} strokeWidth={0.5} />
    </Svg>
  );
}

function WaterfallChart({ chart }: { chart: Extract<PdfChart, { type: 'waterfall' }> }) {
  const height = 150;
  const plotH = height - 36;
  let level = 0;
  const bars = chart.steps.map((step) => {
    const from = step.total ? 0 : level;
    level = step.total ? step.value : level + step.value;
    return { ...step, from, to: level };
  });
  const { lo, hi } = range([0, ...bars.flatMap((b) => [b.from, b.to])]);
  const y = (v: number) => 4 + (1 - (v - lo) / (hi - lo)) * plotH;
  const slot = WIDTH / bars.length;
  return (
    <Svg width={WIDTH} height={height}>
      <Line x1={0} y1={y(0)} x2={WIDTH} y2={y(0)} stroke={MUTED} strokeWidth={0.5} />
      {bars.map((b, i) => (
        <G key={b.label}>
          <Rect
            x={i * slot + slot * 0.2}
            y={Math.min(y(b.from), y(b.to))}
            width={slot * 0.6}
            height={Math.max(0.5, Math.abs(y(b.to) - y(b.from)))}
            fill={b.total ? BRAND : b.value < 0 ? '#b91c1c' : '#047857'}
          />
          <Text x={i * slot + slot / 2} y={height - 20} textAnchor="middle" style={{ fontSize: 7.5 }} fill={INK}>
            {t(b.label)}
          </Text>
          <Text x={i * slot + slot / 2} y={height - 9} textAnchor="middle" style={{ fontSize: 7.5 }} fill={MUTED}>
            {t(b.text)}
          </Text>
        </G>
      ))}
    </Svg>
  );
}

function HeatTable({ chart }: { chart: Extract<PdfChart, { type: 'heat' }> }) {
  const cellW = (WIDTH - 70) / Math.max(1, chart.columns.length);
  const cell = { width: cellW, paddingVertical: 2, textAlign: 'center' as const, fontSize: 7.5 };
  return (
    <View wrap={false}>
      <View style={{ flexDirection: 'row' }}>
        <Text style={{ width: 70, fontSize: 7.5, color: MUTED }}>{chart.corner}</Text>
        {chart.columns.map((c) => (
          <Text key={c} style={{ ...cell, fontFamily: 'Helvetica-Bold' }}>
            {c}
          </Text>
        ))}
      </View>
      {chart.rows.map((row) => (
        <View key={row.label} style={{ flexDirection: 'row' }}>
          <Text style={{ width: 70, fontSize: 7.5, fontFamily: 'Helvetica-Bold', paddingVertical: 2 }}>{row.label}</Text>
          {row.cells.map((c, j) => (
            <Text
              key={chart.columns[j]}
              style={{ ...cell, backgroundColor: c.background, color: c.colour, borderWidth: c.base ? 1.5 : 0.5, borderColor: c.base ? INK : '#ffffff' }}
            >
              {t(c.text)}
            </Text>
          ))}
        </View>
      ))}
    </View>
  );
}

const chartViews = { line: LineChart, bars: BarChart, waterfall: WaterfallChart, heat: HeatTable } as const;

function Chart({ chart }: { chart: PdfChart }) {
  const Drawing = chartViews[chart.type] as (p: { chart: PdfChart }) => ReactNode;
  return (
    <View wrap={false}>
      <Text style={s.chartTitle}>{t(chart.title)}</Text>
      <Drawing chart={chart} />
    </View>
  );
}

interface PdfOptions {
  /** When the PDF was made (footer); the run date is the analysis's own created_at. */
  generatedAt: Date;
}

function AnalysisDocument({ a, generatedAt }: { a: AnalysisResponse; generatedAt: Date }) {
  const name = describeAnalysisKind(a.kind, a.subtype);
  const runDate = a.created_at.slice(0, 10);
  const model = a.note.writer.startsWith('llm:') ? a.note.writer.slice(4) : null;
  return (
    <Document title={`${a.symbol} ${name} analysis, ${a.as_of}`} author="Stockpilot" subject={ANALYSIS_DISCLAIMER} creator="Stockpilot" producer="Stockpilot">
      <Page size="A4" style={s.page}>
        <View style={s.footer} fixed>
          <Text>{`${a.symbol} · ${name} · data as of ${a.as_of} · run on ${runDate} · made ${generatedAt.toISOString().slice(0, 10)}`}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
        <Text style={s.brand}>STOCKPILOT · ANALYSIS</Text>
        <Text style={s.title}>{t(`${a.symbol} · ${name}`)}</Text>
        <Text style={s.meta}>{`Data as of ${a.as_of} · Run on ${runDate}`}</Text>

        <Text style={s.h2}>Analyst's note</Text>
        <Text style={s.headline}>{t(a.note.headline.text)}</Text>
        <Text style={{ fontFamily: 'Helvetica-Bold', marginTop: 4, marginBottom: 2 }}>Strengths</Text>
        <Bullets items={a.note.strengths} />
        <Text style={{ fontFamily: 'Helvetica-Bold', marginTop: 4, marginBottom: 2 }}>Risks</Text>
        <Bullets items={a.note.risks} />
        <Text style={{ fontFamily: 'Helvetica-Bold', marginTop: 4, marginBottom: 2 }}>Verdict</Text>
        <Text>{t(a.note.verdict.text)}</Text>
        <Text style={{ ...s.small, marginTop: 4 }}>
          {model ? `Written by ${t(model)}; every number checked against the facts below.` : 'Written by the rule-based writer from the facts below.'}
        </Text>

        {listPdfCharts(a).map((chart) => (
          <Chart key={chart.title} chart={chart} />
        ))}

        {/* The facts start on a page of their own after a full-width chart; the header row repeats on every page they span. */}
        <View break={a.kind === 'technical' || a.kind === 'dcf'}>
          <Text style={s.h2}>Facts behind the note</Text>
          <View style={s.head} fixed>
            {FACT_COLUMNS.map((c) => (
              <Text key={c.title} style={{ width: c.width, textAlign: c.align, paddingRight: c.align === 'right' ? 8 : 6 }}>
                {c.title}
              </Text>
            ))}
          </View>
          {a.facts.map((f) => (
            <View key={f.key} style={s.row} wrap={false}>
              <Text style={{ width: FACT_COLUMNS[0].width, paddingRight: 6 }}>{t(f.label)}</Text>
              <Text style={{ width: FACT_COLUMNS[1].width, textAlign: 'right', paddingRight: 8 }}>{t(formatFactValue(f))}</Text>
              <Text style={{ width: FACT_COLUMNS[2].width, paddingRight: 6 }}>{t(f.period)}</Text>
              <Text style={{ width: FACT_COLUMNS[3].width, paddingRight: 6 }}>{t(describeDataSource(f.source))}</Text>
              <Text style={{ width: FACT_COLUMNS[4].width }}>{f.as_of}</Text>
            </View>
          ))}
        </View>

        <View wrap={false} style={{ marginTop: 16, paddingTop: 8, borderTopWidth: 0.5, borderTopColor: RULE }}>
          <Text style={{ fontFamily: 'Helvetica-Bold' }}>{ANALYSIS_DISCLAIMER}</Text>
          <Text style={s.small}>
            Every figure above was computed from the data named in its source column, as of its date; the note uses only those figures. See the terms of service
            for what an analysis is and is not.
          </Text>
        </View>
      </Page>
    </Document>
  );
}

/** The analysis as a print-ready A4 PDF: note, charts (vector), facts with sources and dates, disclaimer, run date. */
export async function renderAnalysisPdf(a: AnalysisResponse, options: PdfOptions): Promise<Buffer> {
  return renderToBuffer(<AnalysisDocument a={a} generatedAt={options.generatedAt} />);
}
