// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ContactForm from '../src/components/islands/ContactForm.tsx';
import SupplierForm from '../src/components/islands/SupplierForm.tsx';
import { formTexts } from '../src/components/islands/texts.ts';

// A real HTTP endpoint stands in for the API: it records what the forms send and answers with
// the status the test asks for.
let server: Server;
let endpoint = '';
let status = 201;
/** The message of a refusal (400), in the API's `field: what is wrong` form. */
let refusal = 'name: is required';
const received: { path: string; body: Record<string, unknown> }[] = [];
const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });

beforeAll(async () => {
  server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, accept');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    received.push({ path: request.url ?? '', body: JSON.parse(await readBody(request)) });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        status < 300 ? { data: { id: 1 } } : { error: status === 400 ? refusal : 'Server error!' },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  cleanup();
  received.length = 0;
  status = 201;
  refusal = 'name: is required';
});

const ru = formTexts('ru');
const en = formTexts('en');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}`)) as HTMLInputElement;
/** The kind of the toast that shows `text` ('success' or 'error'), once it shows. */
const toastKind = async (text: string) =>
  (await screen.findByText(text)).closest<HTMLElement>('[data-toast]')?.dataset.toast;
/** The id of the message that describes a field's error, as the field points to it. */
const errorOf = (label: string) => field(label).getAttribute('aria-describedby');

/** The maxLength of each labelled field, in the order given. */
const maxLengths = (labels: string[]) => labels.map((label) => field(label).maxLength);

describe('the contact form island', () => {
  it('takes no more characters than the API', () => {
    render(<ContactForm lang="en" texts={en} endpoint={endpoint} />);
    expect(maxLengths([en.name, en.phone, en.email, en.message])).toEqual([100, 25, 254, 5000]);
  });

  it('explains what is missing in the page language and sends nothing', async () => {
    render(<ContactForm lang="en" texts={en} endpoint={endpoint} />);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: en.send }).closest('form')?.dataset.ready).toBe(
        'true',
      ),
    );
    fireEvent.submit(screen.getByRole('button', { name: en.send }).closest('form')!);
    expect((await screen.findByText(en.error_required)).id).toBe(errorOf(en.name));
    expect(screen.getByText(en.error_contact).id).toBe(errorOf(en.phone));
    expect(field(en.name).getAttribute('aria-invalid')).toBe('true');
    expect(received).toHaveLength(0);
  });

  it('sends a lead, says so with the spec toast and empties itself', async () => {
    render(<ContactForm lang="ru" texts={ru} endpoint={endpoint} />);
    fireEvent.change(field(ru.name), { target: { value: 'Азиз' } });
    fireEvent.change(field(ru.phone), { target: { value: '+998 90 123 45 67' } });
    fireEvent.change(field(ru.message), { target: { value: 'Нужен конвейер' } });
    fireEvent.submit(field(ru.name).closest('form')!);
    expect(await toastKind(ru.toast_success)).toBe('success');
    expect(received).toEqual([
      {
        path: '/api/leads',
        body: {
          name: 'Азиз',
          phone: '+998 90 123 45 67',
          email: '',
          message: 'Нужен конвейер',
          website: '',
          // the visit's context (happy-dom's page: about:blank, no landing stored)
          product_id: null,
          page: expect.any(String),
          language: 'ru',
          referrer: '',
          utm_source: '',
          utm_medium: '',
          utm_campaign: '',
          utm_term: '',
          utm_content: '',
        },
      },
    ]);
    expect(field(ru.name).value).toBe('');
    expect(field(ru.message).value).toBe('');
  });

  it('keeps the text of a refused message and marks the field the API named', async () => {
    status = 400;
    refusal = 'email: must be a valid e-mail address';
    render(<ContactForm lang="uz" texts={formTexts('uz')} endpoint={endpoint} />);
    const uz = formTexts('uz');
    fireEvent.change(field(uz.name), { target: { value: 'Aziz' } });
    fireEvent.change(field(uz.email), { target: { value: 'aziz@example.uz' } });
    fireEvent.change(field(uz.message), { target: { value: 'Konveyer kerak' } });
    fireEvent.submit(field(uz.name).closest('form')!);
    expect(await toastKind('Maʼlumotlar toʻgʻri kiritilmagan')).toBe('error');
    expect(received).toHaveLength(1);
    expect(field(uz.email).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(uz.error_email).id).toBe(errorOf(uz.email));
    expect(field(uz.name).getAttribute('aria-invalid')).toBeNull();
    expect([field(uz.name).value, field(uz.email).value, field(uz.message).value]).toEqual([
      'Aziz',
      'aziz@example.uz',
      'Konveyer kerak',
    ]);
  });

  it('keeps the text when the API fails, and asks to try again rather than blaming the visitor', async () => {
    status = 500;
    render(<ContactForm lang="ru" texts={ru} endpoint={endpoint} />);
    fireEvent.change(field(ru.name), { target: { value: 'Азиз' } });
    fireEvent.change(field(ru.phone), { target: { value: '+998 90 123 45 67' } });
    fireEvent.change(field(ru.message), { target: { value: 'Нужен конвейер' } });
    fireEvent.submit(field(ru.name).closest('form')!);
    expect(await toastKind(ru.toast_send_failed)).toBe('error');
    expect(screen.queryByText(ru.toast_failure)).toBeNull();
    expect(field(ru.name).getAttribute('aria-invalid')).toBeNull();
    expect(field(ru.message).value).toBe('Нужен конвейер');
    expect(field(ru.phone).value).toBe('+998 90 123 45 67');
  });

  it('keeps the text when the API cannot be reached', async () => {
    // a port nobody listens on: the connection is refused
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    render(<ContactForm lang="en" texts={en} endpoint={`http://127.0.0.1:${port}`} />);
    fireEvent.change(field(en.name), { target: { value: 'Aziz' } });
    fireEvent.change(field(en.email), { target: { value: 'aziz@example.uz' } });
    fireEvent.submit(field(en.name).closest('form')!);
    expect(await toastKind(en.toast_send_failed)).toBe('error');
    expect(field(en.name).value).toBe('Aziz');
    expect(field(en.email).value).toBe('aziz@example.uz');
  });
});

