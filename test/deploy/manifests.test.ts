import { existsSync, readFileSync, statSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processes } from './processes.js';
import {
  repoRoot,
  containersOf,
  findKustomize,
  imageName,
  isObject,
  k8sRoot,
  k8sYamlFiles,
  locateKustomize,
  podSpecOf,
  readKustomization,
  renderKustomization,
  readYamlDocuments,
  asK8sObject,
  type Build,
  type JsonObject,
  type K8sObject,
} from './support.js';

// Rendered by the real kustomize (support.ts findKustomize): what `kubectl apply -k` would send.
const base = renderKustomization(join(k8sRoot, 'base'));
const dev = renderKustomization(join(k8sRoot, 'overlays/dev'));
const production = renderKustomization(join(k8sRoot, 'overlays/production'));
const overlays = { dev, production };

const ofKind = (build: Build, kind: string) => build.objects.filter((o) => o.kind === kind);
const named = (build: Build, kind: string, name: string) => build.objects.find((o) => o.kind === kind && o.metadata.name === name);
const workloads = (build: Build) => build.objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job');
const matchLabels = (object: K8sObject) => ((object.spec as { selector?: { matchLabels?: Record<string, string> } }).selector?.matchLabels ?? {});
const templateLabels = (object: K8sObject) => ((object.spec as { template: { metadata?: { labels?: Record<string, string> } } }).template.metadata?.labels ?? {});
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The gateway, the four services: the processes that serve shoppers (not the dev tools). */
const SHOP = ['gateway', 'checkout', 'payments', 'admin-orders', 'notifications'];
const shopDeployments = (build: Build) => ofKind(build, 'Deployment').filter((d) => SHOP.includes(d.metadata.name));
const scrapeAnnotations = (deployment: K8sObject) =>
  ((deployment.spec as { template: { metadata?: { annotations?: Record<string, string> } } }).template.metadata?.annotations ?? {});

interface Selector { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] }
interface Peer { podSelector?: Selector; namespaceSelector?: Selector }
interface IngressRule { from?: Peer[]; ports?: { protocol?: string; port: number | string }[] }

/** A label selector as the API server reads it: every matchLabels pair and every In expression. */
function matches(selector: Selector, labels: Record<string, string>): boolean {
  return (
    Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value) &&
    (selector.matchExpressions ?? []).every((e) => e.operator === 'In' && e.values!.includes(labels[e.key]!))
  );
}

/** Prometheus as the policies name it: its pods in the namespace "monitoring" (namespaces carry this label since 1.22). */
const MONITORING_NAMESPACE = { 'kubernetes.io/metadata.name': 'monitoring' };
const PROMETHEUS_POD = { 'app.kubernetes.io/name': 'prometheus' };
const PROMETHEUS_PEER = { namespaceSelector: { matchLabels: MONITORING_NAMESPACE }, podSelector: { matchLabels: PROMETHEUS_POD } };
/** Does this ingress rule admit Prometheus on `port`? A peer without a namespaceSelector is the policy's own namespace. */
const admitsPrometheus = (rule: IngressRule, port: number) =>
  (!rule.ports || rule.ports.some((p) => p.port === port)) &&
  (!rule.from || rule.from.some((peer) => peer.namespaceSelector !== undefined && matches(peer.namespaceSelector, MONITORING_NAMESPACE) && matches(peer.podSelector ?? {}, PROMETHEUS_POD)));

/** Names of the variables a container gets: env entries plus every key of the ConfigMaps it loads whole. */
function environmentOf(build: Build, container: JsonObject): Set<string> {
  const names = new Set(((container.env as JsonObject[] | undefined) ?? []).map((e) => String(e.name)));
  for (const source of (container.envFrom as JsonObject[] | undefined) ?? []) {
    const ref = source.configMapRef;
    if (!isObject(ref)) continue;
    const configMap = named(build, 'ConfigMap', String(ref.name));
    for (const key of Object.keys((configMap?.data as JsonObject | undefined) ?? {})) names.add(key);
  }
  return names;
}

function configValue(build: Build, key: string): string | undefined {
  const data = named(build, 'ConfigMap', 'pickles-config')?.data as Record<string, string> | undefined;
  return data?.[key];
}

