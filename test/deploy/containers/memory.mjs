// Memory of running containers, by container, for test:deploy's record of what the whole shop needs
// on one server: run by node inside the runtime container (where the containers' processes are) with
// { name: pid } of their main processes. Every process of a container counts (PostgreSQL's backends):
// resident memory (RSS) and proportional set size (PSS: pages shared between processes, node's code
// above all, divided among them), in MiB.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

const kib = (file, field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(file, 'utf8'))?.[1] ?? 0);

function tree(pid) {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const tasks = `/proc/${pids[i]}/task`;
    if (!existsSync(tasks)) continue;
    for (const task of readdirSync(tasks)) {
      const children = `${tasks}/${task}/children`;
      if (existsSync(children)) pids.push(...readFileSync(children, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    }
  }
  return pids;
}

const result = {};
for (const [name, pid] of Object.entries(JSON.parse(process.argv[2] ?? '{}'))) {
  let rss = 0;
  let pss = 0;
  for (const member of tree(Number(pid))) {
    try {
      rss += kib(`/proc/${member}/status`, 'VmRSS');
      pss += kib(`/proc/${member}/smaps_rollup`, 'Pss');
    } catch {
      // ended while we looked
    }
  }
  result[name] = { rssMiB: Math.round(rss / 102.4) / 10, pssMiB: Math.round(pss / 102.4) / 10 };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