describe('a quote from a product page', () => {
  it('shows the product, sends its id, and sends none once the visitor removes it', async () => {
    const product = { id: 7, name: 'Belt conveyor LK-500' };
    render(<ContactForm lang="en" texts={en} endpoint={endpoint} product={product} />);
    expect(screen.getByText(product.name).closest('[data-product]')?.textContent).toContain(
      en.quote_about,
    );
    fireEvent.change(field(en.name), { target: { value: 'Aziz' } });
    fireEvent.change(field(en.email), { target: { value: 'aziz@example.uz' } });
    fireEvent.submit(field(en.name).closest('form')!);
    expect(await toastKind(en.toast_success)).toBe('success');
    expect(received[0]?.body).toMatchObject({ product_id: 7, language: 'en' });

    fireEvent.click(screen.getByRole('button', { name: `${en.quote_remove}: ${product.name}` }));
    expect(screen.queryByText(product.name)).toBeNull();
    fireEvent.change(field(en.name), { target: { value: 'Aziz' } });
    fireEvent.change(field(en.email), { target: { value: 'aziz@example.uz' } });
    fireEvent.submit(field(en.name).closest('form')!);
    await waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]?.body).toMatchObject({ product_id: null });
  });
});

describe('the consent line', () => {
  it('links to the privacy notice of the page language', () => {
    for (const [lang, href] of [
      ['ru', '/privacy'],
      ['uz', '/uz/privacy'],
      ['en', '/en/privacy'],
    ] as const) {
      const texts = formTexts(lang);
      render(<SupplierForm lang={lang} texts={texts} endpoint={endpoint} />);
      expect(screen.getByRole('link', { name: texts.consent_link }).getAttribute('href')).toBe(
        href,
      );
      cleanup();
    }
  });
});

