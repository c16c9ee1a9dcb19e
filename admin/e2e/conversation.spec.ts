import { webhookSecret } from '@conveyor/api/testing';
import { expect, test } from './tab.ts';
import { apiToken, signIn } from './helpers.ts';

// A buyer carries a request on in Telegram (docs/leads.md): the lead's screen shows the
// conversation as it comes, and staff answer the buyer from it. Telegram's side is the e2e
// server's Bot API stand-in (scripts/e2e/server.ts, its token `e2e:token`); the buyer's messages
// are posted to the webhook as Telegram posts them.

test('the lead’s screen shows the Telegram conversation and sends staff’s answer', async ({
  page,
}) => {
  // chats are on from the server's start (scripts/e2e/server.ts: its bot ConveyorE2EBot)
  const token = await apiToken(page);
  const name = `Chat buyer ${Date.now()}`;
  const sent = await page.request.post('/api/leads', {
    data: { name, phone: '+998 90 765 43 21', language: 'ru' },
  });
  expect(sent.status()).toBe(201);
  const link = (await sent.json()).data.telegram as string;
  expect(link).toMatch(/^https:\/\/t\.me\/ConveyorE2EBot\?start=/);
  const chat = 7_000_000 + (Date.now() % 1_000_000);
  let update = Date.now();
  const fromBuyer = (text: string) =>
    page.request.post('/api/telegram/webhook', {
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret('e2e:token') },
      data: {
        update_id: ++update,
        message: {
          message_id: update % 100_000,
          date: 0,
          chat: { id: chat, type: 'private', first_name: 'Aziz' },
          from: { id: chat, is_bot: false, first_name: 'Aziz', language_code: 'ru' },
          text,
        },
      },
    });
  expect((await fromBuyer(`/start ${link.split('start=')[1]}`)).status()).toBe(200);
  expect((await fromBuyer('Нужна лента 800 мм')).status()).toBe(200);

  const [lead] = (
    await (
      await page.request.get(`/api/leads?q=${encodeURIComponent(name)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  ).data;
  await signIn(page, { to: `/admin/leads/${lead.id}/show` });
  const panel = page.getByTestId('conversation');
  await expect(panel).toContainText('Telegramdagi yozishma · Aziz');
  const buyer = panel.locator('li[data-from=buyer]');
  await expect(buyer).toContainText('Нужна лента 800 мм');
  await expect(buyer).toContainText('xaridor');
  await expect(panel.locator('li[data-from=bot]')).toContainText(`№${lead.id}`);

  await panel.getByLabel('Telegramda javob berish').fill('Менеджер позвонит завтра');
  await panel.getByRole('button', { name: 'Yuborish' }).click();
  const answer = panel.locator('li[data-from=staff]');
  await expect(answer).toContainText('Менеджер позвонит завтра');
  // passed on by the bot: no longer "sending"
  await expect(answer).not.toContainText('yuborilmoqda', { timeout: 15_000 });
  await expect(answer).toContainText('boshqaruv paneli');
});
