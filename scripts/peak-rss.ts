// Runs a shell command and prints, on stderr when it ends, the peak resident memory of its
// whole process tree (`peak_rss_kb=<n>`, summed over the processes alive at each sample).
// GNU time's %M would give only the largest single process, and /usr/bin/time is not on
// every machine; Linux's /proc is, so the tree is sampled there every 100 ms.
//
//   node scripts/peak-rss.ts '<command>'
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const [command] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/peak-rss.ts <command>');
  process.exit(2);
}

function treeRssKb(root: number): number {
  const parents = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = readFileSync(`/proc/${name}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      parents.set(Number(name), ppid);
      rss.set(Number(name), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
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
const timer = setInterval(() => {
  if (child.pid) peak = Math.max(peak, treeRssKb(child.pid));
}, 100);
child.on('exit', (code, signal) => {
  clearInterval(timer);
  console.error(`peak_rss_kb=${peak}`);
  process.exit(code ?? (signal ? 1 : 0));
});
