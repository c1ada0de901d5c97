// test:deploy's Kubernetes checks: k8s/overlays/dev rendered by kustomize and run with `podman kube play`
// inside the runtime container, beside PostgreSQL and Redis (datastores.yaml), on a pod network of its
// own (10.244.0.0/16, a common pod range, which the dev overlay's TRUSTED_PROXIES names). The test
// plays the parts podman leaves out: it runs each readiness probe as written, stands where the ingress
// controller would (on the pod network, saying each shopper's address in X-Forwarded-For), and replaces
// a pod the way a rolling update does. podman ignores NetworkPolicy, HorizontalPodAutoscaler,
// PodDisruptionBudget, Ingress and ServiceAccount objects: those stay checked by rendering
// (test/deploy/manifests.test.ts).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT, RUNTIME, SRC, ServiceFailure, WORK, exec, hostEnv, inRuntime, lastLines, must, podman, workDir } from './runtime.mjs';

const NETWORK = 'pickles-kube';
/** The pod network: the dev overlay's TRUSTED_PROXIES covers it, as it covers a kind or minikube cluster's. */
const POD_SUBNET = '10.244.0.0/16';
const DEV_FILE = 'dev-overlay.yaml';
const DATASTORES = `${SRC}/test/deploy/containers/datastores.yaml`;
const READY_TIMEOUT_MS = 180_000;

/** `kustomize build` (or `kubectl kustomize`, which embeds it) of the dev overlay, as `kubectl apply -k` sends it. */
async function render() {
  const dir = path.join(ROOT, 'k8s/overlays/dev');
  for (const [command, args] of [['kustomize', ['build', dir]], ['kubectl', ['kustomize', dir]]]) {
    const result = await exec(command, args);
    if (result.code === 0) return result.out;
    if (result.code !== 127) throw new Error(`${command} ${args.join(' ')} failed:\n${lastLines(result.out)}`);
  }
  throw new Error('no kustomize: install kustomize v5 or kubectl 1.27+ (k8s/README.md, "What is validated, and how")');
}

/** The rendered objects, and the file kube play reads (in the folder the runtime container shares). */
export async function renderDevOverlay() {
  const text = await render();
  writeFileSync(path.join(workDir(), DEV_FILE), text);
  const objects = parseAllDocuments(text).map((document) => document.toJS());
  return { objects, file: `${WORK}/${DEV_FILE}` };
}

const containerName = (deployment) => `${deployment}-pod-${deployment}`;

export const kubeLogs = async (deployment) => (await podman(['logs', '--tail', '30', containerName(deployment)])).out.trimEnd();

/**
 * Every object of this run, removed by name: the overlay's pods (one per Deployment and Job), the
 * replacement pod, the stand-ins, then what kube play made for them (volumes), and the network. The
 * pods go together with a short grace: their shutdown is not under test here (replacePod tests it).
 */
export async function kubeDown(objects = []) {
  const pods = [...objects.filter((o) => o.kind === 'Deployment' || o.kind === 'Job').map((o) => `${o.metadata.name}-pod`), 'payments-pod-2', 'postgres', 'redis'];
  await podman(['pod', 'rm', '--force', '--ignore', '--time', '2', ...pods]);
  await podman(['kube', 'down', '--force', `${WORK}/${DEV_FILE}`]);
  await podman(['kube', 'down', '--force', DATASTORES]);
  await podman(['network', 'rm', '--force', NETWORK]);
  const left = (await podman(['pod', 'ps', '--quiet'])).out.trim();
  const networks = (await podman(['network', 'ls', '--quiet', '--filter', `name=^${NETWORK}$`])).out.trim();
  if (left || networks) throw new Error(`left behind: ${left ? `pods ${left.split('\n').join(' ')}` : ''} ${networks ? `network ${NETWORK}` : ''}`);
  return 'pods, volumes and the network removed';
}

