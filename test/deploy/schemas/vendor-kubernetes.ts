/**
 * Writes the Kubernetes definitions test/deploy validates against (README.md here says where the
 * input comes from): from an upstream OpenAPI v2 document (swagger.json), only the definitions the
 * kinds below reach through $ref, without descriptions and the x-kubernetes-* annotations the
 * validator does not use, so the file stays small enough to read in a diff.
 *
 *   npx tsx test/deploy/schemas/vendor-kubernetes.ts <swagger.json> <version> "<source>"
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The kinds k8s/ uses (apiVersion/kind). A new kind in the manifests goes here first. */
export const VENDORED_KINDS = [
  'v1/ConfigMap',
  'v1/Secret',
  'v1/Service',
  'v1/ServiceAccount',
  'apps/v1/Deployment',
  'batch/v1/Job',
  'networking.k8s.io/v1/Ingress',
  'networking.k8s.io/v1/NetworkPolicy',
  'autoscaling/v2/HorizontalPodAutoscaler',
  'policy/v1/PodDisruptionBudget',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Definition = { [key: string]: Json };
const KEPT_ANNOTATION = 'x-kubernetes-group-version-kind';

const gvkOf = (entry: Json) => {
  const { group, version, kind } = entry as { group: string; version: string; kind: string };
  return `${group ? `${group}/` : ''}${version}/${kind}`;
};

function stripped(schema: Json, isPropertyMap = false): Json {
  if (Array.isArray(schema)) return schema.map((item) => stripped(item));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => isPropertyMap || (key !== 'description' && (!key.startsWith('x-kubernetes-') || key === KEPT_ANNOTATION)))
      .map(([key, value]) => [key, stripped(value, !isPropertyMap && key === 'properties')]),
  );
}

function references(schema: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) references(item, found);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/definitions/', ''));
      else references(value, found);
    }
  }
  return found;
}

function main([input, version, source]: string[]) {
  if (!input || !version || !source) throw new Error('usage: vendor-kubernetes.ts <swagger.json> <version> "<source>"');
  const all = (JSON.parse(readFileSync(input, 'utf8')) as { definitions: Record<string, Definition> }).definitions;
  const roots = VENDORED_KINDS.map((kind) => {
    const name = Object.keys(all).find((n) => ((all[n]![KEPT_ANNOTATION] as Json[] | undefined) ?? []).some((entry) => gvkOf(entry) === kind));
    if (!name) throw new Error(`${input} has no definition for ${kind}`);
    return name;
  });
  const definitions: Record<string, Json> = {};
  const pending = [...roots];
  while (pending.length) {
    const name = pending.pop()!;
    if (definitions[name]) continue;
    if (!all[name]) throw new Error(`${input}: $ref to a missing definition ${name}`);
    definitions[name] = stripped(all[name]!);
    pending.push(...references(definitions[name]!));
  }
  // Only the vendored kinds keep their group-version-kind: the validator finds a kind's schema by it.
  for (const [name, definition] of Object.entries(definitions)) if (!roots.includes(name)) delete (definition as Definition)[KEPT_ANNOTATION];
  const sorted = Object.fromEntries(Object.keys(definitions).sort().map((name) => [name, definitions[name]!]));
  const output = join(dirname(fileURLToPath(import.meta.url)), `kubernetes-${version}-definitions.json`);
  writeFileSync(output, `${JSON.stringify({ info: { title: 'Kubernetes', version }, source, kinds: VENDORED_KINDS, definitions: sorted }, null, 1)}\n`);
  console.log(`${output}: ${Object.keys(sorted).length} definitions`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
