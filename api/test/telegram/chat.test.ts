import { BOT_WORDS, fillWords, type Language, SALES_CHAT_WORDS } from '@conveyor/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../src/notify/retention.ts';
import { readSiteData } from '../../src/publish/siteData.ts';
import { payloadKeys, readStart, signStart, webhookSecret } from '../../src/telegram/payload.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { startBotApi } from '../helpers/standIns.ts';
import { until } from '../helpers/until.ts';

// A buyer carries a request on in Telegram: the site's link opens a chat with the company's
// bot, which greets them about their request and links the chat to the lead; their messages
// reach the sales group (a topic per lead in a forum group, replies in a plain one), the
// group's answers reach them, and every message lands on the lead. Real HTTP to a real API;
// a real local stand-in for the Bot API (startBotApi); no test reaches Telegram.

const TOKEN = '4242:chat-test-token';
const SALES = '-100500'; // a forum group
const PLAIN = '-100600'; // a plain group
const BOT = 'ConveyorSalesBot';

describe.skipIf(skipReason)('buyers’ chats in Telegram', () => {
  let bot: Awaited<ReturnType<typeof startBotApi>>;
  let api: TestApi;
  let token: string;
  let updateId = 1000;
  let address = 1;
  const ids: Record<string, number> = {};
  const secret = webhookSecret(TOKEN);
  const keys = payloadKeys(TOKEN);

  beforeAll(async () => {
    bot = await startBotApi({ forums: [SALES] });
    api = await startApi({
      SEED_DEMO: false,
      TRUST_PROXY: 'true',
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_URL: bot.url,
      SITE_URL: 'https://conveyor.example',
      ADMIN_URL: 'https://conveyor.example/admin',
      TELEGRAM_POLL_SECONDS: 2,
    });
    token = await api.signIn();
    const post = async (resource: string, json: object) => {
      const reply = await api.request('POST', `/api/${resource}`, { token, json });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      return reply.body.data.id as number;
    };
    ids.category = await post('categories', { name_en: 'Belt conveyors', name_ru: 'Ленточные' });
    const product = (json: object) => post('products', { category_id: ids.category, ...json });
    ids.conveyor = await product({
      name_en: 'Conveyor LK-800',
      name_ru: 'Конвейер ЛК-800',
      name_uz: 'LK-800 konveyeri',
    });
    ids.drum = await product({ name_en: 'Drum', name_ru: 'Барабан', name_uz: 'Baraban' });
    ids.idlers = await product({ name_en: 'Idlers', name_ru: 'Роликоопоры', name_uz: 'Roliklar' });
  });
  afterAll(async () => {
    await api?.close();
    await bot?.close();
  });

  const settings = (json: object) =>
    api.request('PUT', '/api/notifications/settings', { token, json });
  const webhook = (update: object, headers: Record<string, string> = {}) =>
    api.request('POST', '/api/telegram/webhook', {
      json: update,
      headers: { 'x-telegram-bot-api-secret-token': secret, ...headers },
    });
  /** A buyer's message in their private chat, as Telegram posts it. */
  const fromBuyer = (chat: number, message: object, languageCode = 'ru') => ({
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: chat, type: 'private', first_name: 'Aziz' },
      from: {
        id: chat,
        is_bot: false,
        first_name: 'Aziz',
        username: 'aziz_b',
        language_code: languageCode,
      },
      ...message,
    },
  });
  /** A sales person's message in a group. */
  const fromSales = (group: string, message: object) => ({
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: 0,
      chat: { id: Number(group), type: 'supergroup', title: 'Sales' },
      from: { id: 7, is_bot: false, first_name: 'Dilnoza' },
      ...message,
    },
  });
  const sendLead = async (language: Language, items = true) => {
    const reply = await api.request('POST', '/api/leads', {
      headers: { 'x-forwarded-for': `198.51.100.${address++}` },
      json: {
        name: 'Aziz Karimov',
        phone: '+998 90 123 45 67',
        language,
        ...(items
          ? {
              items: [
                { product_id: ids.conveyor, quantity: 1 },
                { product_id: ids.drum, quantity: 2 },
              ],
            }
          : { product_id: ids.conveyor }),
      },
    });
    expect(reply.status).toBe(201);
    return reply.body.data as { received: boolean; telegram?: string };
  };
  const leadIds = async () =>
    (await api.request('GET', '/api/leads?limit=100&sort=id&order=ASC', { token })).body.data as {
      id: number;
      utm_source: string;
      product_id: number | null;
      language: string;
    }[];
  const conversation = async (lead: number) =>
    (await api.request('GET', `/api/leads/${lead}/conversation`, { token })).body.data as {
      chat: string;
      buyer: string;
      messages: {
        from: string;
        text: string;
        author_name: string;
        file: { kind: string } | null;
        relay: string;
      }[];
    };
  const sentTo = (chat: string | number) =>
    bot.calls.filter(
      (call) =>
        ['sendMessage', 'copyMessage'].includes(call.method) &&
        String(call.body.chat_id) === String(chat),
    );

  it('turns chats on only with what they need, and registers the webhook with its secret', async () => {
    const early = await sendLead('ru');
    expect(early.telegram).toBeUndefined(); // chats off: no link
    const incomplete = await settings({ telegram_chat: 'webhook' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.code).toBe('telegram.incomplete');
    const badName = await settings({ telegram_bot: 'not a bot name' });
    expect(badName.status).toBe(400);

    bot.fail('setWebhook', {
      status: 400,
      description: 'Bad Request: bad webhook: HTTPS url must be provided',
    });
    const refused = await settings({
      telegram_bot: BOT,
      telegram_sales_chat: SALES,
      telegram_chat: 'webhook',
    });
    expect(refused.status).toBe(502);
    expect(refused.body.error).toContain('HTTPS url must be provided');
    // the refusal kept nothing
    const kept = await api.request('GET', '/api/notifications/settings', { token });
    expect(kept.body.data).toMatchObject({ telegram_chat: 'off', telegram_bot: '' });

    const on = await settings({
      telegram_bot: BOT,
      telegram_sales_chat: SALES,
      telegram_chat: 'webhook',
    });
    expect(on.status).toBe(200);
    const registered = bot.of('setWebhook').at(-1)!;
    expect(registered.token).toBe(TOKEN);
    expect(registered.body).toMatchObject({
      url: 'https://conveyor.example/api/telegram/webhook',
      secret_token: secret,
      allowed_updates: ['message'],
    });
  });

  it('refuses a webhook call without Telegram’s secret, storing nothing', async () => {
    const chat = 5550001;
    const before = bot.calls.length;
    for (const headers of [{ 'x-telegram-bot-api-secret-token': 'guess' }, {}] as Record<
      string,
      string
    >[]) {
      const update = fromBuyer(chat, { text: '/start' });
      const reply = await api.request('POST', '/api/telegram/webhook', { json: update, headers });
      expect(reply.status).toBe(401);
    }
    // a right secret with no update is refused as bad input
    expect((await webhook({ nothing: true })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bot.calls.length).toBe(before);
  });

  it('gives a sent request a signed link; /start greets in its language, names the items and opens a topic for sales', async () => {
    for (const [index, language] of (['ru', 'uz', 'en'] as const).entries()) {
      const sent = await sendLead(language);
      const link = sent.telegram!;
      expect(link).toMatch(new RegExp(`^https://t\\.me/${BOT}\\?start=[A-Za-z0-9_-]{22}$`));
      const payload = link.split('start=')[1]!;
      const lead = readStart(keys, payload);
      expect(lead?.kind).toBe('lead');
      const leadId = lead!.id;
      // opaque: the next lead's link shares nothing with this one's, as a counter would
      const next = signStart(keys, { kind: 'lead', id: leadId + 1 });
      expect([...payload].filter((char, at) => next[at] === char).length).toBeLessThan(8);
      expect(Buffer.from(payload, 'base64url').includes(Buffer.from([0, 0, 0, leadId]))).toBe(
        false,
      );

      const chat = 5551000 + index;
      expect((await webhook(fromBuyer(chat, { text: `/start ${payload}` }, 'de'))).status).toBe(
        200,
      );
      const greeting = await until(() => sentTo(chat)[0]);
      const names = {
        ru: 'Конвейер ЛК-800 × 1, Барабан × 2',
        uz: 'LK-800 konveyeri × 1, Baraban × 2',
        en: 'Conveyor LK-800 × 1, Drum × 2',
      }[language];
      expect(greeting.body.text).toBe(
        fillWords(BOT_WORDS[language].lead, { name: 'Aziz Karimov', id: leadId, about: names }),
      );
      // the sales group: a topic of the lead's own, opened by who and what, with the lead's screen
      const topic = await until(() =>
        bot.of('createForumTopic').find((call) => String(call.body.name).startsWith(`#${leadId} `)),
      );
      expect(topic.body.chat_id).toBe(SALES);
      const opening = await until(() =>
        sentTo(SALES).find((call) =>
          String(call.body.text).includes(`/admin/#/leads/${leadId}/show`),
        ),
      );
      expect(opening.body.message_thread_id).toBeGreaterThan(100);
      expect(opening.body.text).toContain('+998');
      expect((await conversation(leadId)).chat).toBe('linked');
    }
  });

  it('relays the buyer’s messages to the lead’s topic and sales’ answers back, all kept on the lead in order', async () => {
    const sent = await sendLead('ru');
    const payload = sent.telegram!.split('start=')[1]!;
    const leadId = readStart(keys, payload)!.id;
    const chat = 5552000;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }));
    const opening = await until(() =>
      sentTo(SALES).find((call) => String(call.body.text).includes(`/leads/${leadId}/show`)),
    );
    const topic = opening.body.message_thread_id as number;

    const text = fromBuyer(chat, { text: 'Нужна лента 800 мм, 60 м' });
    await webhook(text);
    await webhook(
      fromBuyer(chat, {
        photo: [
          { file_id: 'small', file_unique_id: 's', width: 90, height: 90 },
          { file_id: 'big', file_unique_id: 'b', width: 1280, height: 960, file_size: 120_000 },
        ],
        caption: 'схема',
      }),
    );
    await webhook(
      fromBuyer(chat, { contact: { phone_number: '+998901112233', first_name: 'Aziz' } }),
    );
    const relayed = await until(() => {
      const inTopic = sentTo(SALES).filter((call) => call.body.message_thread_id === topic);
      return inTopic.length >= 4 && inTopic;
    });
    expect(relayed[1]!.body.text).toBe(`#${leadId} · Aziz (@aziz_b):\nНужна лента 800 мм, 60 м`);
    expect(relayed[2]).toMatchObject({
      method: 'copyMessage',
      body: { from_chat_id: String(chat), caption: `#${leadId} · Aziz (@aziz_b)\nсхема` },
    });
    expect(relayed[3]!.method).toBe('copyMessage');
    expect(relayed[3]!.body.caption).toBeUndefined(); // a contact takes no caption

    // sales answer in the topic; a message of theirs outside any lead's topic stays theirs
    const copiesBefore = sentTo(chat).length;
    await webhook(
      fromSales(SALES, {
        text: 'Отправим КП сегодня',
        message_thread_id: topic,
        is_topic_message: true,
      }),
    );
    await webhook(fromSales(SALES, { text: 'обед в 13:00' }));
    const answer = await until(() => sentTo(chat).length > copiesBefore && sentTo(chat).at(-1));
    expect(answer).toMatchObject({ method: 'copyMessage', body: { from_chat_id: SALES } });

    // staff answer from the back office: to the buyer, and the group sees it
    const staff = await api.request('POST', `/api/leads/${leadId}/conversation`, {
      token,
      json: { text: 'Менеджер позвонит вам завтра' },
    });
    expect(staff.status).toBe(201);
    await until(() =>
      sentTo(chat).some((call) => call.body.text === 'Менеджер позвонит вам завтра'),
    );
    await until(() =>
      sentTo(SALES).some((call) => String(call.body.text).endsWith('Менеджер позвонит вам завтра')),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bot.calls.some((call) => String(call.body.text ?? '').includes('обед'))).toBe(false);

    const kept = await until(async () => {
      const found = await conversation(leadId);
      return (
        found.messages.every((m) => m.relay === 'sent') && found.messages.length === 6 && found
      );
    });
    expect(kept.buyer).toBe('Aziz (@aziz_b)');
    expect(kept.messages.map((m) => [m.from, m.text])).toEqual([
      ['bot', expect.stringContaining(`№${leadId}`)],
      ['buyer', 'Нужна лента 800 мм, 60 м'],
      ['buyer', 'схема'],
      ['buyer', 'Aziz +998901112233'],
      ['sales', 'Отправим КП сегодня'],
      ['staff', 'Менеджер позвонит вам завтра'],
    ]);
    expect(kept.messages[2]!.file).toMatchObject({ kind: 'photo', size: 120_000 });
    // staff open the photo: fetched from Telegram (its largest size), never public
    const photo = (kept.messages[2] as unknown as { id: number }).id;
    const fileUrl = `/api/leads/${leadId}/conversation/${photo}/file`;
    const file = await fetch(`${api.url}${fileUrl}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('attachment');
    expect(await file.text()).toBe('file:big'.repeat(100));
    expect((await api.request('GET', fileUrl)).status).toBe(401);
    expect(kept.messages[4]!.author_name).toBe('Dilnoza');
  });

  it('opens a new topic when sales deleted the lead’s one', async () => {
    const sent = await sendLead('ru');
    const payload = sent.telegram!.split('start=')[1]!;
    const leadId = readStart(keys, payload)!.id;
    const chat = 5552500;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }));
    const openings = () =>
      sentTo(SALES).filter((call) => String(call.body.text).includes(`/leads/${leadId}/show`));
    await until(() => openings().length === 1 && sentTo(chat).length === 1);
    const gone = openings()[0]!.body.message_thread_id as number;
    bot.fail('sendMessage', { status: 400, description: 'Bad Request: message thread not found' });
    await webhook(fromBuyer(chat, { text: 'тема удалена?' }));
    // tried in the topic that is gone (the stand-in records the refused call), then again
    const tries = () =>
      sentTo(SALES).filter((call) => String(call.body.text).endsWith('тема удалена?'));
    const relayed = (await until(() => tries().length === 2 && tries()))[1]!;
    // a second topic, opened again, and the message in it
    expect(openings()).toHaveLength(2);
    const topic = openings()[1]!.body.message_thread_id as number;
    expect(topic).not.toBe(gone);
    expect(relayed.body.message_thread_id).toBe(topic);
    const kept = await until(async () => {
      const found = await conversation(leadId);
      return found.messages.at(-1)?.relay === 'sent' && found;
    });
    expect(kept.messages.at(-1)!.text).toBe('тема удалена?');
  });

  it('in a plain group, sales answer by replying to the lead’s messages', async () => {
    expect((await settings({ telegram_sales_chat: PLAIN })).status).toBe(200);
    const sent = await sendLead('en', false);
    const payload = sent.telegram!.split('start=')[1]!;
    const leadId = readStart(keys, payload)!.id;
    const chat = 5553000;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }, 'en'));
    const greeting = await until(() => sentTo(chat)[0]);
    expect(greeting.body.text).toContain('Conveyor LK-800');
    await webhook(fromBuyer(chat, { text: 'What is the lead time?' }));
    const copy = await until(() =>
      sentTo(PLAIN).find((call) => String(call.body.text).endsWith('What is the lead time?')),
    );
    expect(copy.body.reply_parameters).toMatchObject({ message_id: expect.any(Number) });
    expect(bot.of('createForumTopic').some((call) => call.body.chat_id === PLAIN)).toBe(false);
    // the copy's id in the group, as Telegram answered it: count the group's messages
    const copyId = sentTo(PLAIN).indexOf(copy) + 1;
    await webhook(
      fromSales(PLAIN, {
        text: 'Six weeks.',
        reply_to_message: {
          message_id: copyId,
          date: 0,
          chat: { id: Number(PLAIN), type: 'supergroup' },
        },
      }),
    );
    const answer = await until(() => sentTo(chat).find((call) => call.method === 'copyMessage'));
    expect(answer.body.from_chat_id).toBe(PLAIN);
    expect((await conversation(leadId)).messages.map((m) => m.from)).toEqual([
      'bot',
      'buyer',
      'sales',
    ]);
    expect((await settings({ telegram_sales_chat: SALES })).status).toBe(200);
  });

  it('a product page’s link makes a lead of its own; a forged or expired one is a fresh chat whose first message makes one', async () => {
    const before = (await leadIds()).length;
    // the site's build data carry each shown product's payloads while chats are on
    const site = await readSiteData(api.app.db, await api.app.telegram.siteLinks());
    expect(site.telegram?.bot).toBe(BOT);
    const starts = site.telegram!.products[String(ids.idlers)]!;
    for (const language of ['uz', 'ru', 'en'] as const) {
      expect(readStart(keys, starts[language])).toEqual({
        kind: 'product',
        id: ids.idlers,
        language,
      });
    }
    const product = starts.uz;
    const chat = 5554000;
    await webhook(fromBuyer(chat, { text: `/start ${product}` }, 'ru'));
    const greeting = await until(() => sentTo(chat)[0]);
    expect(greeting.body.text).toBe(fillWords(BOT_WORDS.uz.product, { product: 'Roliklar' }));
    const made = (await leadIds()).at(-1)!;
    expect((await leadIds()).length).toBe(before + 1);
    expect(made).toMatchObject({ utm_source: 'telegram', product_id: ids.idlers, language: 'uz' });

    const forged = product.slice(0, 10) + (product[10] === 'A' ? 'B' : 'A') + product.slice(11);
    const expired = signStart(keys, { kind: 'lead', id: made.id }, Date.now() - 31 * 24 * 3600_000);
    for (const [index, payload] of [forged, expired, 'hello'].entries()) {
      const other = 5554100 + index;
      await webhook(fromBuyer(other, { text: `/start ${payload}` }, 'en'));
      const fresh = await until(() => sentTo(other)[0]);
      expect(fresh.body.text).toBe(BOT_WORDS.en.fresh);
    }
    expect((await leadIds()).length).toBe(before + 1);
    await webhook(fromBuyer(5554100, { text: 'Do you ship to Samarkand?' }, 'en'));
    const own = await until(
      async () => (await leadIds()).length === before + 2 && (await leadIds()).at(-1),
    );
    expect(own).toMatchObject({ utm_source: 'telegram', product_id: null, language: 'en' });
    const talk = await until(async () => {
      const found = await conversation(own.id);
      return found.messages.length === 1 && found;
    });
    expect(talk.messages[0]).toMatchObject({ from: 'buyer', text: 'Do you ship to Samarkand?' });
  });

  it('takes an update once, however often Telegram sends it', async () => {
    const sent = await sendLead('ru');
    const payload = sent.telegram!.split('start=')[1]!;
    const chat = 5555000;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }));
    await until(() => sentTo(chat)[0]);
    const update = fromBuyer(chat, { text: 'дважды' });
    const replies = await Promise.all([webhook(update), webhook(update), webhook(update)]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    await until(() => sentTo(SALES).some((call) => String(call.body.text).endsWith('дважды')));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentTo(SALES).filter((call) => String(call.body.text).endsWith('дважды'))).toHaveLength(
      1,
    );
  });

  it('waits out a 429 as long as Telegram asks, and tries again while Telegram is down', async () => {
    const sent = await sendLead('ru');
    const payload = sent.telegram!.split('start=')[1]!;
    const chat = 5556000;
    const lead = readStart(keys, payload)!.id;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }));
    await until(() =>
      sentTo(SALES).some((call) => String(call.body.text).includes(`/leads/${lead}/show`)),
    );
    await until(() => sentTo(chat)[0]);

    bot.fail('sendMessage', {
      status: 429,
      description: 'Too Many Requests: retry after 2',
      retry_after: 2,
    });
    const asked = Date.now();
    await webhook(fromBuyer(chat, { text: 'первое' }));
    await webhook(fromBuyer(chat, { text: 'второе' }));
    const tried = () =>
      bot.of('sendMessage').filter((call) => String(call.body.text).endsWith('первое'));
    // the refused call, then the one after the wait
    const [, first] = await until(() => tried().length === 2 && tried());
    await until(() => sentTo(SALES).some((call) => String(call.body.text).endsWith('второе')));
    expect(Date.now() - asked).toBeGreaterThanOrEqual(2000);
    // in order: the second waited for the first
    const order = sentTo(SALES).map((call) => String(call.body.text));
    expect(order.findIndex((t) => t.endsWith('второе'))).toBeGreaterThan(
      order.lastIndexOf(first!.body.text),
    );

    bot.fail('sendMessage', { status: 502, description: 'Bad Gateway' });
    await webhook(fromBuyer(chat, { text: 'третье' }));
    await until(
      () => sentTo(SALES).some((call) => String(call.body.text).endsWith('третье')),
      20_000,
    );
    const kept = await until(async () => {
      const found = await conversation(lead);
      return (
        found.messages.filter((m) => m.from === 'buyer').every((m) => m.relay === 'sent') && found
      );
    });
    expect(kept.messages.filter((m) => m.from === 'buyer').map((m) => m.text)).toEqual([
      'первое',
      'второе',
      'третье',
    ]);
  });

  it('/stop unlinks the chat: the buyer is told, sales are told, and nothing more goes either way', async () => {
    const sent = await sendLead('uz');
    const payload = sent.telegram!.split('start=')[1]!;
    const leadId = readStart(keys, payload)!.id;
    const chat = 5557000;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }, 'uz'));
    await until(() => sentTo(chat)[0]);
    await webhook(fromBuyer(chat, { text: '/stop' }, 'uz'));
    await until(() => sentTo(chat).some((call) => call.body.text === BOT_WORDS.uz.stopped));
    const { language } = (await api.request('GET', '/api/notifications/settings', { token })).body
      .data;
    await until(() =>
      sentTo(SALES).some(
        (call) => call.body.text === SALES_CHAT_WORDS[language as Language].stopped,
      ),
    );
    expect((await conversation(leadId)).chat).toBe('stopped');
    await webhook(fromBuyer(chat, { text: 'yana' }, 'uz'));
    await until(() => sentTo(chat).some((call) => call.body.text === BOT_WORDS.uz.ended));
    expect(sentTo(SALES).some((call) => String(call.body.text).endsWith('yana'))).toBe(false);
    const answer = await api.request('POST', `/api/leads/${leadId}/conversation`, {
      token,
      json: { text: 'salom' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('telegram.noChat');
  });

  it('keeps the conversation from anyone but the lead’s workers, and a deleted lead takes it along', async () => {
    const sent = await sendLead('ru');
    const payload = sent.telegram!.split('start=')[1]!;
    const leadId = readStart(keys, payload)!.id;
    const chat = 5558000;
    await webhook(fromBuyer(chat, { text: `/start ${payload}` }));
    await webhook(fromBuyer(chat, { text: 'личное' }));
    await until(async () => (await conversation(leadId)).messages.length === 2);
    expect((await api.request('GET', `/api/leads/${leadId}/conversation`)).status).toBe(401);
    const editor = await api.request('POST', '/api/users', {
      token,
      json: {
        user_name: 'chat-editor',
        password: 'editor-password-1',
        role: 'editor',
        first_name: 'E',
        last_name: 'D',
        email: 'e@example.com',
      },
    });
    expect(editor.status).toBe(201);
    const editorToken = await api.signIn('chat-editor', 'editor-password-1');
    expect(
      (await api.request('GET', `/api/leads/${leadId}/conversation`, { token: editorToken }))
        .status,
    ).toBe(403);
    expect(
      (
        await api.request('POST', `/api/leads/${leadId}/conversation`, {
          token: editorToken,
          json: { text: 'x' },
        })
      ).status,
    ).toBe(403);
    const answer = await api.request('POST', `/api/leads/${leadId}/conversation`, {
      token,
      json: { text: '   ' },
    });
    expect(answer.status).toBe(400);

    expect((await api.request('DELETE', `/api/leads/${leadId}`, { token })).status).toBe(200);
    expect((await api.request('GET', `/api/leads/${leadId}/conversation`, { token })).status).toBe(
      404,
    );
    // the buyer's next message starts afresh: a new lead, not the deleted one's
    const before = (await leadIds()).length;
    await webhook(fromBuyer(chat, { text: 'снова' }));
    await until(async () => (await leadIds()).length === before + 1);
  });

  it('relays each message once with two instances on one database, in the order written', async () => {
    const second = await startApi({
      DATA_DIR: api.dataDir,
      DATABASE_URL: api.config.databaseUrl ?? '',
      SEED_DEMO: false,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_URL: bot.url,
      SITE_URL: 'https://conveyor.example',
      ADMIN_URL: 'https://conveyor.example/admin',
    });
    try {
      const sent = await sendLead('ru');
      const payload = sent.telegram!.split('start=')[1]!;
      const chat = 5560000;
      await webhook(fromBuyer(chat, { text: `/start ${payload}` }));
      await until(() => sentTo(chat)[0]);
      const texts = ['один', 'два', 'три', 'четыре', 'пять', 'шесть'];
      for (const [index, text] of texts.entries()) {
        const to = index % 2 === 0 ? api : second;
        const reply = await to.request('POST', '/api/telegram/webhook', {
          json: fromBuyer(chat, { text }),
          headers: { 'x-telegram-bot-api-secret-token': secret },
        });
        expect(reply.status).toBe(200);
      }
      const relayed = () =>
        sentTo(SALES)
          .map((call) => String(call.body.text))
          .filter((text) => texts.some((word) => text.endsWith(`:\n${word}`)));
      await until(() => relayed().length >= texts.length);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(relayed().map((text) => text.split('\n')[1])).toEqual(texts);
    } finally {
      await second.close();
    }
  });

  it('takes updates by long polling where there is no public address, each acknowledged once stored', async () => {
    const on = await settings({ telegram_chat: 'polling' });
    expect(on.status).toBe(200);
    // Telegram answers getUpdates only once the webhook is gone
    expect(bot.of('deleteWebhook')).toHaveLength(1);
    const chat = 5559000;
    const update = fromBuyer(chat, { text: '/start' }, 'uz');
    bot.push(update);
    const fresh = await until(() => sentTo(chat)[0]);
    expect(fresh.body.text).toBe(BOT_WORDS.uz.fresh);
    // the next call's offset tells Telegram it arrived
    await until(() =>
      bot.of('getUpdates').some((call) => call.body.offset === update.update_id + 1),
    );
    expect((await settings({ telegram_chat: 'off' })).status).toBe(200);
    expect(await api.app.telegram.siteLinks()).toBeNull();
    expect((await readSiteData(api.app.db, null)).telegram).toBeNull();
  });

  it('the retention setting deletes the chats and conversations with the leads', async () => {
    const db = api.app.db.kysely;
    const count = async (table: 'lead_chats' | 'lead_messages') =>
      Number(
        (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
      );
    expect(await count('lead_messages')).toBeGreaterThan(10);
    expect(await count('lead_chats')).toBeGreaterThan(3);
    // every lead so far is older than a cutoff a second ahead
    await purgeExpired(db, new Date(Date.now() + 1_000));
    const kept = () => db.selectFrom('lead_messages').select(['lead_id', 'relay']).execute();
    // nothing of a lead is left
    expect((await kept()).filter((row) => row.lead_id !== null)).toEqual([]);
    // and the bot's answers in chats that named none go once sent (at the relay's end)
    await until(async () => (await kept()).every((row) => row.relay === 'pending'));
    expect(await count('lead_chats')).toBe(0);
  });
});

describe('start payloads', () => {
  const keys = payloadKeys('1:token');
  it('round-trips a lead and a product in each language, 22 characters of Telegram’s alphabet', () => {
    for (const subject of [
      { kind: 'lead' as const, id: 1 },
      { kind: 'lead' as const, id: 4_000_000_000 },
      { kind: 'product' as const, id: 7, language: 'uz' as const },
      { kind: 'product' as const, id: 7, language: 'ru' as const },
      { kind: 'product' as const, id: 7, language: 'en' as const },
    ]) {
      const payload = signStart(keys, subject);
      expect(payload).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(readStart(keys, payload)).toEqual(subject);
    }
  });
  it('refuses another token’s payload, an altered one and an expired lead’s', () => {
    const payload = signStart(keys, { kind: 'lead', id: 5 });
    expect(readStart(payloadKeys('2:other'), payload)).toBeNull();
    for (let at = 0; at < 22; at += 3) {
      const altered =
        payload.slice(0, at) + (payload[at] === 'x' ? 'y' : 'x') + payload.slice(at + 1);
      expect(readStart(keys, altered)).toBeNull();
    }
    // the last character too, in every spelling, including those that differ from it only in
    // the bits the decoder drops (a payload has one spelling)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const last of alphabet.replace(payload[21]!, '')) {
      expect(readStart(keys, payload.slice(0, 21) + last), last).toBeNull();
    }
    const now = Date.now();
    const old = signStart(keys, { kind: 'lead', id: 5 }, now - 31 * 24 * 3600_000);
    expect(readStart(keys, old, now)).toBeNull();
    expect(
      readStart(keys, signStart(keys, { kind: 'lead', id: 5 }, now - 29 * 24 * 3600_000), now),
    ).not.toBeNull();
    // a product's page keeps its link
    expect(
      readStart(keys, signStart(keys, { kind: 'product', id: 5, language: 'en' }, 0), now),
    ).not.toBeNull();
  });
});