describe('kustomize structure', () => {
  it('is rendered by the real kustomize, v5 or newer', () => {
    expect(findKustomize().version).toMatch(/^v([5-9]|\d{2,})\./);
  });

  it('fails, saying how to install one, where there is no kustomize', () => {
    const nowhere = { ...process.env, PATH: join(k8sRoot, 'no-such-dir'), KUSTOMIZE: undefined };
    expect(() => locateKustomize(nowhere)).toThrow(/kustomize: not found; kubectl kustomize: not found[\s\S]*Install kustomize v5/);
    expect(() => locateKustomize({ ...process.env, KUSTOMIZE: join(k8sRoot, 'no-such-kustomize') })).toThrow(/Install kustomize v5/);
  });

  it('every YAML file under k8s/ is used by a kustomization, except the example Secret', () => {
    const used = new Set([...base.files, ...dev.files, ...production.files].map((f) => resolve(f)));
    const unused = k8sYamlFiles().filter((f) => !used.has(resolve(f))).map((f) => relative(k8sRoot, f));
    expect(unused).toEqual(['base/secret.example.yaml']);
  });

  it('every overlay builds on the base', () => {
    for (const name of Object.keys(overlays)) {
      const resources = readKustomization(join(k8sRoot, 'overlays', name)).resources as string[];
      expect(resources, name).toContain('../../base');
      expect(statSync(resolve(k8sRoot, 'overlays', name, '../../base')).isDirectory()).toBe(true);
    }
  });

  it('every file a kustomization lists exists', () => {
    for (const dir of ['base', 'overlays/dev', 'overlays/production']) {
      const kustomization = readKustomization(join(k8sRoot, dir));
      const paths = [...((kustomization.resources as string[] | undefined) ?? []), ...((kustomization.patches as JsonObject[] | undefined) ?? []).map((p) => String(p.path))];
      for (const path of paths) expect(existsSync(resolve(k8sRoot, dir, path)), `${dir}: ${path}`).toBe(true);
    }
  });

  it('the base has one file per component with its ServiceAccount, Service and Deployment', () => {
    for (const process of processes.filter((p) => !p.devOnly && p.port)) {
      const kinds = readYamlDocuments(join(k8sRoot, 'base', `${process.name}.yaml`)).map((d) => asK8sObject(d, process.name)).filter((o) => o.metadata.name === process.name).map((o) => o.kind);
      expect(kinds, process.name).toEqual(expect.arrayContaining(['ServiceAccount', 'Service', 'Deployment']));
    }
    expect(named(base, 'Job', 'migrate')).toBeDefined();
  });

  it('no object is defined twice in a build', () => {
    for (const build of [base, dev, production]) {
      const keys = build.objects.map((o) => `${o.kind}/${o.metadata.name}`);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    }
  });

  it('the base commits no Secret; the example lists every key the workloads read', () => {
    expect(ofKind(base, 'Secret')).toEqual([]);
    const example = asK8sObject(readYamlDocuments(join(k8sRoot, 'base/secret.example.yaml'))[0]!, 'secret.example.yaml');
    const keys = new Set(Object.keys((example.stringData as JsonObject | undefined) ?? {}));
    const referenced = workloads(base).flatMap(containersOf).flatMap((c) => ((c.env as JsonObject[] | undefined) ?? []).map((e) => (e.valueFrom as { secretKeyRef?: { name: string; key: string } } | undefined)?.secretKeyRef)).filter((r) => r !== undefined);
    expect(referenced.length).toBeGreaterThan(0);
    for (const ref of referenced) {
      expect(ref.name).toBe(example.metadata.name);
      expect(keys.has(ref.key), ref.key).toBe(true);
    }
  });
});

