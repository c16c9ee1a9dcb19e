#!/usr/bin/env node
// The entry point behind `npm start` and `npm test`: it makes a machine that has only Node and
// git ready to run the workspace, then hands over to a pnpm script.
//
//   node scripts/bootstrap.mjs <pnpm-script> [args...]
//   node scripts/bootstrap.mjs --node [<pnpm-script>]   only step 1: .tools/bin/node is the Node
//                                          to run under (and, named, that script's install begins)
//
// 1. Node: when the running Node is older than the version in .node-version, the matching
//    `node-<platform>-<arch>` package is installed from the npm registry into .tools/ and this
//    script re-runs itself under it (nvm and friends need downloads this setup cannot assume).
//    `--node` fetches its tarball and pnpm's with `npm pack` and unpacks what is used with tar
//    (packAndUnpack), or installs them with npm where that fails.
//    `npm start` and `npm test` run step 1 alone first and then `exec` the rest under
//    .tools/bin/node, so that no process of an older Node stays behind waiting. Told the script
//    that follows (`--node serve`), step 1 fetches pnpm first and runs step 3's install with the
//    machine's Node while Node 24 downloads (both wait on the registry more than on the machine,
//    so they overlap rather than take turns); step 3 then finds it done (earlyInstall).
// 2. pnpm: the version pinned in package.json#packageManager, installed into .tools/ with npm
//    when `pnpm` is missing or differs (corepack rejects unsigned registry metadata here).
// 3. Dependencies: `pnpm install --frozen-lockfile`, skipped (and not mentioned) when the last
//    install covers it (installReason: its lockfile and what it left out, noted in node_modules). `npm start`
//    on a checkout with none installed yet installs what running needs (`--prod`: no tools for
//    development and tests), and keeps to that until `npm test` (or any other script) installs
//    the rest; while the back office has none of its own, it leaves those out too (most of the
//    files are theirs: docs/developing.md), and the server installs them beside its start,
//    before it builds the back office (scripts/start.ts), so the site need not wait for them.
// 4. The package.json script's command, as `pnpm run <pnpm-script>` would run it, with .tools/bin
//    first on PATH, so child processes see the same Node and pnpm. A plain command replaces this
//    process (process.execve): `npm start` ends in the server's process alone, which receives
//    Ctrl+C and a process manager's SIGTERM itself and whose exit code npm reports.
//
// Written as plain JavaScript on purpose: it must run on an older Node that cannot load
// TypeScript.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tools = join(root, '.tools');
const toolsBin = join(tools, 'bin');
const npmCache = join(root, '.cache', 'npm');
/** Where step 1 notes the install it ran for step 3 (removed when step 3 takes it). */
const earlyStamp = join(tools, 'early-install.json');
/**
 * What step 3's last install left (in node_modules, so it goes with them): the lockfile it
 * installed, and whether it left out the development tools and the back office.
 */
const installedStamp = join(root, 'node_modules', '.conveyor-install.json');
const [script, ...scriptArgs] = process.argv.slice(2);

if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <pnpm-script> [args...]');
  process.exit(2);
}

