// The container runtime of `npm run test:deploy`, and its one-time setup, kept on this machine outside
// the repository (CACHE) so that later runs, and CI's clean clones, reuse it:
//   - the machine's podman (Debian 12 ships 4.3), with its own configuration and image storage in CACHE;
//   - base images made with debootstrap, since no image registry is reached: Debian bookworm and trixie;
//   - the runtime container: podman 5 (trixie) run privileged in a network namespace of its own, with
//     its image storage in CACHE too. Everything the test builds and runs lives inside it, so nothing
//     binds the machine's ports and nothing touches another podman user's containers;
//   - inside it, stand-ins for the official images the Dockerfile and docker-compose.yml name
//     (node:20-bookworm-slim, debian:bookworm-slim, postgres:15, redis:7), named pickles-test-standin/*.
// Every object is made and removed by name. Facts behind the choices: the README ("Deploy test").
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HERE = path.join(ROOT, 'test/deploy/containers');
const IMAGES = path.join(HERE, 'images');

/** Everything the test keeps between runs: configuration, base images, both image storages. */
export const CACHE = process.env.PICKLES_DEPLOY_CACHE ?? '/var/cache/royal-pickles-deploy';
/** The runtime container's name; the test removes it by this name before and after a run. */
export const RUNTIME = 'royal-pickles-deploy';
/** Inside the runtime container: the repository, and a folder shared with the machine for files the test writes. */
export const SRC = '/src';
export const WORK = '/work';

export const STANDIN = {
  bookworm: 'localhost/pickles-test-standin/debian:bookworm-slim',
  trixie: 'localhost/pickles-test-standin/debian:trixie-slim',
  node: 'localhost/pickles-test-standin/node:20-bookworm-slim',
  postgres: 'localhost/pickles-test-standin/postgres:15',
  redis: 'localhost/pickles-test-standin/redis:7',
};
const RUNTIME_IMAGE = 'localhost/pickles-test/runtime:5';
/** Host packages the runtime needs (Debian names): podman and its OCI runtime, debootstrap for the bases. */
const HOST_PACKAGES = ['podman', 'debootstrap', 'runc'];

/** A reason the test cannot run at all: printed as one line, with what to do about it. */
export class Missing extends Error {}

/** A failure that names a service and carries its last log lines. */
export class ServiceFailure extends Error {
  constructor(service, message, logs = '') {
    super(message);
    this.service = service;
    this.logs = logs;
  }
}

const log = (message) => process.stdout.write(`[deploy] ${message}\n`);

/** Runs a command; resolves with { code, out } (stdout and stderr interleaved), never rejects. */
export function exec(command, args, { env = process.env, input, timeoutMs = 0, onOutput } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let out = '';
    const take = (chunk) => {
      out += chunk;
      if (out.length > 4_000_000) out = out.slice(-2_000_000);
      onOutput?.(chunk.toString());
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    if (input !== undefined) {
      if (typeof input === 'string' || Buffer.isBuffer(input)) child.stdin.end(input);
      else input.pipe(child.stdin);
    }
    const timer = timeoutMs ? setTimeout(() => child.kill('SIGKILL'), timeoutMs) : undefined;
    child.on('error', (error) => resolve({ code: error.code === 'ENOENT' ? 127 : 1, out: `${out}${error.message}` }));
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), out });
    });
  });
}

const lastLines = (text, count = 25) => text.trimEnd().split('\n').slice(-count).join('\n');

/** The machine's podman, with the test's own configuration and storage. */
export const hostEnv = () => ({ ...process.env, CONTAINERS_CONF: path.join(CACHE, 'conf/containers.conf'), CONTAINERS_STORAGE_CONF: path.join(CACHE, 'conf/storage.conf') });
export const hostPodman = (args, options = {}) => exec('podman', args, { env: hostEnv(), ...options });

/** podman (5) inside the runtime container. */
export const podman = (args, options = {}) => hostPodman(['exec', ...(options.input !== undefined ? ['-i'] : []), RUNTIME, 'podman', ...args], options);
/** Any command inside the runtime container. */
export const inRuntime = (args, options = {}) => hostPodman(['exec', ...(options.input !== undefined ? ['-i'] : []), ...(options.envs ?? []).flatMap((e) => ['-e', e]), RUNTIME, ...args], options);

