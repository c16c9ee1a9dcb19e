import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../src/jobs/runner.ts';
import {
  closeMailTransports,
  sendEmail,
  sendTelegram,
  sendWebhook,
} from '../../src/notify/channels.ts';
import {
  type NotificationFacts,
  renderEmail,
  renderTelegram,
  toE164,
} from '../../src/notify/message.ts';
import { startReceiver, startSmtp, startTelegram } from '../helpers/standIns.ts';

// The channels a lead goes out on, against real local stand-ins: an HTTP server speaking the
// Telegram Bot API, an SMTP server (smtp-server, read back with mailparser) and a webhook
// receiver that checks the Standard Webhooks signature.

const hostile = '<a href="https://evil.example">click</a> & <b>bold</b> <script>x()</script>';

const facts: NotificationFacts = {
  subject: 'leads',
  id: 42,
  createdAt: '2026-11-24T07:05:00.000Z',
  fields: [
    { label: 'name', value: `Ali ${hostile}` },
    { label: 'phone', value: '90 123 45 67', kind: 'phone' },
    { label: 'email', value: 'ali@example.uz', kind: 'email' },
    { label: 'message', value: `Нужен конвейер\n${hostile}` },
    { label: 'product', value: 'Ленточный конвейер' },
  ],
  adminUrl: 'https://conveyor.example/admin/leads/42/show',
};

describe('the message', () => {
  it('writes the phone in E.164 with Uzbekistan as the default region', () => {
    expect(toE164('90 123 45 67')).toBe('+998901234567');
    expect(toE164('+7 912 345-67-89')).toBe('+79123456789');
    expect(toE164('not a phone')).toBe('not a phone');
  });

  it('is in the staff language, with the time in the company time zone', () => {
    const uz = renderTelegram(facts, { language: 'uz', timeZone: 'Asia/Tashkent' });
    expect(uz.split('\n')[0]).toBe('<b>Yangi murojaat #42</b>');
    expect(uz).toContain('<b>Telefon:</b> +998901234567');
    // 07:05 UTC is 12:05 in Tashkent (UTC+5).
    expect(uz).toMatch(/<b>Vaqt:<\/b> .*12:05/);
    const ru = renderTelegram(facts, { language: 'ru', timeZone: 'Asia/Tashkent' });
    expect(ru.split('\n')[0]).toBe('<b>Новая заявка #42</b>');
    expect(ru).toContain('<b>Товар:</b> Ленточный конвейер');
    expect(ru).toContain('<a href="https://conveyor.example/admin/leads/42/show">');
  });

  it('escapes visitor text so it can add no formatting and no link', () => {
    const text = renderTelegram(facts, { language: 'en', timeZone: 'Asia/Tashkent' });
    expect(text).not.toContain('<a href="https://evil');
    expect(text).not.toContain('<script>');
    expect(text).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;click&lt;/a&gt; &amp;');
    expect(text.match(/<a /g)).toHaveLength(1);

    const mail = renderEmail(facts, { language: 'en', timeZone: 'Asia/Tashkent' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html.match(/<a /g)).toHaveLength(3); // tel:, mailto: and the back office
    expect(mail.html).toContain('<a href="tel:+998901234567">+998901234567</a>');
    expect(mail.html).toContain('<a href="mailto:ali@example.uz">');
    const crlf = renderEmail(
      { ...facts, fields: [{ label: 'name', value: 'Ali\r\nBcc: all@example.com' }] },
      { language: 'en', timeZone: 'UTC' },
    );
    expect(crlf.subject).toBe('New lead #42: Ali Bcc: all@example.com');
  });
});

describe('Telegram', () => {
  let telegram: Awaited<ReturnType<typeof startTelegram>>;
  beforeAll(async () => {
    telegram = await startTelegram();
  });
  afterAll(() => telegram.close());
  const target = () => ({ apiUrl: telegram.url, token: '123:secret-token', chatId: '-1001' });

  it('sends the message to the chat in HTML mode', async () => {
    await sendTelegram(target(), '<b>hi</b>');
    expect(telegram.tokens.at(-1)).toBe('123:secret-token');
    expect(telegram.messages.at(-1)?.body).toMatchObject({
      chat_id: '-1001',
      text: '<b>hi</b>',
      parse_mode: 'HTML',
    });
  });

  it('says a 5xx or 429 is worth retrying and a 4xx is not, never showing the token', async () => {
    telegram.behave({ status: 502 });
    const down = await sendTelegram(target(), 'x').catch((error: unknown) => error);
    expect(down).toBeInstanceOf(Error);
    expect(down).not.toBeInstanceOf(PermanentJobError);
    expect((down as Error).message).toBe('Telegram: 502 Internal Server Error');

    telegram.behave({ status: 429, description: 'Too Many Requests: retry after 3' });
    const limited = await sendTelegram(target(), 'x').catch((error: unknown) => error);
    expect(limited).not.toBeInstanceOf(PermanentJobError);

    telegram.behave({ status: 400, description: 'Bad Request: chat not found' });
    const refused = await sendTelegram(target(), 'x').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermanentJobError);
    expect((refused as Error).message).toBe('Telegram: 400 Bad Request: chat not found');
    for (const error of [down, limited, refused]) {
      expect((error as Error).message).not.toContain('secret-token');
    }
  });

  it('gives up on a hung call within its timeout when aborted', async () => {
    telegram.behave('hang');
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    const hung = await sendTelegram(target(), 'x', abort.signal).catch((error: unknown) => error);
    expect((hung as Error).message).toBe('Telegram: aborted');
    expect(hung).not.toBeInstanceOf(PermanentJobError);
  });

  it('calls a down service a retryable failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const gone = await sendTelegram({ ...target(), apiUrl: `http://127.0.0.1:${port}` }, 'x').catch(
      (error: unknown) => error,
    );
    expect((gone as Error).message).toBe('Telegram: ECONNREFUSED');
    expect(gone).not.toBeInstanceOf(PermanentJobError);
  });
});

