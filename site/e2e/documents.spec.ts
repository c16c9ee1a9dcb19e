import { expect, type APIRequestContext, test } from '@playwright/test';
import { chromiumSkipReason } from '../../scripts/e2e/playwright.ts';
import { LANGS, localized, storedLead } from './helpers.ts';

test.skip(chromiumSkipReason !== null, chromiumSkipReason ?? '');

// A buyer takes a product's documents away: the datasheet opens in the browser (a sandboxed
// PDF), the drawing downloads under its own name, and a manual given on request is asked for
// with the contact form, the lead naming it. In each language.

const TEXTS = {
  ru: {
    heading: 'Документы',
    request: 'Запросить',
    name: 'Ваше имя',
    phone: 'Телефон',
    send: 'Отправить',
  },
  uz: {
    heading: 'Hujjatlar',
    request: 'Soʻrash',
    name: 'Ismingiz',
    phone: 'Telefon',
    send: 'Yuborish',
  },
  en: { heading: 'Documents', request: 'Request', name: 'Your name', phone: 'Phone', send: 'Send' },
} as const;

interface Doc {
  id: number;
  product_id: number | null;
  file_format: string | null;
  file_name: string | null;
  on_request: boolean;
}

/** A demo product with a datasheet, a drawing and a manual given on request, and its page. */
async function productWithDocuments(request: APIRequestContext) {
  const documents = (await (await request.get('/api/documents?limit=100')).json()).data as Doc[];
  const of = (id: number) => documents.filter((document) => document.product_id === id);
  const productId = [...new Set(documents.map((document) => document.product_id))].find((id) => {
    const own = id === null ? [] : of(id);
    return (
      own.some((d) => d.file_format === 'pdf') &&
      own.some((d) => d.file_format === 'dxf') &&
      own.some((d) => d.on_request)
    );
  });
  expect(productId, 'the demo has a product with all three').toBeTruthy();
  const product = (await (await request.get(`/api/products/${productId}`)).json()).data;
  const own = of(productId!);
  return {
    path: `/catalog/${product.category_id}/products/${productId}`,
    pdf: own.find((d) => d.file_format === 'pdf')!,
    drawing: own.find((d) => d.file_format === 'dxf')!,
    onRequest: own.find((d) => d.on_request)!,
  };
}

for (const [lang, prefix] of LANGS) {
  test(`a datasheet opens, a drawing downloads, a manual is asked for (${lang})`, async ({
    page,
    request,
  }) => {
    const texts = TEXTS[lang];
    const { path, pdf, drawing, onRequest } = await productWithDocuments(request);
    await page.goto(localized(prefix, path));
    const section = page.locator('[data-documents]');
    await expect(section.getByRole('heading', { name: texts.heading })).toBeVisible();

    // the datasheet: a new tab, and a PDF the browser shows sandboxed, never sniffed
    const datasheet = section.locator(`[data-document="${pdf.id}"] a`);
    await expect(datasheet).toHaveAttribute('target', '_blank');
    const opened = await request.get((await datasheet.getAttribute('href'))!);
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    expect(opened.headers()['content-security-policy']).toBe('sandbox');
    expect(opened.headers()['x-content-type-options']).toBe('nosniff');
    expect(opened.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // the drawing: a download under its own name
    const downloading = page.waitForEvent('download');
    await section.locator(`[data-document="${drawing.id}"] a`).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(drawing.file_name);
    const saved = await request.get(
      (await section.locator(`[data-document="${drawing.id}"] a`).getAttribute('href'))!,
    );
    expect(saved.headers()['content-disposition']).toBe(
      `attachment; filename="${drawing.file_name}"`,
    );

    // the manual on request: no file, a button that names it in the contact form
    const manual = section.locator(`[data-document="${onRequest.id}"]`);
    await expect(manual.locator('a[href*="/uploads/"]')).toHaveCount(0);
    const title = (await manual.locator('.document-title').textContent())!;
    await manual.getByRole('link', { name: texts.request }).click();
    const line = page.locator('[data-requested-document]');
    await expect(line).toBeVisible();
    await expect(line).toContainText(title);
    const form = page.locator('#contact-form form[data-form=leads]');
    await expect(form.locator('textarea[name=message]')).toHaveValue(new RegExp(title));
    const name = `Document buyer ${lang} ${Date.now()}`;
    await form.getByLabel(texts.name).fill(name);
    await form.getByLabel(texts.phone).fill('+998 90 123 45 67');
    await form.getByRole('button', { name: texts.send }).click();
    await expect(page.locator('[data-toast=success]')).toBeVisible();
    await expect(line).toBeHidden();

    const lead = await storedLead(request, name);
    expect(lead).toMatchObject({ document_id: onRequest.id, language: lang });
    expect(lead.message).toContain(title);
  });
}