/** Like exec, but a non-zero exit throws with the command's last lines. */
export async function must(promise, what) {
  const result = await promise;
  if (result.code !== 0) throw new Error(`${what} failed (exit ${result.code}):\n${lastLines(result.out)}`);
  return result.out;
}

const hashOf = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
};
const fileHash = (...files) => hashOf(...files.map((file) => readFileSync(file)));

/** The label an image built by the setup carries: the hash of what it was built from. */
const INPUTS_LABEL = 'pickles.test.inputs';
async function imageInputs(run, image) {
  const { code, out } = await run(['image', 'inspect', '--format', `{{ index .Labels "${INPUTS_LABEL}" }}`, image]);
  return code === 0 ? out.trim() : undefined;
}

// ---------------------------------------------------------------------------------------------------
// The machine: root, podman, configuration.

async function which(command) {
  return (await exec('sh', ['-c', `command -v ${command}`])).code === 0;
}

/** Linux and root, before anything is written: else one line saying what is missing. */
export function ensureRoot() {
  if (process.platform !== 'linux') throw new Missing(`test:deploy runs Linux containers with podman; this is ${process.platform}`);
  if (process.getuid?.() !== 0) throw new Missing('test:deploy needs root (it runs privileged containers with podman): run it as root, e.g. sudo npm run test:deploy');
}

/** Root and the host packages, installed from Debian when missing (as root); else one line saying what to run. */
export async function ensureHost() {
  ensureRoot();
  const missing = [];
  for (const command of ['podman', 'debootstrap', 'runc']) if (!(await which(command))) missing.push(command);
  if (missing.length) {
    const install = `apt-get install -y ${HOST_PACKAGES.join(' ')}`;
    if (!(await which('apt-get'))) throw new Missing(`test:deploy needs ${missing.join(', ')}: install podman 4.3+, debootstrap and runc`);
    log(`installing ${HOST_PACKAGES.join(', ')} from Debian (missing: ${missing.join(', ')})`);
    const result = await exec('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${install} -qq`]);
    if (result.code !== 0) throw new Missing(`test:deploy needs ${missing.join(', ')}, and \`${install}\` failed:\n${lastLines(result.out, 10)}`);
  }
  writeConfiguration();
  const info = await hostPodman(['info', '--format', '{{.Host.OCIRuntime.Name}}']);
  if (info.code !== 0) throw new Missing(`podman does not work here: ${lastLines(info.out, 5)}`);
}

/**
 * The machine's podman configuration for the test, in CACHE: runc (crun refuses cgroups v1 "hybrid"),
 * cgroupfs (no systemd), ulimits the machine allows (no CAP_SYS_RESOURCE), file events, and image
 * storage of its own, apart from any other podman user on the machine.
 */
function writeConfiguration() {
  const conf = path.join(CACHE, 'conf');
  mkdirSync(conf, { recursive: true });
  writeFileSync(
    path.join(conf, 'containers.conf'),
    [
      '[containers]',
      'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
      '[engine]',
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      `[network]`,
      `network_config_dir = "${path.join(conf, 'networks')}"`,
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(conf, 'storage.conf'), ['[storage]', 'driver = "overlay"', `graphroot = "${path.join(CACHE, 'storage')}"`, 'runroot = "/run/royal-pickles-deploy"', ''].join('\n'));
}

// ---------------------------------------------------------------------------------------------------
// Base images, made with debootstrap from the machine's Debian mirror.

function debianMirror() {
  for (const file of ['/etc/apt/sources.list', ...(existsSync('/etc/apt/sources.list.d') ? readdirSync('/etc/apt/sources.list.d').map((f) => `/etc/apt/sources.list.d/${f}`) : [])]) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const found = /^URIs:\s*(\S+\/debian)\/?\s*$/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+\/debian)\/?\s+/m.exec(text)?.[1];
    if (found) return found;
  }
  return 'http://deb.debian.org/debian';
}

