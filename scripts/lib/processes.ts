import { readdirSync, readFileSync } from 'node:fs';

// Processes read from Linux's /proc: a process tree's members and their memory, for the
// benchmarks that measure what the product holds (pnpm bench:lean).

export interface ProcessMemory {
  pid: number;
  ppid: number;
  /** Resident set size, kB. */
  rssKb: number;
  /** Its proportional share (pages shared with other processes counted once in a sum), kB. */
  pssKb: number;
  command: string;
}

function read(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return {
      pid,
      ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0),
      rssKb: Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0),
      pssKb: Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0),
      command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '),
    };
  } catch {
    return null; // ended while we looked, or a kernel thread
  }
}

/** `root` and every process below it, with their memory. */
export function processTree(root: number): ProcessMemory[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => read(Number(name)))
    .filter((entry): entry is ProcessMemory => entry !== null);
  const children = new Map<number, ProcessMemory[]>();
  for (const entry of all) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), entry]);
  const tree: ProcessMemory[] = [];
  const self = all.find((entry) => entry.pid === root);
  const queue = self ? [self] : [];
  for (let entry = queue.shift(); entry; entry = queue.shift()) {
    tree.push(entry);
    queue.push(...(children.get(entry.pid) ?? []));
  }
  return tree;
}

/** A process's part in the product, from its command line, for a table. */
export function role(command: string): string {
  if (/\bnpm\b/.test(command) && !command.includes('.js')) return 'npm';
  if (command.includes('api/src/server.ts')) return 'API server';
  if (command.includes('site/scripts/worker.mjs')) return 'build worker';
  if (command.includes('esbuild')) return "build worker's esbuild";
  if (command.includes('bootstrap.mjs')) return 'launcher (bootstrap.mjs)';
  if (command.includes('scripts/start.ts')) return 'launcher (start.ts)';
  if (command.includes('pnpm')) return 'launcher (pnpm)';
  return command.slice(0, 60);
}
