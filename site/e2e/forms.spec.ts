import { expect, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { staffToken, storedLead } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

test('the contact form sends a lead, toasts in the page language and resets', async ({
  page,
  request,
}) => {
  await page.goto('/en/contacts');
  const form = page.locator('form[data-form=leads]');
  const name = `Visitor ${Date.now()}`;
  // browser checks first: nothing is sent
  await form.getByLabel('Your name').fill('');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Fill in this field')).toBeVisible();
  await expect(form.getByText('Give a phone number or an e-mail address')).toBeVisible();

  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Phone').fill('+998 90 123 45 67');
  await form.getByLabel('Message').fill('We need a belt conveyor');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-toast=success]')).toHaveText(/Sent successfully/);
  await expect(form.getByLabel('Your name')).toHaveValue('');

  expect(await storedLead(request, name)).toMatchObject({
    name,
    // stored in E.164 by the API
    phone: '+998901234567',
    message: 'We need a belt conveyor',
  });
});

test(
  'a refused contact message keeps its text and marks the field the API named',
  {
    tag: '@phone',
  },
  async ({ page }) => {
    await page.goto('/uz');
    const form = page.locator('form[data-form=leads]');
    await form.scrollIntoViewIfNeeded();
    // a name longer than the API takes (set past the field's maxlength, as a script could) passes
    // the browser's checks and is refused by the API
    const name = form.getByLabel('Ismingiz');
    await name.fill('Aziz');
    await name.evaluate((input: HTMLInputElement) => (input.value = 'x'.repeat(150)));
    await form.getByLabel('Elektron pochta').fill('visitor@example.uz');
    await form.getByLabel('Xabar').fill('Konveyer kerak');
    await form.getByRole('button', { name: 'Yuborish' }).click();
    await expect(page.locator('[data-toast=error]')).toHaveText(/Maʼlumotlar toʻgʻri kiritilmagan/);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    const message = form.locator(`#${await name.getAttribute('aria-describedby')}`);
    await expect(message).toHaveText('Bu maydonni tekshiring');
    await expect(message).toBeVisible();
    await expect(form.getByLabel('Elektron pochta')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveValue('x'.repeat(150));
    await expect(form.getByLabel('Xabar')).toHaveValue('Konveyer kerak');
  },
);

for (const failure of ['a server error', 'a network failure'] as const) {
  test(
    `after ${failure} the contact form keeps the text and asks to try again`,
    {
      tag: '@phone',
    },
    async ({ page, request }) => {
      await page.goto('/en/contacts');
      const form = page.locator('form[data-form=leads]');
      const name = `Visitor ${Date.now()}`;
      const text = 'We need a 1 200 mm belt conveyor.\nCall after 14:00.';
      await page.route('**/api/leads', (route) =>
        failure === 'a server error'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'Server error!' }),
            })
          : route.abort('internetdisconnected'),
      );
      await form.getByLabel('Your name').fill(name);
      await form.getByLabel('Phone').fill('+998 90 123 45 67');
      await form.getByLabel('Message').fill(text);
      await form.getByRole('button', { name: 'Send' }).click();
      const toast = page.locator('[data-toast=error]');
      await expect(toast).toContainText('Sending failed. Your text is kept: please try again.');
      await expect(toast).not.toContainText('not entered correctly');
      await expect(form.getByLabel('Your name')).toHaveValue(name);
      await expect(form.getByLabel('Phone')).toHaveValue('+998 90 123 45 67');
      await expect(form.getByLabel('Message')).toHaveValue(text);
      await expect(form.locator('[aria-invalid=true]')).toHaveCount(0);

      // once the API answers again, the same text goes through as it is
      await page.unroute('**/api/leads');
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(page.locator('[data-toast=success]')).toHaveText(/Sent successfully/);
      await expect(form.getByLabel('Message')).toHaveValue('');
      expect((await storedLead(request, name)).message).toBe(text);
    },
  );
}

test('a refused supplier application keeps its text, in the page language', async ({ page }) => {
  await page.goto('/en/suppliers-inner');
  const form = page.locator('form[data-form=suppliers]');
  // a company name longer than the API takes (set past the field's maxlength, as a script could)
  // passes the browser's checks and is refused by the API
  await form.getByLabel('Company name').fill('Texno');
  await form
    .getByLabel('Company name')
    .evaluate((input: HTMLInputElement) => (input.value = 'x'.repeat(250)));
  await form.getByLabel('Tax ID (INN)').fill('301234567');
  await form.getByLabel('Contact person').fill('Dilshod');
  await form.getByLabel('Phone').fill('+998 71 200 00 00');
  await form.getByLabel('E-mail').fill('sales@texno.uz');
  await form.getByLabel('Your offer').fill('Bearings and chains');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-toast=error]')).toHaveText(/The data was not entered correctly/);
  await expect(page.locator('[data-toast=success]')).toHaveCount(0);
  await expect(form.getByLabel('Company name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Check this field')).toBeVisible();
  await expect(form.getByLabel('Company name')).toHaveValue('x'.repeat(250));
  await expect(form.getByLabel('Your offer')).toHaveValue('Bearings and chains');
});

test('the supplier application checks its fields and reaches the staff', async ({
  page,
  request,
}) => {
  await page.goto('/suppliers-inner');
  await expect(page.locator('#contact-form-title')).toHaveCount(0);
  const form = page.locator('form[data-form=suppliers]');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByText('Заполните это поле')).toHaveCount(6);
  const company = `Texno ${Date.now()}`;
  await form.getByLabel('Название компании').fill(company);
  await form.getByLabel('Количество сотрудников').fill('25');
  await form.getByLabel('ИНН').fill('12');
  await form.getByLabel('Контактное лицо').fill('Дилшод');
  await form.getByLabel('Телефон').fill('+998 71 200 00 00');
  await form.getByLabel('Эл. почта').fill('sales@texno.uz');
  await form.getByLabel('Ваше предложение').fill('Подшипники и цепи');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByText('ИНН — от 9 до 14 цифр')).toBeVisible();
  await form.getByLabel('ИНН').fill('301234567');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.locator('[data-toast=success]')).toHaveText(/Успешно отправлено/);
  await expect(form.getByLabel('Название компании')).toHaveValue('');

  const token = await staffToken(request);
  const rows = (
    await (
      await request.get(`/api/suppliers?q=${encodeURIComponent(company)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()
  ).data;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ company_name: company, partner_count: 25, inn: '301234567' });
});
