// `npm test` (after the bootstrap) and `pnpm test:all`: every check of the workspace, phase by
// phase, each timed, then the phases' times and the ten slowest test files. A failed phase does
// not stop the later ones (one run shows every failure); the exit code is non-zero if any failed.
//
//   node scripts/check.ts [phase...]     e.g. `node scripts/check.ts lint unit`
//   node scripts/check.ts --quick        `pnpm test:quick`: the edit-test loop (lint of the files
//                                        changed since the last commit, types, and on SQLite the
//                                        unit tests of what changed)
//
// The phases of a stage run at the same time: on two cores they overlap where one waits. Lint
// and types do, the unit tests with their site builds, and the two browser suites (each leaves
// the cores idle while its servers start and its pages wait on them). The unit tests keep both
// cores busy on their own: beside a browser suite they would take longer in all and time out.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';
import type { FileTime } from './check/times.ts';

interface Phase {
  name: string;
  /** Commands run one after another; the phase fails at the first that fails. */
  commands: string[][];
}

const PHASES: Phase[] = [
  {
    name: 'lint',
    commands: [
      ['pnpm', 'exec', 'eslint', '.'],
      ['pnpm', 'exec', 'prettier', '--check', '.'],
      // no import loops (.dependency-cruiser.cjs)
      ['pnpm', 'exec', 'depcruise', 'api/src', 'admin/src', 'site/src', 'shared/src', 'scripts'],
    ],
  },
  { name: 'types', commands: [['pnpm', '-r', '--parallel', 'typecheck']] },
  // the back office's bundle, built beside lint and types (which leave the cores idle at times)
  // instead of at the start of its browser tests, which then serve it (ADMIN_PREBUILT)
  {
    name: 'admin build',
    commands: [
      ['pnpm', '--filter', '@conveyor/admin', 'exec', 'vite', 'build', '--logLevel', 'warn'],
    ],
  },
  { name: 'unit', commands: [['pnpm', 'exec', 'vitest', 'run', '--project=!api:builds']] },
  // The API's site-building files run one at a time (vitest.config.ts), which vitest puts after
  // every other file, a core idle while they run. In a run of their own beside the others,
  // they take up what those leave.
  { name: 'unit builds', commands: [['pnpm', 'exec', 'vitest', 'run', '--project=api:builds']] },
  { name: 'site e2e', commands: [['pnpm', '--filter', '@conveyor/site', 'test:e2e']] },
  { name: 'admin e2e', commands: [['pnpm', '--filter', '@conveyor/admin', 'test:e2e']] },
];

/** The files changed since the last commit, and new ones: what `--quick` lints. */
function changedFiles(): string[] {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  return [
    ...new Set([
      ...git('diff', '--name-only', '--diff-filter=d', 'HEAD'),
      ...git('ls-files', '--others', '--exclude-standard'),
    ]),
  ];
}

const quick = process.argv.includes('--quick');
if (quick) {
  const changed = changedFiles();
  const linted = changed.filter((file) => /\.(ts|tsx|mjs|js|astro)$/.test(file));
  PHASES.push(
    {
      name: 'lint changed',
      commands: [
        ...(linted.length ? [['pnpm', 'exec', 'eslint', '--no-warn-ignored', ...linted]] : []),
        ...(changed.length
          ? [['pnpm', 'exec', 'prettier', '--check', '--ignore-unknown', ...changed]]
          : []),
      ],
    },
    {
      // the tests whose files import what changed since the last commit (vitest's module graph;
      // a change of the config or the lockfile runs them all)
      name: 'unit sqlite',
      commands: [
        [
          'pnpm',
          'exec',
          'vitest',
          'run',
          '--changed',
          'HEAD',
          '--passWithNoTests',
          ...['shared', 'site', 'admin', 'api:builds', 'api:sqlite'].flatMap((project) => [
            '--project',
            project,
          ]),
        ],
      ],
    },
  );
}

/** Which phases run at the same time. */
const STAGES: string[][] = quick
  ? [['lint changed'], ['types', 'unit sqlite']]
  : [
      ['lint', 'types', 'admin build'],
      ['unit', 'unit builds'],
      ['site e2e', 'admin e2e'],
    ];

const times = join(REPO_ROOT, '.cache', 'test-results', 'times.jsonl');
// Node keeps the modules it compiled (and the TypeScript it stripped) for the next process that
// loads them: the check starts hundreds of Node processes (servers, command-line tools, builds,
// pnpm, workers) that load the same modules.
process.env.NODE_COMPILE_CACHE ??= join(REPO_ROOT, '.cache', 'node-compile');
const wanted = process.argv.slice(2).filter((arg) => arg !== '--quick');
for (const name of wanted) {
  if (!PHASES.some((phase) => phase.name === name)) {
    console.error(`unknown phase ${name}; the phases: ${PHASES.map((p) => p.name).join(', ')}`);
    process.exit(2);
  }
}
const selected = (name: string) => !wanted.length || wanted.includes(name);
for (const phase of PHASES) if (!phase.commands.length) phase.commands.push(['true']);

