// `pnpm bench:leads`: how fast a lead reaches the sales team, and that none is lost or sent
// twice.
//
// Starts local stand-ins for the Telegram Bot API, an SMTP server and a CRM webhook, then the
// real server in a child process with all three channels on (two Telegram chats, one mailbox,
// one webhook), posts BENCH_LEADS leads at once from as many addresses, and prints the form's
// own latency and, per channel, the time from the POST to the message's arrival.
// Targets: arrival p99 < 2 s, form p99 < 100 ms, 0 lost, 0 duplicates.
//
//   BENCH_LEADS (50)  BENCH_CHANNELS (on; off: the same posts with no channel, as a baseline)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@conveyor/api/config';
import { startReceiver, startSmtp, startTelegram } from '@conveyor/api/testing';
import { freePort } from '../lib/free-port.ts';

const count = Number(process.env.BENCH_LEADS ?? 50);
const channelsOn = process.env.BENCH_CHANNELS !== 'off';
const TARGET = { arrivalP99: 2_000, formP99: 100 };
const PASSWORD = 'bench-password-1';

const [telegram, smtp, receiver] = await Promise.all([
  startTelegram(),
  startSmtp(),
  startReceiver(),
]);
const dataDir = await mkdtemp(join(tmpdir(), 'conveyor-bench-leads-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'server.ts')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SERVE_FRONTENDS: 'false',
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: 'true',
    FORM_RATE_LIMIT: String(count * 4),
    ...(channelsOn
      ? {
          TELEGRAM_BOT_TOKEN: 'bench:token',
          TELEGRAM_API_URL: telegram.url,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'site@bench.example',
          LEAD_WEBHOOK_URLS: receiver.url,
          LEAD_WEBHOOK_SECRET: 'bench-secret',
        }
      : {}),
    MALLOC_ARENA_MAX: '2',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function stop(code: number): Promise<never> {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await Promise.all([telegram.close(), smtp.close(), receiver.close()]);
  await rm(dataDir, { recursive: true, force: true });
  process.exit(code);
}

const deadline = Date.now() + 60_000;
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) await stop(1);
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const signIn = await fetch(`${url}/api/signin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ user_name: 'admin', password: PASSWORD }),
});
const token = ((await signIn.json()) as { data: string }).data;
await fetch(`${url}/api/notifications/settings`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ telegram_leads: '-1001, -1002', email_leads: 'sales@bench.example' }),
});

// Warm up as a running server is: its code compiled, the client's connections and the
// channels' (SMTP, HTTP keep-alive) open. One round of the same burst, then a pause.
await Promise.all(
  Array.from({ length: count }, (_, n) =>
    fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `192.0.2.${(n % 250) + 1}`,
      },
      body: JSON.stringify({ name: `Warm-up ${n}`, phone: '+998901234567' }),
    }).then((reply) => reply.arrayBuffer()),
  ),
);
const warm = Date.now() + (channelsOn ? 30_000 : 0);
while (
  telegram.messages.length < count * 2 ||
  smtp.mails.length < count ||
  receiver.calls.length < count
) {
  if (Date.now() > warm) break;
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const [tg0, mail0, hook0] = [telegram.messages.length, smtp.mails.length, receiver.calls.length];

const postedAt = new Map<string, number>();
const formMs: number[] = [];
await Promise.all(
  Array.from({ length: count }, async (_, n) => {
    const name = `Bench lead ${n}`;
    const started = Date.now();
    postedAt.set(name, started);
    const reply = await fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${(n % 250) + 1}`,
      },
      body: JSON.stringify({ name, phone: '+998901234567', message: 'bench' }),
    });
    formMs.push(Date.now() - started);
    if (reply.status !== 201) console.error(`lead ${n}: ${reply.status}`);
  }),
);

const expected = channelsOn
  ? { telegram: count * 2, email: count, webhook: count }
  : { telegram: 0, email: 0, webhook: 0 };
const settle = Date.now() + 30_000;
while (
  (telegram.messages.length - tg0 < expected.telegram ||
    smtp.mails.length - mail0 < expected.email ||
    receiver.calls.length - hook0 < expected.webhook) &&
  Date.now() < settle
) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
// Anything more arriving now would be a duplicate.
if (channelsOn) await new Promise((resolve) => setTimeout(resolve, 2_000));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const nameIn = (text: string) => /Bench lead \d+/.exec(text)?.[0];
const channels = {
  telegram: telegram.messages.slice(tg0).map((m) => ({ at: m.at, name: nameIn(m.body.text) })),
  email: smtp.mails.slice(mail0).map((m) => ({ at: m.at, name: nameIn(m.body.subject ?? '') })),
  webhook: receiver.calls.slice(hook0).map((c) => ({ at: c.at, name: nameIn(c.body.raw) })),
};

console.log(
  `\n${count} leads posted at once; ` +
    (channelsOn ? 'all channels on (2 Telegram chats, 1 mailbox, 1 webhook)' : 'no channel'),
);
console.log(
  `form: p50 ${percentile(formMs, 50)} ms, p99 ${percentile(formMs, 99)} ms (target < ${TARGET.formP99} ms)`,
);
let ok = percentile(formMs, 99) < TARGET.formP99;
for (const [channel, arrivals] of Object.entries(channelsOn ? channels : {})) {
  const latencies = arrivals
    .filter((a) => a.name && postedAt.has(a.name))
    .map((a) => a.at - postedAt.get(a.name!)!);
  const perName = new Map<string, number>();
  for (const a of arrivals) if (a.name) perName.set(a.name, (perName.get(a.name) ?? 0) + 1);
  const each = channel === 'telegram' ? 2 : 1;
  const lost = [...postedAt.keys()].filter((name) => (perName.get(name) ?? 0) < each).length;
  const duplicates = [...perName.values()].filter((n) => n > each).length;
  const p99 = percentile(latencies, 99);
  ok &&= p99 < TARGET.arrivalP99 && lost === 0 && duplicates === 0;
  console.log(
    `${channel.padEnd(8)} arrival p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms; ` +
      `${arrivals.length} messages, ${lost} lost, ${duplicates} duplicated`,
  );
}
console.log(ok ? 'all targets met' : 'a target was missed');
await stop(0);