function log(message) {
  console.error(`[bootstrap] ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`failed: ${command} ${args.join(' ')} (exit ${status})`);
    process.exit(status);
  }
}

/**
 * Waits for a child that does the rest, passing Ctrl+C and SIGTERM on to it, and ends with its
 * exit code: 0 after the server's clean shutdown. (Killed by the signal itself, this process
 * would make `npm start` end with 130 while the server is still shutting down.)
 */
function handOver(child, what) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    log(`failed: ${what} (${error.message})`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
}

/** npm's arguments that install `spec` alone into `prefix`. */
function npmInstallArgs(prefix, spec) {
  mkdirSync(prefix, { recursive: true });
  return [
    'install',
    '--prefix',
    prefix,
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--cache',
    npmCache,
    spec,
  ];
}

const npmCommand = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npmInstall(prefix, spec) {
  // `npm` is whatever came with the machine's Node; it only fetches two self-contained packages.
  mustRun(npmCommand, npmInstallArgs(prefix, spec), { cwd: root });
}

/** Several such installs at once (each waits on the registry more than on the machine). */
async function npmInstallAll(installs) {
  const codes = await Promise.all(
    installs.map(
      ([prefix, spec]) =>
        new Promise((resolve) => {
          const child = spawn(npmCommand, npmInstallArgs(prefix, spec), {
            cwd: root,
            stdio: 'inherit',
          });
          child.on('error', () => resolve(1));
          child.on('exit', (code) => resolve(code ?? 1));
        }),
    ),
  );
  const failed = codes.findIndex((code) => code !== 0);
  if (failed !== -1) {
    log(`failed: npm install ${installs[failed][1]} (exit ${codes[failed]})`);
    process.exit(codes[failed]);
  }
}

/** A command's exit code and output, run with its output collected. */
function collect(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => resolve({ code: 1, stdout, stderr: error.message }));
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/**
 * Node and pnpm the quick way: their tarballs fetched by npm (`npm pack`: its registry, proxy,
 * cache and integrity check) and unpacked by tar, only the files used (Node's binary, not its
 * headers: nothing is compiled on install). `npm install` unpacks the whole package in
 * JavaScript, which for Node's large one is the slower way by far. Each package is unpacked
 * beside its place and moved there whole, so an interrupted start leaves none half written. Any
 * failure (no tar, say) returns false, and npm installs them instead.
 */
async function packAndUnpack(installs) {
  const downloads = join(tools, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const pack = await collect(
    npmCommand,
    [
      'pack',
      ...installs.map((install) => install.spec),
      '--pack-destination',
      downloads,
      '--json',
      '--cache',
      npmCache,
    ],
    { cwd: root },
  );
  let files;
  try {
    files = JSON.parse(pack.stdout).map((entry) => join(downloads, entry.filename));
  } catch {
    files = [];
  }
  if (pack.code !== 0 || files.length !== installs.length) {
    const why = pack.stderr.trim().split('\n').pop() || `exit ${pack.code}`;
    log(`npm pack failed (${why}): installing with npm instead`);
    return false;
  }
  const results = await Promise.all(
    installs.map(async (install, i) => {
      const partial = `${install.folder}.partial`;
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial, { recursive: true });
      const members = install.members ?? [];
      const untar = await collect('tar', [
        '-xzf',
        files[i],
        '-C',
        partial,
        '--strip-components=1',
        ...members,
      ]);
      if (untar.code !== 0) return false;
      rmSync(install.folder, { recursive: true, force: true });
      mkdirSync(dirname(install.folder), { recursive: true });
      renameSync(partial, install.folder);
      return true;
    }),
  );
  rmSync(downloads, { recursive: true, force: true });
  if (results.includes(false)) {
    log('unpacking with tar failed: installing with npm instead');
    return false;
  }
  return true;
}

function link(target, name) {
  mkdirSync(toolsBin, { recursive: true });
  const path = join(toolsBin, name);
  rmSync(path, { force: true });
  symlinkSync(target, path);
}

const wantedNode = Number.parseInt(readFileSync(join(root, '.node-version'), 'utf8'), 10);
const currentNode = Number.parseInt(process.versions.node, 10);
process.env.PATH = `${toolsBin}:${process.env.PATH ?? ''}`;

if (script === '--node') {
  // step 1 alone: .tools/bin/node is a Node new enough, installed or this one; on a fresh
  // checkout step 2's pnpm is fetched beside it, or, with the script
  // that follows named, before it, and step 3's install runs while Node downloads
  const following = scriptArgs[0];
  if (currentNode < wantedNode) {
    const pnpm = pnpmPackage();
    const node = nodePackage();
    if (!node.installed) {
      log(`Node ${process.versions.node} is older than ${wantedNode}: installing ${node.spec}`);
    }
    const nodeWanted = node.installed ? [] : [{ ...node, members: ['package/bin/node'] }];
    const early = following && !node.installed && installNeeded();
    if (early && !pnpm.installed && !(await packAndUnpack([pnpm]))) {
      await npmInstallAll([[pnpm.prefix, pnpm.spec]]);
    }
    const wanted = [...nodeWanted, ...(pnpm.installed || early ? [] : [pnpm])];
    const install = early ? earlyInstall(following, pnpm) : Promise.resolve();
    if (wanted.length && !(await packAndUnpack(wanted))) {
      await npmInstallAll(wanted.map((install) => [install.prefix, install.spec]));
    }
    link(node.bin, 'node');
    if (early) log(`Node ${wantedNode} fetched`);
    await install;
  } else {
    link(process.execPath, 'node');
  }
} else if (currentNode < wantedNode) {
  const nodeBin = installNode();
  link(nodeBin, 'node');
  // Native modules that must compile find the matching headers here; handed on to the install
  // step only (npm warns about an unknown `nodedir` setting in every other child it sees).
  const nodeDir = dirname(dirname(nodeBin));
  if (existsSync(join(nodeDir, 'include'))) process.env.BOOTSTRAP_NODEDIR = nodeDir;
  handOver(
    spawn(nodeBin, [fileURLToPath(import.meta.url), script, ...scriptArgs], { stdio: 'inherit' }),
    `node ${wantedNode}`,
  );
} else {
  continueUnderThisNode();
}

/** The Node of .node-version as the npm registry has it: `node-<platform>-<arch>` in .tools/. */
function nodePackage() {
  const pkg = `node-${process.platform}-${process.arch}`;
  const folder = join(tools, 'node', 'node_modules', pkg);
  const bin = join(folder, 'bin', 'node');
  return {
    prefix: join(tools, 'node'),
    folder,
    spec: `${pkg}@${wantedNode}`,
    bin,
    installed: existsSync(bin),
  };
}

/** That Node, installed into .tools/ unless it is there. */
function installNode() {
  const node = nodePackage();
  if (!node.installed) {
    log(`Node ${process.versions.node} is older than ${wantedNode}: installing ${node.spec}`);
    npmInstall(node.prefix, node.spec);
  }
  return node.bin;
}

/** The pnpm of package.json#packageManager in .tools/, and whether that version is there. */
function pnpmPackage() {
  const packageManager = JSON.parse(
    readFileSync(join(root, 'package.json'), 'utf8'),
  ).packageManager;
  const version = packageManager.replace(/^pnpm@/, '').split('+')[0];
  const cli = join(tools, 'pnpm', 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  const installed =
    existsSync(cli) &&
    readFileSync(join(dirname(dirname(cli)), 'package.json'), 'utf8').includes(
      `"version": "${version}"`,
    );
  return {
    prefix: join(tools, 'pnpm'),
    folder: dirname(dirname(cli)),
    spec: `pnpm@${version}`,
    version,
    cli,
    installed,
  };
}

/** Whether the workspace's devDependencies are installed (false before any install). */
function devDependenciesInstalled() {
  try {
    const state = JSON.parse(readFileSync(join(root, 'node_modules', '.modules.yaml'), 'utf8'));
    return state.included?.devDependencies !== false;
  } catch {
    return false; // nothing installed yet
  }
}

/** Whether the back office's dependencies are installed (scripts/start.ts asks the same). */
function adminInstalled() {
  return existsSync(join(root, 'admin', 'node_modules', 'vite', 'package.json'));
}

/** A command's file as the shell would find it on PATH (execve takes a path, not a name). */
function onPath(command, path) {
  if (command === 'node') return process.execPath;
  if (command.includes('/')) return command;
  for (const folder of path.split(':')) {
    if (folder && existsSync(join(folder, command))) return join(folder, command);
  }
  return null;
}

/** Caches stay inside the repository's ignored .cache folder, never in $HOME. */
function cacheEnvironment() {
  process.env.npm_config_store_dir ??= join(root, '.cache', 'pnpm-store');
  process.env.npm_config_cache ??= npmCache;
  process.env.ASTRO_TELEMETRY_DISABLED ??= '1';
  process.env.COREPACK_ENABLE_STRICT ??= '0';
  // pnpm unpacks packages in one worker thread less than the machine has cores: one on two
  // cores, where writing a first start's tens of thousands of files waits on the file system
  // more than on the CPU: more workers than cores overlap those waits; never fewer than pnpm's
  // own choice. The server's install of the back office's dependencies inherits it.
  process.env.PNPM_MAX_WORKERS ??= String(Math.max(4, availableParallelism() - 1));
}

/** Step 3's `pnpm install` for a script. */
function installArgs(forScript) {
  // (from a `--prod` install to a whole one pnpm purges node_modules first, and asks before it
  // does unless told not to: there may be no one to answer)
  const args = ['install', '--frozen-lockfile', '--prefer-offline'];
  args.push('--config.confirmModulesPurge=false');
  if (forScript === 'serve' && !devDependenciesInstalled()) args.push('--prod');
  // ... and, while the back office has none of its own, all but those (see 3. above)
  if (forScript === 'serve' && !adminInstalled()) args.push('--filter=!@conveyor/admin');
  return args;
}

/** What an early install stands for: its arguments and the lockfile it installed. */
function installIdentity(args) {
  let lockfile = '';
  try {
    lockfile = createHash('sha256')
      .update(readFileSync(join(root, 'pnpm-lock.yaml')))
      .digest('hex');
  } catch {
    // no lockfile: nothing to match
  }
  return JSON.stringify({ args, lockfile });
}

/** Whether step 3 has a first install to do (nothing installed yet): what step 1 can begin. */
function installNeeded() {
  return (
    process.env.BOOTSTRAP_SKIP_INSTALL !== '1' &&
    !existsSync(join(root, 'node_modules', '.modules.yaml'))
  );
}

/**
 * Step 3's install for `forScript`, run by step 1 with this (older) Node while Node 24 is fetched.
 * pnpm runs on Node 18 and later, and nothing is compiled on install, so what it installs is what
 * step 3 would have. Noted in earlyStamp when it succeeds; a failure is left for step 3 to repeat
 * and report.
 */
async function earlyInstall(forScript, pnpm) {
  cacheEnvironment();
  rmSync(earlyStamp, { force: true });
  log('installing dependencies while Node is fetched …');
  const args = installArgs(forScript);
  const result = await collect(process.execPath, [pnpm.cli, ...args], { cwd: root });
  if (result.code === 0) writeFileSync(earlyStamp, installIdentity(args));
  else log('the early install failed: trying again under the new Node');
}

function noteInstalled(args) {
  const { lockfile } = JSON.parse(installIdentity(args));
  const prod = args.includes('--prod');
  const admin = !args.includes('--filter=!@conveyor/admin');
  writeFileSync(installedStamp, JSON.stringify({ lockfile, prod, admin }));
}

/**
 * Why `args` has something to install, or null when the last install covered it: the same
 * lockfile, the development tools if these want them, the back office's packages if these want
 * them (installed then, or since by the server's start). Step 3 then runs no install at all, and
 * says nothing of one.
 */
function installReason(args) {
  let last;
  try {
    last = JSON.parse(readFileSync(installedStamp, 'utf8'));
  } catch {
    return existsSync(join(root, 'node_modules', '.modules.yaml'))
      ? 'to check what is installed'
      : 'the first time: a minute or two';
  }
  if (last.lockfile !== JSON.parse(installIdentity(args)).lockfile) return 'the lockfile changed';
  if (!args.includes('--prod') && last.prod) return 'the development tools';
  if (!args.includes('--filter=!@conveyor/admin') && !last.admin && !adminInstalled()) {
    return "the back office's";
  }
  return null;
}

/** Whether step 1 installed exactly what `args` would (its stamp taken either way). */
function takeEarlyInstall(args) {
  if (!existsSync(earlyStamp)) return false;
  const stamp = readFileSync(earlyStamp, 'utf8');
  rmSync(earlyStamp, { force: true });
  return stamp === installIdentity(args);
}

/** Everything else, under a Node that is new enough: pnpm, the install, the script. */
function continueUnderThisNode() {
  const pnpm = pnpmPackage();
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status !== 0 || probe.stdout.trim() !== pnpm.version) {
    if (!pnpm.installed) {
      log(`installing pnpm ${pnpm.version}`);
      npmInstall(pnpm.prefix, pnpm.spec);
    }
    mkdirSync(toolsBin, { recursive: true });
    const shim = join(toolsBin, 'pnpm');
    rmSync(shim, { force: true });
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${pnpm.cli}" "$@"\n`);
    chmodSync(shim, 0o755);
  }

  cacheEnvironment();

  const nodedir = process.env.BOOTSTRAP_NODEDIR;
  delete process.env.BOOTSTRAP_NODEDIR;
  const args = installArgs(script);
  if (process.env.BOOTSTRAP_SKIP_INSTALL === '1') {
    // told so
  } else if (takeEarlyInstall(args)) {
    log('dependencies installed while Node was fetched');
    noteInstalled(args);
  } else if (installReason(args)) {
    // Quiet unless it fails: a native module's compile log (`gyp info …`) reads like an error.
    log(`installing dependencies (${installReason(args)}) …`);
    const install = spawnSync('pnpm', args, {
      cwd: root,
      env: nodedir ? { ...process.env, npm_config_nodedir: nodedir } : process.env,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (install.error) throw install.error;
    if (install.status !== 0) {
      process.stdout.write(install.stdout ?? '');
      process.stderr.write(install.stderr ?? '');
      log(`failed: pnpm install (exit ${install.status})`);
      process.exit(install.status ?? 1);
    }
    noteInstalled(args);
  }
  // The script's command is run here, through the shell with node_modules/.bin first on PATH as
  // `pnpm run` would, but without pnpm in between: pnpm exits 130 on Ctrl+C whatever its script
  // answered (and prints ELIFECYCLE), where `npm start` should end as the server does, with 0.
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts ?? {};
  if (!scripts[script]) {
    log(`no script "${script}" in package.json`);
    process.exit(2);
  }
  const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` };
  // A plain command (`node scripts/start.ts`) takes this process's place (execve), or, on a Node
  // without it, is started directly: a shell in between would die of the Ctrl+C itself rather
  // than wait for the server's clean exit. Only shell syntax gets a shell.
  const words = scripts[script].split(' ');
  const plain = words.every((word) => /^[\w./:@=+-]+$/.test(word));
  const quote = (arg) => `'${arg.replaceAll("'", "'\\''")}'`;
  const file = plain && typeof process.execve === 'function' ? onPath(words[0], env.PATH) : null;
  if (file) {
    process.chdir(root);
    process.execve(file, [words[0], ...words.slice(1), ...scriptArgs], env);
  }
  const child = plain
    ? spawn(words[0], [...words.slice(1), ...scriptArgs], { cwd: root, stdio: 'inherit', env })
    : spawn([scripts[script], ...scriptArgs.map(quote)].join(' '), {
        cwd: root,
        stdio: 'inherit',
        shell: true,
        env,
      });
  // A signal is passed on (npm sends its SIGTERM to this process alone); the server ignores the
  // copies of one Ctrl+C. This process is not killed half way: it waits for the script and ends
  // with its exit code, 0 after a clean shutdown.
  handOver(child, scripts[script]);
}