describe('an invalid phone number', () => {
  it('is explained at the phone field in the page language when the API refuses it', async () => {
    status = 400;
    refusal = 'phone: is not a valid phone number';
    const uz = formTexts('uz');
    render(<ContactForm lang="uz" texts={uz} endpoint={endpoint} />);
    fireEvent.change(field(uz.name), { target: { value: 'Aziz' } });
    fireEvent.change(field(uz.phone), { target: { value: '123456' } });
    fireEvent.submit(field(uz.name).closest('form')!);
    const message = await screen.findByText('Telefon raqami notoʻgʻri. Masalan: +998 90 123 45 67');
    expect(message.id).toBe(errorOf(uz.phone));
    expect(field(uz.phone).value).toBe('123456');
  });
});

describe('the supplier application island', () => {
  it('takes no more characters than the API', () => {
    render(<SupplierForm lang="en" texts={en} endpoint={endpoint} />);
    const labels = [
      en.company_name,
      en.partner_count,
      en.inn,
      en.contact_person,
      en.phone,
      en.email,
      en.company_description,
      en.offer,
    ];
    expect(maxLengths(labels)).toEqual([200, 7, 14, 100, 25, 254, 5000, 5000]);
  });

  it('requires the spec fields and posts the employee count as a number', async () => {
    render(<SupplierForm lang="en" texts={en} endpoint={endpoint} />);
    const form = field(en.company_name).closest('form')!;
    fireEvent.submit(form);
    expect(await screen.findAllByText(en.error_required)).toHaveLength(6);
    expect(received).toHaveLength(0);

    const values: [string, string][] = [
      [en.company_name, 'Texno Servis'],
      [en.partner_count, '25'],
      [en.inn, '301234567'],
      [en.contact_person, 'Dilshod'],
      [en.phone, '+998 71 200 00 00'],
      [en.email, 'sales@texno.uz'],
      [en.offer, 'Bearings'],
    ];
    for (const [label, value] of values) fireEvent.change(field(label), { target: { value } });
    fireEvent.submit(form);
    expect(await toastKind(en.toast_success)).toBe('success');
    expect(received[0]?.path).toBe('/api/suppliers');
    expect(received[0]?.body).toMatchObject({
      company_name: 'Texno Servis',
      partner_count: 25,
      inn: '301234567',
      language: 'en',
    });
    // only the context the API takes for an application
    expect(received[0]?.body).not.toHaveProperty('page');
    expect(received[0]?.body).not.toHaveProperty('product_id');
    expect(field(en.company_name).value).toBe('');
  });

  it('shows the failure toast in the page language when the API refuses, and keeps the text', async () => {
    status = 400;
    refusal = 'company_name: must be at most 200 characters';
    const uz = formTexts('uz');
    render(<SupplierForm lang="uz" texts={uz} endpoint={endpoint} />);
    const values: [string, string][] = [
      [uz.company_name, 'Texno Servis'],
      [uz.inn, '301234567'],
      [uz.contact_person, 'Dilshod'],
      [uz.phone, '+998 71 200 00 00'],
      [uz.email, 'sales@texno.uz'],
      [uz.offer, 'Podshipniklar'],
    ];
    for (const [label, value] of values) fireEvent.change(field(label), { target: { value } });
    fireEvent.submit(field(uz.company_name).closest('form')!);
    expect(await toastKind('Maʼlumotlar toʻgʻri kiritilmagan')).toBe('error');
    expect(screen.queryByText(uz.toast_success)).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/api/suppliers');
    expect(field(uz.company_name).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(uz.error_invalid).id).toBe(errorOf(uz.company_name));
    expect(field(uz.company_name).value).toBe('Texno Servis');
    expect(field(uz.offer).value).toBe('Podshipniklar');
  });
});
