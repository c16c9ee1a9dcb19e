// Runs a shell command and prints, on stderr when it ends, the peak memory of its whole process
// tree (`peak_rss_kb=<n>`: the proportional set size, PSS, summed over the processes alive at
// each sample, so pages the processes share are counted once). GNU time's %M would give only
// the largest single process, and /usr/bin/time is not on every machine; Linux's /proc is, so
// the tree is sampled there every 100 ms.
//
//   node scripts/bench/peak-rss.ts '<command>'
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const [command] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/bench/peak-rss.ts <command>');
  process.exit(2);
}

function treeRssKb(root: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      parents.set(Number(name), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      const rollup = readFileSync(`/proc/${name}/smaps_rollup`, 'utf8');
      rss.set(Number(name), Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0));
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  for (const [pid, kb] of rss) {
    for (let at: number | undefined = pid; at; at = parents.get(at)) {
      if (at === root) {
        total += kb;
        break;
      }
    }
  }
  return total;
}

const child = spawn(command, { shell: true, stdio: 'inherit' });
let peak = 0;
const sample = () => {
  if (child.pid) peak = Math.max(peak, treeRssKb(child.pid));
};
sample();
const timer = setInterval(sample, 100);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  console.error(`peak_rss_kb=${peak}`);
  process.exit(code ?? (signal ? 1 : 0));
});
