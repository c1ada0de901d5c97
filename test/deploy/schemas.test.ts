import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asK8sObject,
  k8sRoot,
  k8sYamlFiles,
  readYaml,
  readYamlDocuments,
  rel,
  renderKustomization,
  repoRoot,
  strictKubernetesVersion,
  validateCompose,
  validateKustomization,
  validateStrictKubernetes,
  validateWithKubernetesModels,
  type Json,
  type K8sObject,
} from './support.js';

const kustomizations = ['base', 'overlays/dev', 'overlays/production'];
const builds = Object.fromEntries(kustomizations.map((dir) => [dir, renderKustomization(join(k8sRoot, dir))]));
const patchFiles = new Set(Object.values(builds).flatMap((build) => build.patchFiles));

async function problemsOf(object: K8sObject): Promise<string[]> {
  const problems: string[] = [];
  const upstream = await validateWithKubernetesModels(object);
  if (upstream) problems.push(`kubernetes-models: ${upstream}`);
  const strict = validateStrictKubernetes(object);
  if (strict) problems.push(`strict ${strictKubernetesVersion()} schema: ${strict}`);
  return problems;
}

describe('every YAML file under k8s/ matches its published schema', () => {
  it('finds the manifests', () => {
    expect(k8sYamlFiles().length).toBeGreaterThan(10);
  });

  for (const file of k8sYamlFiles()) {
    it(rel(file), async () => {
      const documents = readYamlDocuments(file);
      if (basename(file) === 'kustomization.yaml') {
        expect(documents).toHaveLength(1);
        expect(validateKustomization(documents[0]!)).toBe('');
        return;
      }
      for (const [index, document] of documents.entries()) {
        const object = asK8sObject(document, `${rel(file)} document ${index + 1}`);
        // A patch is partial by design; it is validated merged into its target, in the builds below.
        if (patchFiles.has(file)) continue;
        expect(await problemsOf(object), `${object.kind} ${object.metadata.name}`).toEqual([]);
      }
    });
  }
});

describe('every kustomization builds into valid objects', () => {
  for (const dir of kustomizations) {
    it(`k8s/${dir}`, async () => {
      const { objects } = builds[dir]!;
      expect(objects.length).toBeGreaterThan(0);
      const problems: string[] = [];
      for (const object of objects) problems.push(...(await problemsOf(object)).map((p) => `${object.kind} ${object.metadata.name}: ${p}`));
      expect(problems).toEqual([]);
    });
  }
});

describe('docker-compose.yml', () => {
  it('matches the Compose Specification schema', () => {
    expect(validateCompose(readYaml(join(repoRoot, 'docker-compose.yml')))).toBe('');
  });
});

// The checks above are only worth something if they can fail: each validator rejects a broken input.
describe('the validators reject broken manifests', () => {
  const deployment = (): K8sObject =>
    asK8sObject(
      readYamlDocuments(join(k8sRoot, 'base/checkout.yaml')).find((d) => (d as { kind?: string }).kind === 'Deployment')!,
      'checkout Deployment',
    );
  const container = (object: K8sObject) => ((object.spec as { template: { spec: { containers: Record<string, Json>[] } } }).template.spec.containers[0]!);

  it('a misspelt field fails the strict schema', () => {
    const broken = deployment();
    const probe = container(broken).readinessProbe!;
    delete container(broken).readinessProbe;
    container(broken).readinesProbe = probe;
    expect(validateStrictKubernetes(deployment())).toBe('');
    expect(validateStrictKubernetes(broken)).toMatch(/additional properties \(readinesProbe\)/);
  });

  it('a wrongly typed field fails both Kubernetes checks', async () => {
    const broken = deployment();
    (container(broken).ports as Record<string, Json>[])[0]!.containerPort = 'http';
    expect(validateStrictKubernetes(broken)).toMatch(/containerPort/);
    expect(await validateWithKubernetesModels(broken)).toMatch(/containerPort/);
  });

  it('a missing required field fails kubernetes-models', async () => {
    const broken = deployment();
    delete (broken.spec as Record<string, Json>).selector;
    expect(await validateWithKubernetesModels(broken)).toMatch(/selector/);
  });

  it('an unknown kustomization field fails', () => {
    expect(validateKustomization({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resource: ['a.yaml'] })).toMatch(/additional properties \(resource\)/);
  });

  it('an unknown depends_on condition fails the Compose schema', () => {
    const compose = readYaml(join(repoRoot, 'docker-compose.yml')) as { services: Record<string, Record<string, Json>> };
    compose.services.gateway!.depends_on = { checkout: { condition: 'service_ready' } };
    expect(validateCompose(compose as unknown as Json)).toMatch(/depends_on/);
  });
});