async function until(what, deadlineMs, probe) {
  const deadline = Date.now() + deadlineMs;
  let last = '';
  while (Date.now() < deadline) {
    const answer = await probe();
    if (answer === true) return;
    last = answer || last;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`${what} after ${deadlineMs / 1000} s${last ? `: ${last}` : ''}`);
}

/** The pod network with its subnet, PostgreSQL and Redis on it, both answering. */
export async function playDatastores() {
  await podman(['network', 'rm', '--force', NETWORK]);
  await must(podman(['network', 'create', '--subnet', POD_SUBNET, NETWORK]), `creating the pod network ${NETWORK}`);
  await must(podman(['kube', 'play', '--network', NETWORK, DATASTORES]), 'kube play of PostgreSQL and Redis');
  await until('PostgreSQL not ready', 60_000, async () => (await podman(['exec', 'postgres-postgres', 'pg_isready', '-U', 'pickles', '-d', 'royal_pickles'])).code === 0);
  await until('Redis not ready', 30_000, async () => (await podman(['exec', 'redis-redis', 'redis-cli', 'ping'])).out.includes('PONG'));
}

export async function playOverlay(file) {
  const result = await podman(['kube', 'play', '--network', NETWORK, file]);
  if (result.code !== 0) throw new Error(`podman kube play failed:\n${lastLines(result.out)}`);
}

/** Waits for the migrate Job's container to exit; it must exit 0. */
export async function migrateJob(job) {
  const name = containerName(job);
  await until(`the ${job} Job did not finish`, READY_TIMEOUT_MS, async () => {
    const { out } = await podman(['inspect', '--format', '{{.State.Status}}', name]);
    return out.trim() === 'exited' || `state ${out.trim()}`;
  });
  const code = Number((await podman(['inspect', '--format', '{{.State.ExitCode}}', name])).out.trim());
  if (code !== 0) throw new ServiceFailure(job, `the ${job} Job exited ${code}`, await kubeLogs(job));
  return 'exited 0';
}

/** A container's port by name or number, from its spec. */
function portOf(container, port) {
  if (typeof port === 'number') return port;
  const found = container.ports?.find((p) => p.name === port)?.containerPort;
  if (!found) throw new Error(`${container.name}: no port named ${port}`);
  return found;
}

/** node's fetch of a probe's path inside the container (the images have node, not curl): exit 0 on a 2xx. */
const probeScript = (port, probePath) => `fetch('http://127.0.0.1:${port}${probePath}').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))`;

/** Runs a Deployment's readiness probe (httpGet, as written in the manifest) in its container until it passes. */
export async function deploymentReady(deployment) {
  const container = deployment.spec.template.spec.containers[0];
  const probe = container.readinessProbe?.httpGet;
  if (!probe) throw new Error(`${deployment.metadata.name} has no httpGet readiness probe`);
  const port = portOf(container, probe.port);
  const name = containerName(deployment.metadata.name);
  const started = Date.now();
  try {
    await until(`${deployment.metadata.name} not ready (GET ${probe.path} on ${port})`, READY_TIMEOUT_MS, async () => (await podman(['exec', name, 'node', '-e', probeScript(port, probe.path)])).code === 0);
  } catch (error) {
    throw new ServiceFailure(deployment.metadata.name, error.message, await kubeLogs(deployment.metadata.name));
  }
  return `ready (GET ${probe.path}) after ${((Date.now() - started) / 1000).toFixed(0)} s`;
}

/** A pod's address on the pod network. */
export async function podAddress(podName) {
  const { out } = await podman(['pod', 'inspect', '--format', '{{.InfraContainerID}}', podName]);
  const address = (await podman(['inspect', '--format', `{{ (index .NetworkSettings.Networks "${NETWORK}").IPAddress }}`, out.trim()])).out.trim();
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(address)) throw new Error(`no address for ${podName} on ${NETWORK}: ${address}`);
  return address;
}

/**
 * What the endpoints controller does when a pod starts terminating: the Service stops sending it new
 * connections, while those it has go on. Here a Service is a DNS name on the pod network (podman's
 * aardvark-dns answers the Deployment's name with its pods' addresses): the Service's name is taken
 * off the terminating pod's entry in aardvark's table (its other names stay, so the pod itself still
 * resolves PostgreSQL and Redis while it drains) and aardvark is told to reload the table.
 */
