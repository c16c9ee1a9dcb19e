import { expect, test } from './tab.ts';
import { expectToast, signIn } from './helpers.ts';

// Lead delivery in the back office: staff choose the chats, check one with a test
// message, and see on a lead where it went; a refused chat is shown failed and can be retried.
// The e2e server sends Telegram calls to a local stand-in, which knows no chat id -404….

test('staff set the chats, send a test message, and see a lead delivered or failed', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Murojaatlar yetkazilishi' }).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByTestId('channel-telegram')).toContainText('Hali hech narsa yuborilmagan');
  // each card names the one variable that sets its channel up (they all repeated three)
  await expect(page.getByTestId('channel-email')).toContainText(
    'Serverda sozlanmagan: SMTP_URL berilmagan',
  );
  await expect(page.getByTestId('channel-email')).not.toContainText('TELEGRAM_BOT_TOKEN');

  const chats = page.getByRole('textbox', { name: 'Murojaatlar uchun Telegram chatlari' });
  await chats.fill('not a chat');
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expect(page.getByText('Chat id — raqam (-1001234567890) yoki @nom').first()).toBeVisible();
  await chats.fill('-1001, -4040');
  await page.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expectToast(page, 'Yetkazish sozlamalari saqlandi');

  await page.getByRole('textbox', { name: 'Chat yoki manzil' }).fill('-1001');
  await page.getByRole('button', { name: 'Yuborish' }).click();
  await expectToast(page, 'Sinov xabari yetkazildi');
  await page.getByRole('textbox', { name: 'Chat yoki manzil' }).fill('-4049');
  await page.getByRole('button', { name: 'Yuborish' }).click();
  await expectToast(page, /Sinov xabari yetkazilmadi: Telegram: 400 Bad Request: chat not found/);

  // A visitor's lead: one chat takes it, the other refuses it.
  const posted = await page.request.post('/api/leads', {
    data: { name: `E2E delivery ${Date.now()}`, phone: '+998901234567' },
  });
  expect(posted.status()).toBe(201);
  const token = (
    await (
      await page.request.post('/api/signin', {
        data: { user_name: 'admin', password: 'admin-password-1' },
      })
    ).json()
  ).data;
  const [lead] = (
    await (
      await page.request.get('/api/leads?limit=1', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  ).data;
  await page.goto(`/admin/leads/${lead.id}/show`);
  const panel = page.getByTestId('deliveries');
  await expect(panel.getByRole('row').filter({ hasText: '-1001' })).toContainText('Yetkazildi');
  const refused = panel.getByRole('row').filter({ hasText: '-4040' });
  await expect(refused).toContainText('Xato');
  await expect(refused).toContainText('Telegram: 400 Bad Request: chat not found');
  await refused.getByRole('button', { name: 'Qayta urinish' }).click();
  // Tried again, and refused again: still failed, with one more attempt behind it.
  await expect(refused).toContainText('Xato');
});
