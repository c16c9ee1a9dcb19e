// Runs a shell command and prints, on stderr when it ends, the peak memory of its whole process
// tree (`peak_rss_kb=<n>`: the proportional set size, PSS, summed over the processes alive at
// each sample, so pages the processes share are counted once). GNU time's %M would give only
// the largest single process, and /usr/bin/time is not on every machine; Linux's /proc is, so
// the tree is sampled there every 100 ms.
//
//   node scripts/bench/peak-rss.ts '<command>'
import { spawn } from 'node:child_process';
import { processTree } from '../lib/processes.ts';

const [command] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/bench/peak-rss.ts <command>');
  process.exit(2);
}

/** The tree's proportional set size, kB: pages its processes share counted once. */
const treeRssKb = (root: number) => processTree(root).reduce((sum, entry) => sum + entry.pssKb, 0);

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
