import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';

// The public forms: contact messages (leads) and supplier applications are validated on the
// server, rate limited, and guarded by a honeypot. Staff handle leads by status; a visitor sets
// only the fields a visitor fills in.

const supplier = {
  company_name: 'Podshipnik Savdo',
  partner_count: 12,
  inn: '305123456',
  contact_person: 'Rustam',
  phone: '+998 71 234 56 78',
  email: 'sales@example.uz',
  company_description: 'Bearings distributor',
  offer: 'Discounted bearings',
};

describe.skipIf(skipReason)('public forms', () => {
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({ FORM_RATE_LIMIT: 5, TRUST_PROXY: 'true' });
    token = await api.signIn();
  });

  afterAll(() => api?.close());

  const leads = async () => (await api.request('GET', '/api/leads?limit=100', { token })).body;
  // each test posts from its own address (behind a trusted proxy) so that the rate limit test
  // starts from zero
  let address = 10;
  const from = () => ({ 'x-forwarded-for': `203.0.113.${address++}` });

  it('stores a lead with status new and created_at, and staff see the newest first', async () => {
    const headers = from();
    for (const name of ['First', 'Second']) {
      const reply = await api.request('POST', '/api/leads', {
        headers,
        json: { name, email: `${name.toLowerCase()}@example.uz`, phone: '', message: 'Hello' },
      });
      expect(reply.status).toBe(201);
    }
    const list = await leads();
    expect(list.data.map((lead: { name: string }) => lead.name).slice(0, 2)).toEqual([
      'Second',
      'First',
    ]);
    expect(list.data[0]).toMatchObject({ status: 'new', email: 'second@example.uz' });
    expect(Date.parse(list.data[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a lead without a name or without any way to answer it', async () => {
    const noName = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { phone: '+998 90 000 00 00' },
    });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('name: is required');
    const noContact = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'Ali', message: 'hi' },
    });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error).toBe('phone: give a phone number or an e-mail address');
    const badEmail = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'Ali', email: 'ali@' },
    });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toBe('email: must be a valid e-mail address');
    const longMessage = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'Ali', phone: '+998 90 000 00 00', message: 'x'.repeat(5001) },
    });
    expect(longMessage.status).toBe(400);
    expect(longMessage.body.error).toBe('message: must be at most 5000 characters');
  });

  it('quietly drops a submission whose honeypot is filled', async () => {
    const before = (await leads()).total;
    const reply = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ data: { received: true } });
    expect((await leads()).total).toBe(before);
  });

  it('lets staff move a lead through new → in_progress → won, and filter by status', async () => {
    const created = await api.request('POST', '/api/leads', {
      token,
      json: { name: 'Staff lead', phone: '+998 90 1234567' },
    });
    const id = created.body.data.id;
    for (const status of ['in_progress', 'won']) {
      const reply = await api.request('PUT', `/api/leads/${id}`, { token, json: { status } });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({ id, status, name: 'Staff lead' });
    }
    const bad = await api.request('PUT', `/api/leads/${id}`, {
      token,
      json: { status: 'archived' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('status: must be one of: new, in_progress, won, lost, spam');
    const won = await api.request('GET', '/api/leads?status=won', { token });
    expect(won.body.data.map((lead: { id: number }) => lead.id)).toContain(id);
    expect(won.body.data.every((lead: { status: string }) => lead.status === 'won')).toBe(true);
  });

  it('stores a supplier application with the spec’s required fields', async () => {
    const reply = await api.request('POST', '/api/suppliers', { headers: from(), json: supplier });
    expect(reply.status).toBe(201);
    const list = await api.request('GET', '/api/suppliers', { token });
    expect(list.body.data[0]).toMatchObject({
      ...supplier,
      phone: '+998712345678',
      status: 'new',
      assignee_id: null,
      is_active: true,
    });
    const { partner_count: _p, company_description: _d, ...required } = supplier;
    const minimal = await api.request('POST', '/api/suppliers', {
      headers: from(),
      json: required,
    });
    expect(minimal.status).toBe(201);
  });

  it('quietly drops a supplier application whose honeypot is filled', async () => {
    const count = async () =>
      (await api.request('GET', '/api/suppliers?limit=1', { token })).body.total as number;
    const before = await count();
    const reply = await api.request('POST', '/api/suppliers', {
      headers: from(),
      json: { ...supplier, website: 'http://spam.example' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ data: { received: true } });
    expect(await count()).toBe(before);
  });

  it('names the missing or malformed field of a supplier application', async () => {
    for (const [field, value, message] of [
      ['company_name', undefined, 'company_name: is required'],
      ['offer', '', 'offer: must not be empty'],
      ['inn', '12AB', 'inn: must be 9 to 14 digits'],
      ['email', 'nope', 'email: must be a valid e-mail address'],
      ['phone', 'call me', 'phone: must be a phone number (digits, spaces, +, -, brackets)'],
      ['partner_count', -1, 'partner_count: must be >= 0'],
    ] as const) {
      const json: Record<string, unknown> = { ...supplier, [field]: value };
      if (value === undefined) delete json[field];
      const reply = await api.request('POST', '/api/suppliers', { headers: from(), json });
      expect(reply.status, field).toBe(400);
      expect(reply.body.error).toBe(message);
    }
  });

  it('rate limits each address on the public forms, and not staff', async () => {
    const headers = from();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await api.request('POST', '/api/leads', {
            headers,
            json: { name: `n${i}`, phone: '+998 90 1112233' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // one count for both forms: the address is limited on the supplier form too
    const limited = await api.request('POST', '/api/suppliers', { headers, json: supplier });
    expect(limited.status).toBe(429);
    const other = await api.request('POST', '/api/leads', {
      headers: from(),
      json: { name: 'x', phone: '+998 90 1112233' },
    });
    expect(other.status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const staff = await api.request('POST', '/api/leads', {
        token,
        headers,
        json: { name: 's', phone: '+998 90 1112233' },
      });
      expect(staff.status).toBe(201);
    }
  });
});

describe.skipIf(skipReason)('public forms against a hostile visitor', () => {
  const lead = { name: 'Aziz', phone: '+998 90 123 45 67', email: '', message: 'Hello' };
  let api: TestApi;
  let token: string;

  beforeAll(async () => {
    api = await startApi({ FORM_RATE_LIMIT: 4, TRUST_PROXY: 'true' });
    token = await api.signIn();
  });
  afterAll(() => api?.close());

  // every test posts from addresses of its own (behind the trusted proxy)
  let address = 1;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${address++}` });

  describe('the fields a visitor may set', () => {
    it('a lead cannot be created already done; an application cannot set its status', async () => {
      const created = await api.request('POST', '/api/leads', {
        headers: from(),
        json: { ...lead, name: 'Workflow', status: 'done', id: 99999, created_at: '2000-01-01' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ data: { received: true } });
      const stored = (await api.request('GET', '/api/leads?q=Workflow', { token })).body.data[0];
      expect(stored.status).toBe('new');
      expect(stored.id).not.toBe(99999);
      expect(stored.created_at.startsWith('2000')).toBe(false);

      const application = await api.request('POST', '/api/suppliers', {
        headers: from(),
        json: { ...supplier, company_name: 'Flagged', is_active: false },
      });
      expect(application.status).toBe(201);
      const row = (await api.request('GET', '/api/suppliers?q=Flagged', { token })).body.data[0];
      expect(row.is_active).toBe(true);
    });
  });

  describe('one limit for both forms', () => {
    it('counts leads and supplier applications together against the form limit', async () => {
      const headers = from();
      const statuses: number[] = [];
      for (const [path, json] of [
        ['/api/leads', lead],
        ['/api/suppliers', supplier],
        ['/api/leads', lead],
        ['/api/suppliers', supplier],
        ['/api/leads', lead],
        ['/api/suppliers', supplier],
      ] as const) {
        statuses.push((await api.request('POST', path, { headers, json })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
    });
  });
});