async function removeEndpoint(podName, service) {
  const infra = (await podman(['pod', 'inspect', '--format', '{{.InfraContainerID}}', podName])).out.trim();
  const table = `/run/containers/networks/aardvark-dns/${NETWORK}`;
  // A line: "<container id> <IPv4> <IPv6> <name>,<name>,..." (IPv6 empty here): split on single spaces.
  const script = `$1 == id { n = split($4, names, ","); kept = ""; for (i = 1; i <= n; i++) if (names[i] != service) kept = kept (kept == "" ? "" : ",") names[i]; $4 = kept } { print }`;
  await must(
    inRuntime(['sh', '-c', `awk -F '[ ]' -v OFS=' ' -v id='${infra}' -v service='${service}' '${script}' ${table} > ${table}.next && cat ${table}.next > ${table} && rm ${table}.next && kill -HUP "$(cat /run/containers/networks/aardvark-dns/aardvark.pid)"`]),
    `taking ${podName} out of the Service ${service}`,
  );
}

/**
 * A rolling update of one Deployment (maxSurge 1, maxUnavailable 0), as the kubelet and the endpoints
 * controller run it: a new pod from the same template (podman pod clone) must be ready first; then the
 * old one leaves the Service, sleeps its preStop, gets SIGTERM and has the rest of its grace period to
 * exit (service-kit's drain), and is removed.
 */
export async function replacePod(deployment, log_) {
  const name = deployment.metadata.name;
  const pod = deployment.spec.template.spec;
  const preStopSeconds = pod.containers[0].lifecycle?.preStop?.sleep?.seconds ?? 0;
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  const replacement = `${name}-pod-2`;
  await must(podman(['pod', 'clone', '--start', `${name}-pod`, replacement]), `starting a new ${name} pod`);
  const probe = pod.containers[0].readinessProbe.httpGet;
  const port = portOf(pod.containers[0], probe.port);
  await until(`the new ${name} pod not ready`, READY_TIMEOUT_MS, async () => (await podman(['exec', `${name}-pod-${name}-clone`, 'node', '-e', probeScript(port, probe.path)])).code === 0);
  log_(`new ${name} pod ready; the old one leaves the Service, preStop ${preStopSeconds} s, then SIGTERM (grace ${grace} s)`);
  await removeEndpoint(`${name}-pod`, name);
  await new Promise((resolve) => setTimeout(resolve, preStopSeconds * 1000));
  // The container, not the pod: stopping the pod would stop its infra container at once, and with it
  // the pod's network, while the process still drains (Kubernetes keeps a pod's network until every
  // container of it has exited).
  const stopped = await podman(['stop', '--time', String(Math.max(1, grace - preStopSeconds)), containerName(name)]);
  const exit = (await podman(['inspect', '--format', '{{.State.ExitCode}}', containerName(name)])).out.trim();
  const logs = await kubeLogs(name);
  await podman(['pod', 'rm', '--force', `${name}-pod`]);
  if (stopped.code !== 0 || exit !== '0') throw new ServiceFailure(name, `the old ${name} pod did not stop cleanly on SIGTERM (exit ${exit})`, logs);
  return { exit, logs };
}

/** Starts journey.mjs's load in the runtime container; resolves with its report when it ends. */
export function startLoad(targets, shoppers, seconds) {
  return new Promise((resolve) => {
    const child = spawn('podman', ['exec', RUNTIME, 'node', `${SRC}/test/deploy/containers/journey.mjs`, JSON.stringify({ ...targets, forwardedFor: true, shoppers, seconds })], {
      env: hostEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => {
      let report;
      try {
        report = JSON.parse(out.split('\n').find((l) => l.startsWith('{"step":"load"')) ?? '');
      } catch {
        report = undefined;
      }
      resolve({ code, report, out });
    });
  });
}