describe.each(Object.entries(overlays))('overlay %s', (name, build) => {
  it('labels every object with app.kubernetes.io/part-of and its namespace', () => {
    for (const object of build.objects) {
      expect(object.metadata.labels?.['app.kubernetes.io/part-of'], `${object.kind} ${object.metadata.name}`).toBe('royal-pickles');
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toMatch(/^royal-pickles/);
    }
  });

  it('each Deployment selects its own pods and has a Service selecting them on a port it exposes', () => {
    for (const deployment of ofKind(build, 'Deployment')) {
      const selector = matchLabels(deployment);
      expect(selects(selector, templateLabels(deployment)), deployment.metadata.name).toBe(true);
      expect(selector['app.kubernetes.io/name']).toBe(deployment.metadata.name);
      const services = ofKind(build, 'Service').filter((s) => selects((s.spec as { selector: Record<string, string> }).selector, templateLabels(deployment)));
      expect(services.map((s) => s.metadata.name), deployment.metadata.name).toEqual([deployment.metadata.name]);
      const portNames = new Set(containersOf(deployment).flatMap((c) => ((c.ports as JsonObject[] | undefined) ?? []).map((p) => p.name)));
      for (const port of (services[0]!.spec as { ports: JsonObject[] }).ports) expect(portNames.has(port.targetPort as string), `${deployment.metadata.name} ${String(port.targetPort)}`).toBe(true);
      for (const other of ofKind(build, 'Deployment').filter((d) => d !== deployment)) {
        expect(selects(selector, templateLabels(other)), `${deployment.metadata.name} also selects ${other.metadata.name}`).toBe(false);
      }
    }
  });

  it('every workload runs under its own ServiceAccount without an API token', () => {
    for (const workload of workloads(build)) {
      const pod = podSpecOf(workload)!;
      expect(pod.serviceAccountName, workload.metadata.name).toBe(workload.metadata.name);
      expect(named(build, 'ServiceAccount', workload.metadata.name), workload.metadata.name).toBeDefined();
      expect(pod.automountServiceAccountToken).toBe(false);
    }
  });

  it('every container has requests and limits, and runs non-root, read-only, without privileges', () => {
    for (const workload of workloads(build)) {
      const pod = podSpecOf(workload)!;
      const podSecurity = (pod.securityContext ?? {}) as JsonObject;
      const tmpVolumes = new Set(((pod.volumes as JsonObject[] | undefined) ?? []).filter((v) => isObject(v.emptyDir)).map((v) => v.name));
      for (const container of containersOf(workload)) {
        const where = `${workload.metadata.name}/${String(container.name)}`;
        const resources = container.resources as { requests?: JsonObject; limits?: JsonObject } | undefined;
        for (const key of ['cpu', 'memory']) {
          expect(resources?.requests?.[key], `${where} requests.${key}`).toBeDefined();
          expect(resources?.limits?.[key], `${where} limits.${key}`).toBeDefined();
        }
        const security = (container.securityContext ?? {}) as JsonObject & { capabilities?: { drop?: string[] }; seccompProfile?: { type?: string } };
        expect(security.allowPrivilegeEscalation, where).toBe(false);
        expect(security.readOnlyRootFilesystem, where).toBe(true);
        expect(security.capabilities?.drop, where).toContain('ALL');
        expect(security.privileged, where).not.toBe(true);
        expect(security.runAsNonRoot ?? podSecurity.runAsNonRoot, where).toBe(true);
        const runAsUser = (security.runAsUser ?? podSecurity.runAsUser) as number | undefined;
        expect(runAsUser, `${where}: a numeric non-root user lets the kubelet verify runAsNonRoot`).toBeGreaterThan(0);
        expect(security.seccompProfile?.type ?? (podSecurity.seccompProfile as { type?: string } | undefined)?.type, where).toBe('RuntimeDefault');
        const tmp = ((container.volumeMounts as JsonObject[] | undefined) ?? []).find((m) => m.mountPath === '/tmp');
        expect(tmp && tmpVolumes.has(tmp.name), `${where}: writable /tmp from an emptyDir`).toBe(true);
      }
    }
  });

  it('every Deployment probes readiness, liveness and startup over HTTP on its own port', () => {
    for (const deployment of ofKind(build, 'Deployment')) {
      for (const container of containersOf(deployment)) {
        const where = deployment.metadata.name;
        const ports = new Set(((container.ports as JsonObject[] | undefined) ?? []).flatMap((p) => [p.name, p.containerPort]));
        for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
          const httpGet = (container[probe] as { httpGet?: { path?: string; port?: string | number } } | undefined)?.httpGet;
          expect(httpGet?.path, `${where} ${probe}`).toMatch(/^\//);
          expect(ports.has(httpGet!.port!), `${where} ${probe} port`).toBe(true);
        }
        const readiness = (container.readinessProbe as { httpGet: { path: string } }).httpGet.path;
        const liveness = (container.livenessProbe as { httpGet: { path: string } }).httpGet.path;
        const component = deployment.metadata.labels?.['app.kubernetes.io/component'];
        // Services are ready when PostgreSQL and Redis are; liveness must not depend on them.
        if (component === 'api' || component === 'worker') {
          expect(readiness, where).toBe('/health');
          expect(liveness, where).toBe('/alive');
        }
        if (where === 'gateway') expect(liveness).toBe('/alive');
      }
    }
  });

  it('gives every process the environment it needs', () => {
    for (const process of processes) {
      const workload = named(build, process.port ? 'Deployment' : 'Job', process.name);
      if (process.devOnly && name === 'production') {
        expect(workload, process.name).toBeUndefined();
        continue;
      }
      expect(workload, process.name).toBeDefined();
      const environment = environmentOf(build, containersOf(workload!)[0]!);
      const missing = process.env.filter((variable) => !environment.has(variable));
      expect(missing, process.name).toEqual([]);
      if (process.port) {
        const port = ((containersOf(workload!)[0]!.env as JsonObject[]).find((e) => e.name === 'PORT'))?.value;
        expect(port, process.name).toBe(String(process.port));
      }
    }
  });

  it('points the gateway at the Services of the other processes', () => {
    for (const [variable, service] of [['CHECKOUT_URL', 'checkout'], ['PAYMENTS_URL', 'payments'], ['ADMIN_ORDERS_URL', 'admin-orders'], ['NOTIFICATIONS_URL', 'notifications']] as const) {
      const url = new URL(configValue(build, variable)!);
      const target = named(build, 'Service', service);
      expect(url.hostname, variable).toBe(service);
      expect((target!.spec as { ports: JsonObject[] }).ports.map((p) => String(p.port))).toContain(url.port);
    }
  });

  it('scales the gateway and the services with HPAs aimed at existing Deployments', () => {
    const hpas = ofKind(build, 'HorizontalPodAutoscaler');
    for (const target of ['gateway', 'checkout', 'payments', 'admin-orders', 'notifications']) {
      const hpa = hpas.find((h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === target);
      expect(hpa, target).toBeDefined();
      const spec = hpa!.spec as { scaleTargetRef: { kind: string }; minReplicas: number; maxReplicas: number };
      expect(spec.scaleTargetRef.kind).toBe('Deployment');
      expect(named(build, 'Deployment', target)).toBeDefined();
      expect(spec.maxReplicas).toBeGreaterThanOrEqual(spec.minReplicas);
    }
  });

  it('runs migrations as a Job that gives up rather than retrying forever', () => {
    const job = named(build, 'Job', 'migrate')!;
    const spec = job.spec as { backoffLimit: number; activeDeadlineSeconds: number; template: { spec: { restartPolicy: string } } };
    expect(spec.template.spec.restartPolicy).toMatch(/^(Never|OnFailure)$/);
    expect(spec.backoffLimit).toBeGreaterThan(0);
    expect(spec.activeDeadlineSeconds).toBeGreaterThan(0);
  });

  it('routes the Ingress to the gateway Service only', () => {
    const ingresses = ofKind(build, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ((ingresses[0]!.spec as { rules: { http: { paths: { backend: { service: { name: string; port: { name?: string } } } }[] } }[] }).rules).flatMap((r) => r.http.paths.map((p) => p.backend.service));
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend.name).toBe('gateway');
      expect((named(build, 'Service', 'gateway')!.spec as { ports: JsonObject[] }).ports.map((p) => p.name)).toContain(backend.port.name);
    }
  });

  it('denies all traffic by default and lets only the gateway (and Prometheus, on the scrape port) reach the services', () => {
    const policies = ofKind(build, 'NetworkPolicy');
    const deny = policies.find((p) => {
      const spec = p.spec as { podSelector: JsonObject; policyTypes: string[]; ingress?: unknown; egress?: unknown };
      return Object.keys(spec.podSelector).length === 0 && spec.policyTypes.includes('Ingress') && spec.policyTypes.includes('Egress') && !spec.ingress && !spec.egress;
    });
    expect(deny).toBeDefined();
    const podLabels = build.objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job').map(templateLabels);
    for (const policy of policies) {
      const selector = (policy.spec as { podSelector: { matchLabels?: Record<string, string>; matchExpressions?: { values: string[] }[] } }).podSelector;
      const names = [...Object.values(selector.matchLabels ?? {}), ...(selector.matchExpressions ?? []).flatMap((e) => e.values)];
      for (const value of names) expect(podLabels.some((labels) => Object.values(labels).includes(value)), `${policy.metadata.name} selects ${value}`).toBe(true);
    }
    for (const service of ['checkout', 'payments', 'admin-orders', 'notifications']) {
      const ingressRules = policies
        .filter((p) => selects((p.spec as { podSelector: { matchLabels?: Record<string, string> } }).podSelector.matchLabels ?? {}, { 'app.kubernetes.io/name': service }))
        .flatMap((p) => ((p.spec as { ingress?: IngressRule[] }).ingress ?? []));
      expect(ingressRules.length, service).toBeGreaterThan(0);
      const scrapePort = Number(scrapeAnnotations(named(build, 'Deployment', service)!)['prometheus.io/port']);
      for (const rule of ingressRules) {
        expect(rule.from?.length, `${service} admits traffic from anywhere`).toBeGreaterThan(0);
        for (const peer of rule.from!) {
          if (peer.namespaceSelector) {
            // Only Prometheus from the monitoring namespace, and only on the port it scrapes.
            expect(peer, service).toEqual(PROMETHEUS_PEER);
            expect(rule.ports?.map((p) => p.port), service).toEqual([scrapePort]);
          } else expect(peer.podSelector?.matchLabels, service).toEqual({ 'app.kubernetes.io/name': 'gateway' });
        }
      }
    }
  });

  it('stops every shop process gracefully: a preStop sleep, then more grace than drain and the longest request need', () => {
    const drainSeconds = Number(configValue(build, 'SHUTDOWN_DRAIN_MS')) / 1000;
    const longestRequestSeconds = Number(configValue(build, 'UPSTREAM_TIMEOUT_MS')) / 1000;
    expect(drainSeconds).toBeGreaterThan(0);
    expect(longestRequestSeconds).toBeGreaterThan(0);
    for (const deployment of shopDeployments(build)) {
      const where = deployment.metadata.name;
      const container = containersOf(deployment)[0]! as { lifecycle?: { preStop?: { sleep?: { seconds?: number } } } };
      const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
      // Long enough for kube-proxy and the ingress controller to drop the pod from their endpoints.
      expect(preStop, `${where} preStop sleep`).toBeGreaterThanOrEqual(5);
      const grace = podSpecOf(deployment)!.terminationGracePeriodSeconds as number;
      // Strictly more: closing pools and workers takes a moment too, and SIGKILL must never cut a request.
      expect(grace, where).toBeGreaterThan(preStop + drainSeconds + longestRequestSeconds);
    }
  });

  it('rolls out without losing capacity: one extra pod at a time, none taken away before its replacement is ready', () => {
    for (const deployment of shopDeployments(build)) {
      const strategy = (deployment.spec as { strategy?: { type?: string; rollingUpdate?: { maxSurge?: number | string; maxUnavailable?: number | string } } }).strategy;
      expect(strategy?.type, deployment.metadata.name).toBe('RollingUpdate');
      expect(strategy?.rollingUpdate?.maxUnavailable, deployment.metadata.name).toBe(0);
      expect(strategy?.rollingUpdate?.maxSurge, deployment.metadata.name).toBe(1);
    }
  });

  it('gives every shop Deployment a PodDisruptionBudget of its own that lets drains evict one pod at a time', () => {
    const budgets = ofKind(build, 'PodDisruptionBudget');
    for (const deployment of shopDeployments(build)) {
      const mine = budgets.filter((b) => selects(matchLabels(b), templateLabels(deployment)));
      expect(mine.map((b) => b.metadata.name), deployment.metadata.name).toEqual([deployment.metadata.name]);
      const spec = mine[0]!.spec as { maxUnavailable?: number; minAvailable?: number };
      expect(spec, deployment.metadata.name).toMatchObject({ maxUnavailable: 1 });
      expect(spec.minAvailable).toBeUndefined();
      for (const other of ofKind(build, 'Deployment').filter((d) => d !== deployment)) expect(selects(matchLabels(mine[0]!), templateLabels(other))).toBe(false);
    }
    expect(budgets).toHaveLength(shopDeployments(build).length);
  });

  it('lets Prometheus in the monitoring namespace scrape /metrics of every shop process, the gateway on its metrics port only', () => {
    const policies = ofKind(build, 'NetworkPolicy');
    for (const deployment of shopDeployments(build)) {
      const where = deployment.metadata.name;
      const annotations = scrapeAnnotations(deployment);
      expect(annotations['prometheus.io/scrape'], where).toBe('true');
      expect(annotations['prometheus.io/path'], where).toBe('/metrics');
      const port = Number(annotations['prometheus.io/port']);
      const container = containersOf(deployment)[0]!;
      const containerPorts = (container.ports as { name: string; containerPort: number }[]).map((p) => [p.name, p.containerPort] as const);
      const env = Object.fromEntries(((container.env as JsonObject[] | undefined) ?? []).map((e) => [String(e.name), e.value]));
      if (where === 'gateway') {
        // A listener of its own (METRICS_PORT), never the public port that the Service and the Ingress reach.
        expect(containerPorts, where).toContainEqual(['metrics', port]);
        expect(env.METRICS_PORT, where).toBe(String(port));
        expect(port).not.toBe(Number(env.PORT));
      } else {
        expect(containerPorts, where).toContainEqual(['http', port]);
        expect(env.PORT, where).toBe(String(port));
      }
      const admitted = policies.some((policy) => {
        const spec = policy.spec as unknown as { podSelector: Selector; policyTypes: string[]; ingress?: IngressRule[] };
        return spec.policyTypes.includes('Ingress') && matches(spec.podSelector, templateLabels(deployment)) && (spec.ingress ?? []).some((rule) => admitsPrometheus(rule, port));
      });
      expect(admitted, `${where}: no NetworkPolicy lets Prometheus reach port ${port}`).toBe(true);
    }
  });
});

