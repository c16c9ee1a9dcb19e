// Waits until a URL answers 2xx (at most WAIT_FOR_MS, default 3 min), then exits 0; 1 on time out.
//
//   node scripts/e2e/wait-for.ts http://127.0.0.1:8181/api/health
const url = process.argv[2];
if (!url) {
  console.error('usage: node scripts/e2e/wait-for.ts <url>');
  process.exit(2);
}
const deadline = Date.now() + Number(process.env.WAIT_FOR_MS ?? 180_000);
while (Date.now() < deadline) {
  try {
    const reply = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await reply.body?.cancel();
    if (reply.ok) process.exit(0);
  } catch {
    // not up yet
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.error(`${url} did not answer in time`);
process.exit(1);