describe('e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    closeMailTransports();
    await smtp.close();
  });

  it('delivers a text and an HTML part to the mailbox', async () => {
    const mail = renderEmail(facts, { language: 'ru', timeZone: 'Asia/Tashkent' });
    await sendEmail(smtp.url, {
      from: 'site@conveyor.example',
      to: 'sales@conveyor.example',
      ...mail,
    });
    const arrived = smtp.mails.at(-1)!.body;
    expect(arrived.subject).toBe(mail.subject);
    expect(arrived.subject).toMatch(/^Новая заявка #42: Ali/);
    expect(arrived.from?.text).toBe('site@conveyor.example');
    expect(arrived.to && !Array.isArray(arrived.to) ? arrived.to.text : '').toBe(
      'sales@conveyor.example',
    );
    expect(arrived.text).toContain('Телефон: +998901234567');
    expect(arrived.html).toContain('<a href="tel:+998901234567">');
    expect(arrived.html).not.toContain('<script>');
  });

  it('treats an SMTP 5xx refusal as final and a 4xx as worth retrying', async () => {
    const mail = {
      from: 'a@conveyor.example',
      to: 'b@conveyor.example',
      subject: 's',
      text: 't',
      html: 'h',
    };
    smtp.refuse({ code: 550, message: 'mailbox unavailable' });
    const refused = await sendEmail(smtp.url, mail).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PermanentJobError);
    expect((refused as Error).message).toMatch(/^E-mail: 550 /);
    smtp.refuse({ code: 451, message: 'try again later' });
    const later = await sendEmail(smtp.url, mail).catch((error: unknown) => error);
    expect(later).toBeInstanceOf(Error);
    expect(later).not.toBeInstanceOf(PermanentJobError);
  });
});

describe('webhook', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  for (const secret of [
    'whsec_' + Buffer.from('a'.repeat(32)).toString('base64'),
    'plain-secret-1234567890',
  ]) {
    it(`signs in the Standard Webhooks format (${secret.slice(0, 6)}…)`, async () => {
      const body = { type: 'lead.created', data: { id: 42 } };
      const now = new Date();
      await sendWebhook(receiver.url, secret, { id: 'msg_42_telegram', body, now });
      const call = receiver.calls.at(-1)!.body;
      const verifier = secret.startsWith('whsec_')
        ? new Webhook(secret)
        : new Webhook(secret, { format: 'raw' });
      expect(verifier.verify(call.raw, call.headers)).toEqual(body);
      expect(call.headers['webhook-id']).toBe('msg_42_telegram');
      const tampered = call.raw.replace('42', '43');
      expect(() => verifier.verify(tampered, call.headers)).toThrow();
    });
  }

  it('retries a 5xx and gives up on a 4xx', async () => {
    receiver.behave({ status: 503 }, { status: 410 });
    const down = await sendWebhook(receiver.url, 'secret', {
      id: 'a',
      body: {},
      now: new Date(),
    }).catch((error: unknown) => error);
    expect(down).not.toBeInstanceOf(PermanentJobError);
    expect((down as Error).message).toMatch(/503/);
    const gone = await sendWebhook(receiver.url, 'secret', {
      id: 'b',
      body: {},
      now: new Date(),
    }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(PermanentJobError);
  });
});