/** Debian `release` (minbase, without apt lists, documentation or locales) as a local image. */
async function ensureDebian(release, image) {
  const mirror = debianMirror();
  const inputs = hashOf(release, mirror, 'minbase-v1');
  if ((await imageInputs(hostPodman, image)) === inputs) return;
  log(`making ${image} with debootstrap (${release}, ${mirror})`);
  const root = path.join(CACHE, 'rootfs', release);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.dirname(root), { recursive: true });
  await must(exec('debootstrap', ['--variant=minbase', release, root, mirror]), `debootstrap ${release}`);
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/locale', 'usr/share/info']) {
    for (const entry of existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir)) : []) {
      if (entry !== 'partial' && entry !== 'lock') rmSync(path.join(root, dir, entry), { recursive: true, force: true });
    }
  }
  const tar = spawn('tar', ['-C', root, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
  await must(hostPodman(['import', '--change', 'CMD ["bash"]', '--change', `LABEL ${INPUTS_LABEL}=${inputs}`, '-', image], { input: tar.stdout }), `podman import ${image}`);
  rmSync(root, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// The runtime container.

/** What the runtime image is made of: its files and this machine's node. */
function runtimeContext() {
  const context = path.join(CACHE, 'context/runtime');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  for (const file of ['runtime.containerfile', 'runtime-containers.conf', 'runtime-entry.sh']) cpSync(path.join(IMAGES, file), path.join(context, file));
  cpSync(process.execPath, path.join(context, 'node'));
  return context;
}

async function ensureRuntimeImage() {
  const inputs = hashOf(fileHash(...['runtime.containerfile', 'runtime-containers.conf', 'runtime-entry.sh'].map((f) => path.join(IMAGES, f))), process.version);
  if ((await imageInputs(hostPodman, RUNTIME_IMAGE)) === inputs) return;
  log(`building ${RUNTIME_IMAGE} (podman 5 from Debian trixie)`);
  const context = runtimeContext();
  await must(hostPodman(['build', '--format', 'docker', '--label', `${INPUTS_LABEL}=${inputs}`, '-f', path.join(context, 'runtime.containerfile'), '-t', RUNTIME_IMAGE, context]), `building ${RUNTIME_IMAGE}`);
  rmSync(context, { recursive: true, force: true });
}

/** Removes the runtime container by name (and with it every container, pod and network inside it that is running). */
export async function removeRuntime() {
  await hostPodman(['rm', '--force', '--time', '10', RUNTIME]);
}

/** The folder the runtime container shares with the machine, for the files a run writes. */
export const workDir = () => path.join(CACHE, 'work');

/**
 * Starts the runtime container (a leftover of an interrupted run is removed first) and waits for its
 * podman API. Its storage and build cache are in CACHE; its network namespace is its own.
 */
export async function startRuntime() {
  await removeRuntime();
  for (const dir of ['nested-storage', 'nested-tmp', 'work']) mkdirSync(path.join(CACHE, dir), { recursive: true });
  await must(
    hostPodman([
      'run', '--detach', '--init', '--privileged', '--pids-limit=-1', '--name', RUNTIME,
      '--volume', `${path.join(CACHE, 'nested-storage')}:/var/lib/containers`,
      // buildah keeps RUN --mount=type=cache folders (npm's cache) under /var/tmp.
      '--volume', `${path.join(CACHE, 'nested-tmp')}:/var/tmp`,
      '--volume', `${workDir()}:${WORK}`,
      '--volume', `${ROOT}:${SRC}`,
      RUNTIME_IMAGE,
    ]),
    'starting the runtime container',
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if ((await inRuntime(['test', '-S', '/run/podman/podman.sock'])).code === 0 && (await podman(['info', '--format', '{{.Host.OCIRuntime.Name}}'])).code === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the runtime container's podman did not answer:\n${lastLines((await hostPodman(['logs', RUNTIME])).out)}`);
}

// ---------------------------------------------------------------------------------------------------
// Stand-ins inside the runtime container.

/** The machine's image `image`, copied into the runtime container's storage when it differs. */
async function copyIntoRuntime(image) {
  const inputs = await imageInputs(hostPodman, image);
  if (inputs && (await imageInputs(podman, image)) === inputs) return;
  const save = spawn('podman', ['save', image], { env: hostEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
  await must(podman(['load'], { input: save.stdout }), `copying ${image} into the runtime container`);
}

/** Builds `image` inside the runtime container from `containerfile` in `context` (a path under WORK or SRC), when its inputs changed. */
async function ensureBuilt(image, containerfile, context, inputs) {
  if ((await imageInputs(podman, image)) === inputs) return;
  log(`building ${image}`);
  await must(podman(['build', '--format', 'docker', '--label', `${INPUTS_LABEL}=${inputs}`, '-f', containerfile, '-t', image, context]), `building ${image}`);
}

/** node:20-bookworm-slim's stand-in: this machine's node and npm on the bookworm base, with the machine's CA bundle. */
async function ensureNodeStandin() {
  const npmDir = path.resolve(path.dirname(process.execPath), '../lib/node_modules/npm');
  const caBundle = process.env.NODE_EXTRA_CA_CERTS && existsSync(process.env.NODE_EXTRA_CA_CERTS) ? process.env.NODE_EXTRA_CA_CERTS : '/etc/ssl/certs/ca-certificates.crt';
  if (!existsSync(path.join(npmDir, 'package.json'))) throw new Missing(`npm is not where node's installation keeps it (${npmDir})`);
  const npmVersion = JSON.parse(readFileSync(path.join(npmDir, 'package.json'), 'utf8')).version;
  const base = await imageInputs(hostPodman, STANDIN.bookworm);
  const inputs = hashOf(fileHash(path.join(IMAGES, 'node.containerfile'), caBundle), process.version, npmVersion, base ?? '');
  if ((await imageInputs(podman, STANDIN.node)) === inputs) return;
  const context = path.join(workDir(), 'context-node');
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  cpSync(path.join(IMAGES, 'node.containerfile'), path.join(context, 'node.containerfile'));
  cpSync(process.execPath, path.join(context, 'node'));
  cpSync(npmDir, path.join(context, 'npm'), { recursive: true, dereference: true });
  cpSync(caBundle, path.join(context, 'host-ca.crt'));
  await ensureBuilt(STANDIN.node, `${WORK}/context-node/node.containerfile`, `${WORK}/context-node`, inputs);
  rmSync(context, { recursive: true, force: true });
}

/**
 * The one-time setup, each part skipped when what it would make is already there and made from the
 * same inputs. Returns what it did, for the log.
 */
export async function setUp() {
  await ensureHost();
  await ensureDebian('bookworm', STANDIN.bookworm);
  await ensureDebian('trixie', STANDIN.trixie);
  await ensureRuntimeImage();
  await startRuntime();
  await copyIntoRuntime(STANDIN.bookworm);
  await ensureNodeStandin();
  const base = (await imageInputs(podman, STANDIN.bookworm)) ?? '';
  for (const name of ['postgres', 'redis']) {
    const files = [`${name}.containerfile`, `${name}-entrypoint.sh`].map((f) => path.join(IMAGES, f));
    await ensureBuilt(STANDIN[name], `${SRC}/test/deploy/containers/images/${name}.containerfile`, `${SRC}/test/deploy/containers/images`, hashOf(fileHash(...files), base));
  }
}

/** Size in bytes of images in the runtime container's storage. */
export async function imageSizes(images) {
  const sizes = {};
  for (const image of images) {
    const { code, out } = await podman(['image', 'inspect', '--format', '{{.Size}}', image]);
    if (code === 0) sizes[image] = Number(out.trim());
  }
  return sizes;
}

/** The last lines of a container's log inside the runtime container. */
export async function containerLogs(name, lines = 30) {
  const { out } = await podman(['logs', '--tail', String(lines), name]);
  return out.trimEnd();
}

export { lastLines, log };

/** How much of CACHE the setup and runs occupy (for the README's figures). */
export function cacheSize() {
  let bytes = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) bytes += statSync(full).size;
    }
  };
  try {
    walk(CACHE);
  } catch {
    // Unreadable corners (a storage's private folders) are left out.
  }
  return bytes;
}
