import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { containersOf, k8sRoot, promtool, renderKustomization, repoRoot, type JsonObject, type K8sObject } from './support.js';

/**
 * The operator's side of the shop (ops/): alert rules checked and unit-tested by promtool, the scrape
 * config checked by promtool and run against the production manifests' pods, the Grafana dashboard,
 * and the runbook the alerts link to. Metric names come from one list, ops/metrics.json.
 */

const opsFile = (path: string) => join(repoRoot, 'ops', path);
const ALERTS = opsFile('prometheus/alerts.yml');
const ALERT_TESTS = opsFile('prometheus/alerts.test.yml');
const SCRAPE_CONFIG = opsFile('prometheus/prometheus.yml');
const DASHBOARD = opsFile('grafana/shop-dashboard.json');
const RUNBOOK = join(repoRoot, 'docs/runbook.md');

interface MetricEntry { name: string; type: 'counter' | 'gauge' | 'histogram'; labels?: string[]; exportedBy?: string[] }
interface MetricsList { metrics: MetricEntry[]; defaultMetrics: MetricEntry[]; prometheus: MetricEntry[] }
const metricsList = JSON.parse(readFileSync(opsFile('metrics.json'), 'utf8')) as MetricsList;

/** Every series name the list allows: a histogram's _bucket, _sum and _count. */
const allowedSeries = new Set(
  [...metricsList.metrics, ...metricsList.defaultMetrics, ...metricsList.prometheus].flatMap((m) => (m.type === 'histogram' ? [`${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : [m.name])),
);
const baseName = (series: string) => series.replace(/_(bucket|sum|count)$/, '');

const PROMQL_KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);
/**
 * The metric names a PromQL expression reads (promtool has checked its syntax first): what is left
 * once strings, label matchers, ranges and grouping clauses are gone, minus functions (followed by
 * a parenthesis) and keywords.
 */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)]
    .filter((m) => !PROMQL_KEYWORDS.has(m[0].toLowerCase()) && !bare.slice(m.index + m[0].length).trimStart().startsWith('('))
    .map((m) => m[0]);
}

interface Rule { alert: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }
const rules = (parse(readFileSync(ALERTS, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups.flatMap((g) => g.rules);

interface Panel { type: string; id: number; title: string; datasource?: { uid: string }; targets?: { expr: string }[]; panels?: Panel[] }
const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { uid: string; title: string; schemaVersion: number; panels: Panel[]; templating: { list: { name: string; type: string }[] } };
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
/** Grafana's own variables, as Prometheus would get them. */
const asPromQL = (expr: string) => expr.replaceAll('$__rate_interval', '5m').replaceAll('$namespace', '.*');

const scratch = mkdtempSync(join(tmpdir(), 'pickles-ops-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('alert rules (ops/prometheus/alerts.yml)', () => {
  it('load in promtool', () => {
    const result = promtool(['check', 'rules', ALERTS]);
    expect(result.output).toMatch(/SUCCESS: \d+ rules found/);
    expect(result.ok, result.output).toBe(true);
  });

  it('pass their promtool unit tests (alerts.test.yml), which fire every alert', () => {
    const result = promtool(['test', 'rules', ALERT_TESTS]);
    expect(result.ok, result.output).toBe(true);
    const tests = parse(readFileSync(ALERT_TESTS, 'utf8')) as { tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[] };
    const fired = new Set(tests.tests.flatMap((t) => t.alert_rule_test ?? []).filter((t) => t.exp_alerts.length > 0).map((t) => t.alertname));
    expect(rules.map((r) => r.alert).filter((name) => !fired.has(name))).toEqual([]);
  });

  it('include the money invariants and the service alerts the issue names', () => {
    const byName = new Map(rules.map((r) => [r.alert, r]));
    expect(byName.get('PaidOrderWithoutConfirmation')?.expr).toBe('max(pickles_paid_order_unconfirmed_oldest_seconds) > 900');
    expect(byName.get('AttentionItemOpen')?.expr).toBe('max by (kind) (pickles_attention_items_open) > 0');
    expect(byName.get('OutboxLagging')?.expr).toBe('max(pickles_outbox_lag_seconds) > 60');
    expect(byName.get('WebhookSignatureFailures')?.expr).toMatch(/increase\(pickles_webhook_events_total\{outcome="signature_invalid"\}\[10m\]\)\) > 0$/);
    for (const name of ['ServiceDown', 'HighErrorRate', 'EmailsFailing', 'QueueFailures']) expect(byName.has(name), name).toBe(true);
  });

  it('each say what happened and link to their section of docs/runbook.md', () => {
    const anchors = new Set(
      [...readFileSync(RUNBOOK, 'utf8').matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')),
    );
    for (const rule of rules) {
      expect(rule.labels?.severity, rule.alert).toMatch(/^(critical|warning)$/);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.description, rule.alert).toBeTruthy();
      const anchor = /^docs\/runbook\.md#(.+)$/.exec(rule.annotations?.runbook_url ?? '')?.[1];
      expect(anchor, `${rule.alert} runbook_url`).toBe(rule.alert.toLowerCase());
      expect(anchors.has(anchor!), `docs/runbook.md has no section "${rule.alert}"`).toBe(true);
    }
  });

  it('read only metrics the processes export (ops/metrics.json)', () => {
    const unknown = rules.flatMap((r) => metricNames(r.expr).filter((name) => !allowedSeries.has(name)).map((name) => `${r.alert}: ${name}`));
    expect(unknown).toEqual([]);
    expect(rules.flatMap((r) => metricNames(r.expr)).length).toBeGreaterThan(rules.length);
  });
});

describe('Prometheus scrape config (ops/prometheus/prometheus.yml)', () => {
  interface Relabel { source_labels?: string[]; separator?: string; regex?: string; target_label?: string; replacement?: string; action?: string }
  interface ScrapeJob { job_name: string; kubernetes_sd_configs?: { role: string; namespaces?: { names: string[] } }[]; relabel_configs: Relabel[] }
  const config = parse(readFileSync(SCRAPE_CONFIG, 'utf8')) as { rule_files: string[]; scrape_configs: ScrapeJob[] };
  const job = config.scrape_configs.find((j) => j.job_name === 'royal-pickles')!;

  it('passes promtool check config, with its alert rules (Kubernetes discovery swapped for a static target)', () => {
    // Debian's promtool is built without Kubernetes service discovery and refuses kubernetes_sd_configs;
    // everything else (relabelling, rule files) it checks as Prometheus would load it.
    const { kubernetes_sd_configs: _discovery, ...staticJob } = job;
    const checkable = { ...config, scrape_configs: [{ ...staticJob, static_configs: [{ targets: ['pod.example:9091'] }] }] };
    writeFileSync(join(scratch, 'prometheus.yml'), JSON.stringify(checkable));
    writeFileSync(join(scratch, 'alerts.yml'), readFileSync(ALERTS));
    const result = promtool(['check', 'config', join(scratch, 'prometheus.yml')]);
    expect(result.ok, result.output).toBe(true);
    expect(config.rule_files).toEqual(['alerts.yml']);
  });

  /** Prometheus' relabelling (keep and replace, which is all the job uses) of one discovered target. */
  function relabel(labels: Record<string, string>, steps: Relabel[]): Record<string, string> | undefined {
    let current = { ...labels };
    for (const step of steps) {
      const value = (step.source_labels ?? []).map((name) => current[name] ?? '').join(step.separator ?? ';');
      const regex = new RegExp(`^(?:${step.regex ?? '(.*)'})$`);
      const action = step.action ?? 'replace';
      if (action === 'keep') {
        if (!regex.test(value)) return undefined;
      } else if (action === 'replace') {
        if (regex.test(value)) current = { ...current, [step.target_label!]: value.replace(regex, step.replacement ?? '$1') };
      } else throw new Error(`relabel action ${action} is not simulated here`);
    }
    return Object.fromEntries(Object.entries(current).filter(([name]) => !name.startsWith('__meta_')));
  }

  /** The targets Kubernetes pod discovery gives for a workload's pod: one per declared container port. */
  function discovered(workload: K8sObject): Record<string, string>[] {
    const template = (workload.spec as { template: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> } } }).template.metadata;
    const meta: Record<string, string> = {
      __meta_kubernetes_namespace: workload.metadata.namespace!,
      __meta_kubernetes_pod_name: `${workload.metadata.name}-7d9f8-x2x4q`,
      __meta_kubernetes_pod_phase: 'Running',
      __metrics_path__: '/metrics',
      __scheme__: 'http',
    };
    // Prometheus turns every character of a label or annotation name that is not [a-zA-Z0-9_] into _.
    for (const [name, value] of Object.entries(template.labels)) meta[`__meta_kubernetes_pod_label_${name.replace(/\W/g, '_')}`] = value;
    for (const [name, value] of Object.entries(template.annotations ?? {})) meta[`__meta_kubernetes_pod_annotation_${name.replace(/\W/g, '_')}`] = value;
    const ports = containersOf(workload).flatMap((c) => ((c.ports as JsonObject[] | undefined) ?? []).map((p) => Number(p.containerPort)));
    return (ports.length ? ports : [undefined]).map((port) => ({ ...meta, __address__: port ? `10.4.0.17:${port}` : '10.4.0.17' }));
  }

  it('discovers the production namespace, and scrapes /metrics of every shop process on its metrics port', () => {
    const production = renderKustomization(join(k8sRoot, 'overlays/production'));
    const namespace = production.objects[0]!.metadata.namespace!;
    expect(job.kubernetes_sd_configs).toEqual([{ role: 'pod', namespaces: { names: [namespace] } }]);
    const targets = new Map<string, Record<string, string>[]>();
    for (const workload of production.objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job')) {
      const kept = discovered(workload).map((t) => relabel(t, job.relabel_configs)).filter((t) => t !== undefined);
      // Targets with identical labels are one target to Prometheus (the gateway declares two ports).
      targets.set(workload.metadata.name, [...new Map(kept.map((t) => [JSON.stringify(t), t])).values()]);
    }
    const expected = { gateway: 9091, checkout: 4001, payments: 4002, 'admin-orders': 4003, notifications: 4004 };
    for (const [name, port] of Object.entries(expected)) {
      expect(targets.get(name), name).toEqual([
        { __address__: `10.4.0.17:${port}`, __metrics_path__: '/metrics', __scheme__: 'http', namespace, pod: `${name}-7d9f8-x2x4q`, app: name },
      ]);
    }
    expect(targets.get('migrate'), 'the migrate Job serves no metrics').toEqual([]);
  });
});

describe('Grafana dashboard (ops/grafana/shop-dashboard.json)', () => {
  it('is a current dashboard with a Prometheus data source variable and unique panel ids', () => {
    expect(dashboard.uid).toBe('royal-pickles-shop');
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')?.type).toBe('datasource');
    const ids = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });

  it('has queries promtool parses (as recording rules)', () => {
    const groups = [{ name: 'dashboard', rules: panels.flatMap((p) => p.targets!.map((t, i) => ({ record: `dashboard:panel_${p.id}_${i}`, expr: asPromQL(t.expr) }))) }];
    writeFileSync(join(scratch, 'dashboard-rules.yml'), JSON.stringify({ groups }));
    const result = promtool(['check', 'rules', join(scratch, 'dashboard-rules.yml')]);
    expect(result.ok, result.output).toBe(true);
  });

  it('reads only metrics the processes export, and shows every one of them', () => {
    const used = panels.flatMap((p) => p.targets!.flatMap((t) => metricNames(asPromQL(t.expr)).map((name) => ({ panel: p.title, name }))));
    expect(used.filter((u) => !allowedSeries.has(u.name)).map((u) => `${u.panel}: ${u.name}`)).toEqual([]);
    const shown = new Set(used.map((u) => baseName(u.name)));
    expect(metricsList.metrics.map((m) => m.name).filter((name) => !shown.has(name))).toEqual([]);
  });

  it('has the panels the operator needs', () => {
    const titles = panels.map((p) => p.title);
    for (const title of [
      'Requests per second by route',
      'p95 latency by route',
      '5xx share by service',
      'Outbox lag',
      'Queue depth',
      'Queue job failures',
      'E-mails sent and failed',
      'Webhook outcomes',
      'Reconciler outcomes',
      'Paid orders without a confirmation e-mail',
      'Oldest unconfirmed paid order',
      'Attention items open',
      'Admin login failures',
      'Rate-limit refusals',
    ]) {
      expect(titles, title).toContain(title);
    }
  });
});

// The checks above are only worth something if they can fail.
describe('the ops checks reject broken input', () => {
  it('promtool refuses a rule with a syntax error, and a unit test whose alert does not fire', () => {
    writeFileSync(join(scratch, 'broken.yml'), 'groups:\n  - name: x\n    rules:\n      - alert: Broken\n        expr: max(pickles_outbox_lag_seconds > \n');
    expect(promtool(['check', 'rules', join(scratch, 'broken.yml')]).ok).toBe(false);
    const rulesText = readFileSync(ALERTS, 'utf8').replace('max(pickles_paid_order_unconfirmed_oldest_seconds) > 900', 'max(pickles_paid_order_unconfirmed_oldest_seconds) > 1800');
    writeFileSync(join(scratch, 'alerts.yml'), rulesText);
    writeFileSync(join(scratch, 'alerts.test.yml'), readFileSync(ALERT_TESTS));
    const result = promtool(['test', 'rules', join(scratch, 'alerts.test.yml')]);
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/PaidOrderWithoutConfirmation/);
  });

  it('a metric name outside the list is found', () => {
    expect(metricNames('sum by (kind) (rate(pickles_emails_sent_totl{namespace=~".*"}[5m])) / on (kind) up').filter((n) => !allowedSeries.has(n))).toEqual(['pickles_emails_sent_totl']);
  });

  it('a missing promtool fails with how to install it', () => {
    expect(() => promtool(['--version'], { ...process.env, PROMTOOL: join(scratch, 'no-such-promtool') })).toThrow(/apt-get install -y prometheus/);
  });
});