describe('overlay differences', () => {
  it('dev runs one replica of everything against the sandbox and the mail catcher', () => {
    for (const deployment of ofKind(dev, 'Deployment')) expect((deployment.spec as { replicas: number }).replicas, deployment.metadata.name).toBe(1);
    // kustomize leaves an image that no images entry names as it is: every one must have been named.
    for (const container of workloads(dev).flatMap(containersOf)) expect(String(container.image)).toMatch(/^pickles\/[a-z-]+:dev$/);
    for (const hpa of ofKind(dev, 'HorizontalPodAutoscaler')) expect((hpa.spec as { minReplicas: number }).minReplicas).toBe(1);
    const sandboxUrl = new URL(configValue(dev, 'RAZORPAY_API_BASE_URL')!);
    expect(named(dev, 'Service', sandboxUrl.hostname)).toBeDefined();
    expect(sandboxUrl.hostname).toBe('razorpay-sandbox');
    const secret = named(dev, 'Secret', 'pickles-secrets')!;
    expect(new URL((secret.stringData as Record<string, string>).SMTP_URL!).hostname).toBe('mail-catcher');
  });

  it('dev ships through the courier sandbox: admin-orders given its address and, from the Secret, the API user the sandbox is given', () => {
    const courierUrl = new URL(configValue(dev, 'COURIER_API_BASE_URL')!);
    expect(courierUrl.hostname).toBe('courier-sandbox');
    expect(named(dev, 'Service', 'courier-sandbox')).toBeDefined();
    const secretKeys = (deployment: string) =>
      Object.fromEntries(
        containersOf(named(dev, 'Deployment', deployment)!).flatMap((container) =>
          ((container.env as JsonObject[] | undefined) ?? []).flatMap((e) => {
            const ref = (e.valueFrom as { secretKeyRef?: { key: string } } | undefined)?.secretKeyRef;
            return ref ? [[String(e.name), ref.key]] : [];
          }),
        ),
      );
    expect(secretKeys('admin-orders')).toMatchObject({ COURIER_EMAIL: 'COURIER_EMAIL', COURIER_PASSWORD: 'COURIER_PASSWORD', COURIER_WEBHOOK_TOKEN: 'COURIER_WEBHOOK_TOKEN' });
    expect(secretKeys('courier-sandbox')).toMatchObject({ COURIER_SANDBOX_EMAIL: 'COURIER_EMAIL', COURIER_SANDBOX_PASSWORD: 'COURIER_PASSWORD', COURIER_SANDBOX_WEBHOOK_TOKEN: 'COURIER_WEBHOOK_TOKEN' });
    expect(configValue(production, 'COURIER_API_BASE_URL')).toBeUndefined();
  });

  it('production talks to real Razorpay: no sandbox, no base URL override, no mail catcher, no committed Secret', () => {
    expect(configValue(production, 'RAZORPAY_API_BASE_URL')).toBeUndefined();
    for (const container of workloads(production).flatMap(containersOf)) {
      expect(((container.env as JsonObject[] | undefined) ?? []).map((e) => e.name)).not.toContain('RAZORPAY_API_BASE_URL');
    }
    const names = production.objects.map((o) => o.metadata.name);
    expect(names.filter((n) => /sandbox|mail-catcher/.test(n))).toEqual([]);
    expect(ofKind(production, 'Secret')).toEqual([]);
    expect(configValue(production, 'RAZORPAY_CHECKOUT_SCRIPT_URL')).toBe('https://checkout.razorpay.com/v1/checkout.js');
  });

  it('production pins registry images with release tags and runs more than one replica', () => {
    for (const container of workloads(production).flatMap(containersOf)) {
      const image = String(container.image);
      expect(image, image).toMatch(/^[a-z0-9.-]+\.[a-z]+\/.+:[\w.-]+$/);
      expect(image.slice(imageName(image).length + 1)).not.toMatch(/^(latest|dev)$/);
    }
    for (const deployment of ofKind(production, 'Deployment')) expect((deployment.spec as { replicas: number }).replicas, deployment.metadata.name).toBeGreaterThanOrEqual(2);
    // The HPAs would otherwise scale a quiet service down to one pod, which a restart or a drain takes away.
    for (const hpa of ofKind(production, 'HorizontalPodAutoscaler')) {
      const spec = hpa.spec as { minReplicas: number; scaleTargetRef: { name: string } };
      expect(spec.minReplicas, hpa.metadata.name).toBeGreaterThanOrEqual(2);
      expect((named(production, 'Deployment', spec.scaleTargetRef.name)!.spec as { replicas: number }).replicas, hpa.metadata.name).toBeGreaterThanOrEqual(spec.minReplicas);
    }
  });
});

