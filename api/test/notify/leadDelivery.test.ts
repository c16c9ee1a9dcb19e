import { Webhook } from 'standardwebhooks';
import { describeDuty, leadDuty } from '@conveyor/shared/conveyor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { startReceiver, startSmtp, startTelegram } from '../helpers/standIns.ts';
import { until } from '../helpers/until.ts';

// A lead or supplier application posted on the site reaches the sales team: Telegram chats,
// mailboxes and CRM webhooks, each a job written with the record. Real HTTP to a
// real API on SQLite or PostgreSQL; real local stand-ins for the outside services.

const SECRET = 'whsec_' + Buffer.from('lead-webhook-secret-0123456789').toString('base64');

describe.skipIf(skipReason)('lead delivery', () => {
  let telegram: Awaited<ReturnType<typeof startTelegram>>;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let api: TestApi;
  let token: string;
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

  beforeAll(async () => {
    [telegram, smtp, receiver] = await Promise.all([startTelegram(), startSmtp(), startReceiver()]);
    api = await startApi({
      TRUST_PROXY: 'true',
      TELEGRAM_BOT_TOKEN: '42:bot-token',
      TELEGRAM_API_URL: telegram.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@conveyor.example',
      LEAD_WEBHOOK_URLS: receiver.url,
      LEAD_WEBHOOK_SECRET: SECRET,
      ADMIN_URL: 'https://conveyor.example/admin',
      SITE_URL: 'https://conveyor.example',
    });
    token = await api.signIn();
    const saved = await api.request('PUT', '/api/notifications/settings', {
      token,
      json: {
        telegram_leads: '-1001, -1002',
        telegram_suppliers: '-2001',
        email_leads: 'sales@conveyor.example',
        email_suppliers: 'supply@conveyor.example',
        language: 'ru',
      },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await api?.close();
    await Promise.all([telegram?.close(), smtp?.close(), receiver?.close()]);
  });

  it('keeps the notification settings from anonymous callers, and checks them', async () => {
    expect((await api.request('GET', '/api/notifications/settings')).status).toBe(401);
    expect((await api.request('PUT', '/api/notifications/settings', { json: {} })).status).toBe(
      401,
    );
    const bad = await api.request('PUT', '/api/notifications/settings', {
      token,
      json: { time_zone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('time_zone: not a known time zone');
    const badChat = await api.request('PUT', '/api/notifications/settings', {
      token,
      json: { telegram_leads: 'not a chat id!' },
    });
    expect(badChat.status).toBe(400);
    const settings = await api.request('GET', '/api/notifications/settings', { token });
    expect(settings.body.data).toEqual({
      telegram_leads: '-1001, -1002',
      telegram_suppliers: '-2001',
      email_leads: 'sales@conveyor.example',
      email_suppliers: 'supply@conveyor.example',
      language: 'ru',
      time_zone: 'Asia/Tashkent',
      retention_months: 0,
      // buyers' chats with the bot are off until staff turn them on (api/test/telegram)
      telegram_bot: '',
      telegram_sales_chat: '',
      telegram_chat: 'off',
    });
  });

  it('sends a new lead to every chat, mailbox and webhook within seconds', async () => {
    const [chats, mails, hooks] = [
      telegram.messages.length,
      smtp.mails.length,
      receiver.calls.length,
    ];
    const category = await api.request('POST', '/api/categories', {
      token,
      json: { name_ru: 'Конвейеры' },
    });
    const product = await api.request('POST', '/api/products', {
      token,
      json: { category_id: category.body.data.id, name_ru: 'Шнековый конвейер' },
    });
    const productId = product.body.data.id;
    const reply = await api.request('POST', '/api/leads', {
      headers: from(),
      json: {
        name: 'Дилшод <b>',
        phone: '90 123 45 67',
        email: 'd@example.uz',
        message: 'Нужен конвейер',
        product_id: productId,
        page: `/ru/catalog/${category.body.data.id}/product/${productId}`,
        language: 'ru',
      },
    });
    expect(reply.status).toBe(201);
    await until(
      () =>
        telegram.messages.length >= chats + 2 &&
        smtp.mails.length > mails &&
        receiver.calls.length > hooks,
    );
    // How fast is measured by `pnpm bench:leads`; here, that everything arrives, once.

    const lead = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    const sent = telegram.messages.slice(chats).map((m) => m.body);
    expect(sent.map((m) => m.chat_id).sort()).toEqual(['-1001', '-1002']);
    expect(sent[0]!.text).toContain(`<b>Новая заявка #${lead.id}</b>`);
    expect(sent[0]!.text).toContain('<b>Имя:</b> Дилшод &lt;b&gt;');
    expect(sent[0]!.text).toContain('<b>Телефон:</b> +998901234567');
    expect(sent[0]!.text).toContain(`<b>Товар:</b> Шнековый конвейер (#${productId})`);
    expect(sent[0]!.text).toContain(
      `<b>Страница:</b> https://conveyor.example/ru/catalog/${category.body.data.id}/product/${productId}\n`,
    );
    expect(sent[0]!.text).toContain('<b>Язык сайта:</b> ru');
    expect(sent[0]!.text).toContain(`href="https://conveyor.example/admin/leads/${lead.id}/show"`);
    expect(telegram.tokens.at(-1)).toBe('42:bot-token');

    const mail = smtp.mails.at(-1)!.body;
    expect(mail.subject).toBe(`Новая заявка #${lead.id}: Дилшод <b>`);
    expect(mail.html).toContain('<a href="tel:+998901234567">');

    const call = receiver.calls.at(-1)!.body;
    const event = new Webhook(SECRET).verify(call.raw, call.headers) as any;
    expect(event.type).toBe('lead.created');
    expect(event.data).toMatchObject({ id: lead.id, name: 'Дилшод <b>', phone: '+998901234567' });

    const deliveries = (await api.request('GET', `/api/leads/${lead.id}/deliveries`, { token }))
      .body.data;
    expect(deliveries.map((d: any) => [d.channel, d.target, d.status]).sort()).toEqual([
      ['email', 'sales@conveyor.example', 'done'],
      ['telegram', '-1001', 'done'],
      ['telegram', '-1002', 'done'],
      ['webhook', receiver.url, 'done'],
    ]);
    expect(deliveries.every((d: any) => d.deliveredAt !== null && d.attempts === 1)).toBe(true);
    expect((await api.request('GET', `/api/leads/${lead.id}/deliveries`)).status).toBe(401);
  });

  it("carries a quote request's parameters, with their units, to every channel, the lead and its export", async () => {
    const chats = telegram.messages.length;
    const hooks = receiver.calls.length;
    const attribute = async (json: Record<string, unknown>) =>
      (await api.request('POST', '/api/attributes', { token, json })).body.data.id as number;
    const width = await attribute({
      code: 'q_belt_width',
      type: 'number',
      unit: 'MMT',
      name_ru: 'Ширина ленты',
      unit_ru: 'мм',
      quote: true,
    });
    const length = await attribute({
      code: 'q_length',
      type: 'range',
      unit: 'MTR',
      name_ru: 'Длина',
      unit_ru: 'м',
      decimals: 1,
      quote: true,
    });
    const lead = (parameters: unknown[]) =>
      api.request('POST', '/api/leads', {
        headers: from(),
        json: { name: 'Бахтиёр', phone: '+998 90 765 43 21', parameters },
      });
    // a parameter that does not fit its attribute is refused, naming it
    const wrong = await lead([{ attribute_id: length, min: 12, max: 3 }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'parameters' });
    expect(wrong.body.error).toContain('q_length');

    const reply = await lead([
      { attribute_id: width, value: 1200 },
      { attribute_id: length, min: 2.5, max: 30 },
    ]);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    await until(() => telegram.messages.length >= chats + 2 && receiver.calls.length > hooks);
    const text = telegram.messages.at(-1)!.body.text;
    expect(text).toContain(
      '<b>Параметры:</b> Ширина ленты: 1\u00a0200\u00a0мм\nДлина: 2,5–30,0\u00a0м',
    );
    const call = receiver.calls.at(-1)!.body;
    const event = new Webhook(SECRET).verify(call.raw, call.headers) as any;
    expect(event.data.parameters).toBe('Ширина ленты: 1\u00a0200\u00a0мм\nДлина: 2,5–30,0\u00a0м');

    // the lead keeps them as they were asked, with the attributes' codes
    const stored = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    expect(stored.parameters).toEqual([
      { attribute_id: width, value: 1200, code: 'q_belt_width' },
      { attribute_id: length, min: 2.5, max: 30, code: 'q_length' },
    ]);
    // and the export writes them for people, in the file's language
    const csv = await fetch(`${api.url}/api/leads/export?format=csv&lang=ru&id=${stored.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const file = await csv.text();
    expect(file.split('\n')[0]).toContain('Параметры');
    expect(file).toContain('Ширина ленты: 1\u00a0200\u00a0мм; Длина: 2,5–30,0\u00a0м');
  });

  it("carries a calculator's duty, sized again by the API, to every channel, the lead and its export", async () => {
    const chats = telegram.messages.length;
    const hooks = receiver.calls.length;
    const gravel = { material: 'gravel', capacity: 300, length: 60, lift: 8 };
    const send = (duty: unknown) =>
      api.request('POST', '/api/leads', {
        headers: from(),
        json: { name: 'Ulugʻbek', phone: '+998 90 111 22 33', duty },
      });
    // figures the method cannot take, a material it does not know, or none at all: 400, no lead
    const before = (await api.request('GET', '/api/leads?limit=1', { token })).body.total;
    for (const [duty, words] of [
      [{ ...gravel, width: 700 }, 'duty'],
      [{ ...gravel, capacity: -3 }, 'duty'],
      [{ ...gravel, material: 'kryptonite' }, 'no such material'],
      [{ capacity: 300, length: 60, lift: 8, density: 1.6 }, 'surcharge'],
    ] as const) {
      const refused = await send(duty);
      expect(refused.status, JSON.stringify(duty)).toBe(400);
      expect(refused.body.error).toContain(words);
    }
    expect((await api.request('GET', '/api/leads?limit=1', { token })).body.total).toBe(before);

    // a result sent with it is not the lead's: the lead keeps the buyer's figures and the API's
    // own sizing of them
    const reply = await send({ ...gravel, result: { width: 2000, speed: 5 }, problem: 'tooMuch' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const expected = leadDuty(gravel);
    expect(expected.result).toBeDefined();
    const stored = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    expect(stored.duty).toEqual(expected);
    const lines = describeDuty(expected, 'ru');
    await until(() => telegram.messages.length >= chats + 2 && receiver.calls.length > hooks);
    expect(telegram.messages.at(-1)!.body.text).toContain(
      `<b>Расчёт конвейера:</b> ${lines.join('\n')}`,
    );
    const call = receiver.calls.at(-1)!.body;
    expect((new Webhook(SECRET).verify(call.raw, call.headers) as any).data.duty).toBe(
      lines.join('\n'),
    );
    const csv = await fetch(`${api.url}/api/leads/export?format=csv&lang=ru&id=${stored.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const file = await csv.text();
    expect(file.split('\n')[0]).toContain('Расчёт конвейера');
    expect(file).toContain(lines.join('; '));
    // a lead without one answers null
    const plain = (await api.request('GET', '/api/leads?limit=50', { token })).body.data;
    expect(plain.find((lead: any) => lead.id !== stored.id).duty).toBeNull();
  });

  it('sends a supplier application to its own chats and mailboxes', async () => {
    const chats = telegram.messages.length;
    const reply = await api.request('POST', '/api/suppliers', {
      headers: from(),
      json: {
        company_name: 'Podshipnik Savdo',
        partner_count: 3,
        inn: '305123456',
        contact_person: 'Rustam',
        phone: '+998 71 234 56 78',
        email: 'rustam@example.uz',
        company_description: '',
        offer: 'Bearings',
      },
    });
    expect(reply.status).toBe(201);
    const message = await until(() => telegram.messages.slice(chats)[0]);
    expect(message.body.chat_id).toBe('-2001');
    expect(message.body.text).toContain('Новое предложение поставщика');
    expect(message.body.text).toContain('<b>Компания:</b> Podshipnik Savdo');
    await until(() => smtp.mails.some((m) => m.body.subject?.includes('Podshipnik')));
  });

  it('answers the form at once while a channel hangs, and delivers after it recovers', async () => {
    telegram.behave('hang', { status: 502 });
    const reply = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'Hang', phone: '+998901112233', message: '' },
    });
    expect(reply.status).toBe(201);
    const lead = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    // One chat's call hangs (cut off by its timeout later), the other's fails with a 502 and
    // waits for its retry; move that retry to now rather than waiting out the backoff.
    let deliveries: any[] = [];
    const load = async (): Promise<any[]> =>
      (deliveries = (await api.request('GET', `/api/leads/${lead.id}/deliveries`, { token })).body
        .data);
    await until(async () =>
      (await load()).some((d) => d.channel === 'telegram' && d.lastError?.includes('502')),
    );
    const retrying = deliveries.find((d) => d.lastError?.includes('502'));
    expect(retrying.status).toBe('queued');
    expect(Date.parse(retrying.nextAttemptAt)).toBeGreaterThan(Date.now());
    await api.app.db.kysely
      .updateTable('jobs')
      .set({ run_at: new Date().toISOString() })
      .where('id', '=', retrying.id)
      .execute();
    api.app.jobs.wake();
    await until(async () => (await load()).find((d) => d.id === retrying.id)?.status === 'done');
    expect(deliveries.find((d) => d.id === retrying.id).attempts).toBe(2);
  });

  it('marks a refused delivery failed, and a retry sends it', async () => {
    telegram.behave({ status: 400, description: 'Bad Request: chat not found' });
    await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'Refused', email: 'r@example.uz' },
    });
    const lead = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    const deliveries: any[] = await until(async () => {
      const rows = (await api.request('GET', `/api/leads/${lead.id}/deliveries`, { token })).body
        .data;
      return rows.some((d: any) => d.status === 'failed') && rows;
    });
    const failed = deliveries.find((d) => d.status === 'failed');
    expect(failed.lastError).toBe('Telegram: 400 Bad Request: chat not found');
    expect(failed.attempts).toBe(1);

    const status = (await api.request('GET', '/api/notifications/status', { token })).body.data;
    const telegramStatus = status.find((s: any) => s.channel === 'telegram');
    expect(telegramStatus).toMatchObject({ configured: true, warning: false });
    expect(telegramStatus.lastError).toBe('Telegram: 400 Bad Request: chat not found');

    const sent = telegram.messages.length;
    const retried = await api.request('POST', `/api/notifications/deliveries/${failed.id}/retry`, {
      token,
    });
    expect(retried.status).toBe(200);
    expect(retried.body.data.status).toMatch(/queued|running|done/);
    await until(() => telegram.messages.length > sent);
    const again = await api.request('POST', `/api/notifications/deliveries/${failed.id}/retry`, {
      token,
    });
    expect(again.status).toBe(400);
  });

  it('sends a test message from the settings screen, and says why one failed', async () => {
    const sent = telegram.messages.length;
    const ok = await api.request('POST', '/api/notifications/test', {
      token,
      json: { channel: 'telegram', target: '-1009' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ delivered: true });
    expect(telegram.messages.at(-1)!.body.chat_id).toBe('-1009');
    expect(telegram.messages.length).toBe(sent + 1);

    telegram.behave({ status: 403, description: 'Forbidden: bot was blocked by the user' });
    const refused = await api.request('POST', '/api/notifications/test', {
      token,
      json: { channel: 'telegram', target: '-1009' },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toBe('Telegram: 403 Forbidden: bot was blocked by the user');
    expect(
      (
        await api.request('POST', '/api/notifications/test', {
          json: { channel: 'email', target: 'x@y.z' },
        })
      ).status,
    ).toBe(401);
  });

  it('keeps neither the lead nor its deliveries when the lead is refused', async () => {
    const before = (await api.app.db.kysely.selectFrom('jobs').select('id').execute()).length;
    const reply = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: '', phone: '' },
    });
    expect(reply.status).toBe(400);
    const after = (await api.app.db.kysely.selectFrom('jobs').select('id').execute()).length;
    expect(after).toBe(before);
  });
});
