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
      JSON.stringify(status < 300 ? { data: { id: 1 } } : { error: 'name: is required' }),
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
    render(<ContactForm texts={en} endpoint={endpoint} />);
    expect(maxLengths([en.name, en.phone, en.email, en.message])).toEqual([100, 25, 254, 5000]);
  });

  it('explains what is missing in the page language and sends nothing', async () => {
    render(<ContactForm texts={en} endpoint={endpoint} />);
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
    render(<ContactForm texts={ru} endpoint={endpoint} />);
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
        },
      },
    ]);
    expect(field(ru.name).value).toBe('');
    expect(field(ru.message).value).toBe('');
  });

  it('shows the failure toast when the API refuses, and still resets', async () => {
    status = 400;
    render(<ContactForm texts={formTexts('uz')} endpoint={endpoint} />);
    const uz = formTexts('uz');
    fireEvent.change(field(uz.name), { target: { value: 'Aziz' } });
    fireEvent.change(field(uz.email), { target: { value: 'aziz@example.uz' } });
    fireEvent.submit(field(uz.name).closest('form')!);
    expect(await toastKind("Ma'lumotlar to'g'ri kiritilmagan")).toBe('error');
    expect(received).toHaveLength(1);
    expect(field(uz.name).value).toBe('');
  });
});

describe('the supplier application island', () => {
  it('takes no more characters than the API', () => {
    render(<SupplierForm texts={en} endpoint={endpoint} />);
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
    render(<SupplierForm texts={en} endpoint={endpoint} />);
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
    });
    expect(field(en.company_name).value).toBe('');
  });

  it('shows the failure toast in the page language when the API refuses, and still resets', async () => {
    status = 400;
    const uz = formTexts('uz');
    render(<SupplierForm texts={uz} endpoint={endpoint} />);
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
    expect(await toastKind("Ma'lumotlar to'g'ri kiritilmagan")).toBe('error');
    expect(screen.queryByText(uz.toast_success)).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]?.path).toBe('/api/suppliers');
    expect(field(uz.company_name).value).toBe('');
    expect(field(uz.offer).value).toBe('');
  });
});