/** Quantities as the API server reads them: "75m", "1" (CPU in millicores); "192Mi", "1Gi" (memory in MiB). */
const millicores = (quantity: string | number) => (String(quantity).endsWith('m') ? Number(String(quantity).slice(0, -1)) : Number(quantity) * 1000);
const mebibytes = (quantity: string | number) => {
  const [, value, unit] = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi)?$/.exec(String(quantity)) ?? [];
  return Number(value) * ({ Ki: 1 / 1024, Mi: 1, Gi: 1024 }[unit ?? ''] ?? 1 / 1024 / 1024);
};

describe('production overlay, checked by what it does', () => {
  const gateway = named(production, 'Deployment', 'gateway')!;

  it('believes X-Forwarded-For only from the ingress controller\'s pod network: shoppers behind it are told apart, nobody else can claim an address', () => {
    expect(environmentOf(production, containersOf(gateway)[0]!).has('TRUSTED_PROXIES')).toBe(true);
    const ranges = String(configValue(production, 'TRUSTED_PROXIES') ?? '').split(',').map((r) => r.trim()).filter(Boolean);
    expect(ranges.length, 'TRUSTED_PROXIES names the ingress controller').toBeGreaterThan(0);
    const trusted = new BlockList();
    const privateRanges = new BlockList();
    for (const [network, prefix] of [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) privateRanges.addSubnet(network, prefix);
    for (const range of ranges) {
      const [network, prefix] = range.split('/');
      expect(isIP(network!), range).toBe(4);
      expect(Number(prefix), `${range}: a pod network, not half the Internet`).toBeGreaterThanOrEqual(8);
      expect(privateRanges.check(network!), `${range} is a private range`).toBe(true);
      trusted.addSubnet(network!, Number(prefix));
    }
    // An ingress-nginx pod on the default kubeadm/flannel pod network is believed; a shopper's own
    // address, or anything on the Internet, is not: their X-Forwarded-For is ignored.
    expect(trusted.check('10.244.3.17')).toBe(true);
    for (const outside of ['203.0.113.9', '198.51.100.7', '8.8.8.8', '127.0.0.1']) expect(trusted.check(outside), outside).toBe(false);
  });

  it('takes every secret from the Secret pickles-secrets, by reference: none inlined in a container or the ConfigMap', () => {
    const SECRET = /SECRET|PASSWORD|TOKEN|^DATABASE_URL$|^REDIS_URL$|^SMTP_URL$|^RAZORPAY_KEY_ID$/;
    const config = (named(production, 'ConfigMap', 'pickles-config')!.data ?? {}) as Record<string, string>;
    expect(Object.keys(config).filter((key) => SECRET.test(key))).toEqual([]);
    for (const value of Object.values(config)) expect(value, 'a URL with credentials in the ConfigMap').not.toMatch(/:\/\/[^/@\s]+:[^/@\s]+@/);
    const seen = new Set<string>();
    for (const workload of workloads(production)) {
      for (const container of containersOf(workload)) {
        for (const variable of (container.env as { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] | undefined) ?? []) {
          if (!SECRET.test(variable.name)) continue;
          seen.add(variable.name);
          expect(variable.value, `${workload.metadata.name} ${variable.name} inlined`).toBeUndefined();
          expect(variable.valueFrom?.secretKeyRef, `${workload.metadata.name} ${variable.name}`).toEqual({ name: 'pickles-secrets', key: variable.name });
        }
      }
    }
    expect([...seen]).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'JWT_SECRET', 'ADMIN_PASSWORD_HASH', 'SMTP_URL', 'TRACKING_LINK_SECRET']));
  });

  it('asks for resources from the measured figures (ops/measured-resources.json) with the headroom k8s/README.md gives', () => {
    const measured = JSON.parse(readFileSync(join(repoRoot, 'ops/measured-resources.json'), 'utf8')) as {
      processes: Record<string, { peakRssMiB: number; cpuMillicoresPerPurchasePerSecond: number }>;
    };
    for (const deployment of shopDeployments(production)) {
      const name = deployment.metadata.name;
      const figures = measured.processes[name];
      expect(figures, `${name} measured`).toBeDefined();
      const { requests, limits } = containersOf(deployment)[0]!.resources as { requests: Record<string, string>; limits: Record<string, string> };
      // Memory: 1.25 × the peak resident memory under load (rounded up to 32 Mi), limited at twice the request.
      const memory = mebibytes(requests.memory!);
      expect(memory, `${name} memory request`).toBeGreaterThanOrEqual(figures!.peakRssMiB * 1.25);
      expect(memory, `${name} memory request follows the measurement`).toBeLessThanOrEqual(figures!.peakRssMiB * 1.25 + 64);
      expect(mebibytes(limits.memory!), `${name} memory limit`).toBeGreaterThanOrEqual(2 * memory);
      // CPU: enough for 10 paid purchases a second (at least 50m), a whole core allowed for bursts.
      const cpu = millicores(requests.cpu!);
      const needed = Math.max(50, 10 * figures!.cpuMillicoresPerPurchasePerSecond);
      expect(cpu, `${name} CPU request`).toBeGreaterThanOrEqual(needed);
      expect(cpu, `${name} CPU request follows the measurement`).toBeLessThanOrEqual(needed + 50);
      expect(millicores(limits.cpu!), `${name} CPU limit`).toBe(1000);
    }
  });

  it('gets the gateway, payments and every other shop pod through a node drain and a rolling update: readiness, liveness, startup, preStop, PDB', () => {
    for (const deployment of shopDeployments(production)) {
      const name = deployment.metadata.name;
      const container = containersOf(deployment)[0]! as Record<string, { httpGet?: { path: string } } | undefined> & { lifecycle?: { preStop?: { sleep?: { seconds: number } } } };
      expect(container.readinessProbe?.httpGet?.path, name).toBe(name === 'gateway' ? '/alive' : '/health');
      expect(container.livenessProbe?.httpGet?.path, name).toBe('/alive');
      expect(container.startupProbe?.httpGet?.path, name).toBe('/alive');
      expect(container.lifecycle?.preStop?.sleep?.seconds, name).toBeGreaterThanOrEqual(5);
      const budget = ofKind(production, 'PodDisruptionBudget').find((b) => selects(matchLabels(b), templateLabels(deployment)));
      expect((budget?.spec as { maxUnavailable?: number } | undefined)?.maxUnavailable, name).toBe(1);
      expect((deployment.spec as { replicas: number }).replicas, `${name}: one pod may go while another serves`).toBeGreaterThanOrEqual(2);
    }
  });
});