/** Runs a command; with `prefix`, each line of its output is marked with the phase's name. */
function run(command: string[], prefix: string | null): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: REPO_ROOT,
      env: { ...process.env, TEST_TIMES_FILE: times, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (prefix) {
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop()!;
          for (const line of lines) process.stdout.write(`[${prefix}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${prefix}] ${rest}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`[${prefix ?? 'check'}] ${command.join(' ')}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results: { name: string; seconds: number; ok: boolean }[] = [];

async function runPhase(phase: Phase, together: boolean): Promise<void> {
  const started = performance.now();
  console.log(`[check] ${phase.name}: started`);
  let ok = true;
  for (const command of phase.commands) {
    if ((await run(command, together ? phase.name : null)) !== 0) {
      ok = false;
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({ name: phase.name, seconds, ok });
  // the browser tests serve this bundle instead of building their own (admin/playwright.config.ts)
  if (phase.name === 'admin build' && ok) process.env.ADMIN_PREBUILT = '1';
  console.log(`[check] ${phase.name}: ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s`);
}

rmSync(times, { force: true });
mkdirSync(join(REPO_ROOT, '.cache', 'test-results'), { recursive: true });
const started = performance.now();
/**
 * CPU seconds the machine's cores have been busy so far (Linux: /proc/stat's first line, in
 * clock ticks of 1/100 s: idle, I/O wait and a hypervisor's steal left out), or null elsewhere.
 * The check is bound by the two cores: a stage's busy time beside its wall time says whether its
 * time is work or waiting. The machine's, not the check's own processes' (a browser's renderers
 * are not its children's to count): on a quiet machine the two are the same.
 */
function machineBusy(): number | null {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
    // user, nice, system, idle, iowait, irq, softirq
    const [user, nice, system, , , irq, softirq] = ticks.map(Number);
    return (user! + nice! + system! + irq! + softirq!) / 100;
  } catch {
    return null;
  }
}

const stages: { phases: string; seconds: number; cpu: number | null }[] = [];
for (const stage of STAGES) {
  const phases = PHASES.filter((phase) => stage.includes(phase.name) && selected(phase.name));
  if (!phases.length) continue;
  const [stageStarted, cpuBefore] = [performance.now(), machineBusy()];
  await Promise.all(phases.map((phase) => runPhase(phase, phases.length > 1)));
  const cpuAfter = machineBusy();
  stages.push({
    phases: phases.map((phase) => phase.name).join(' + '),
    seconds: (performance.now() - stageStarted) / 1000,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  });
}
const total = (performance.now() - started) / 1000;

console.log('\n[check] phases:');
for (const result of results) {
  console.log(
    `  ${result.name.padEnd(13)} ${result.seconds.toFixed(0).padStart(5)} s  ${result.ok ? 'passed' : 'FAILED'}`,
  );
}
console.log(`  ${'total'.padEnd(13)} ${total.toFixed(0).padStart(5)} s`);
if (stages.some((stage) => stage.cpu !== null)) {
  console.log('\n[check] stages: wall time, and the time the cores were busy meanwhile');
  for (const stage of stages) {
    console.log(
      `  ${stage.seconds.toFixed(0).padStart(5)} s  ${(stage.cpu ?? 0).toFixed(0).padStart(5)} busy s  ${stage.phases}`,
    );
  }
}

let files: FileTime[] = [];
try {
  files = readFileSync(times, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as FileTime);
} catch {
  // no test phase ran
}
if (files.length) {
  console.log('\n[check] the ten slowest test files:');
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(
      `  ${file.seconds.toFixed(1).padStart(6)} s  ${file.suite.padEnd(13)} ${file.file}`,
    );
  }
}
const failing = files.filter((file) => file.failures?.length);
if (failing.length) {
  console.log('\n[check] the tests that failed:');
  for (const file of failing) {
    console.log(`  ${file.suite.padEnd(13)} ${file.file}`);
    for (const failure of file.failures!) console.log(`    ✗ ${failure}`);
  }
}
if (quick) {
  console.log(
    '\n[check] left to `npm test`: lint of the unchanged files, the tests of code that did not ' +
      'change, the API tests on PostgreSQL (api:postgres), the back office bundle, and the ' +
      'browser tests (site e2e, admin e2e)',
  );
}
const failed = results.filter((result) => !result.ok).map((result) => result.name);
if (failed.length) console.log(`\n[check] FAILED: ${failed.join(', ')}`);
process.exit(failed.length ? 1 : 0);
