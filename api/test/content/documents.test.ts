import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteData } from '../../src/publish/siteData.ts';
import { type TestApi, startApi } from '../helpers/api.ts';
import { skipReason } from '../helpers/database.ts';
import { file } from '../helpers/images.ts';

// Documents and drawings of products, projects and categories: accepted by their bytes, limited
// in size and number, served so that a PDF opens sandboxed and the others download, handed to
// anonymous readers only when active, shown and not "on request", and carried by the paths a
// record takes (drafts, revisions, the trash with its owner, the site's snapshot). Runs on
// SQLite and PostgreSQL.

const bytes = (text: string, size = 0) => {
  const head = Buffer.from(text, 'latin1');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};
const SAMPLES = {
  pdf: bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  dwg: bytes('AC1032\0\0\0\0\0\0\0\0', 600),
  dxf: bytes('999\nmade by a test\n  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n'),
  step: bytes("ISO-10303-21;\nHEADER;\nFILE_NAME('roller.step');\nENDSEC;\nEND-ISO-10303-21;\n"),
  zip: Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]),
};

async function storedDocuments(api: TestApi): Promise<string[]> {
  const root = join(api.dataDir, 'uploads', 'documents');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe.skipIf(skipReason)('documents', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  let productId: number;
  let projectId: number;

  beforeAll(async () => {
    api = await startApi({
      SEED_DEMO: false,
      TRASH_DAYS: '30',
      DOCUMENT_MAX_MB: 0.01,
      DOCUMENTS_PER_RECORD: 3,
    });
    token = await api.signIn();
    const create = async (path: string, json: object) =>
      (await api.request('POST', path, { token, json })).body.data.id as number;
    categoryId = await create('/api/categories', { name_en: 'Belt conveyors' });
    productId = await create('/api/products', { name_en: 'LK-500', category_id: categoryId });
    projectId = await create('/api/project', { title_en: 'Cement plant', link: 'https://a.uz' });
  });
  afterAll(() => api?.close());

  const form = (fields: Record<string, string>, upload?: { data: Buffer; name: string }) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    if (upload) body.append('file', file(upload.data, upload.name, 'application/octet-stream'));
    return body;
  };
  const post = (fields: Record<string, string>, upload?: { data: Buffer; name: string }) =>
    api.request('POST', '/api/documents', { token, form: form(fields, upload) });
  const ofProduct = { kind: 'datasheet', title_en: 'Datasheet', product_id: '' };

  it('takes each format by its bytes and serves a PDF inline, sandboxed, and the rest as downloads', async () => {
    const owner = { product_id: String(productId) };
    const pdf = await post(
      { ...ofProduct, ...owner, title_ru: 'Паспорт', languages: 'ru' },
      { data: SAMPLES.pdf, name: 'Паспорт LK-500 (ред. B).PDF' },
    );
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(201);
    expect(pdf.body.data).toMatchObject({
      kind: 'datasheet',
      product_id: productId,
      project_id: null,
      category_id: null,
      languages: ['ru'],
      on_request: false,
      file_name: 'Паспорт-LK-500-ред-B.pdf',
      file_size: SAMPLES.pdf.length,
      file_format: 'pdf',
    });
    const opened = await api.request('GET', pdf.body.data.url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('content-security-policy')).toBe('sandbox');
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    expect(opened.headers.get('content-disposition')).toMatch(/^inline; filename="/);
    expect(opened.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Паспорт-LK-500-ред-B.pdf')}`,
    );

    const drawings = [
      ['dwg', 'roller.dwg'],
      ['dxf', 'frame.dxf'],
      ['step', 'drum.stp'],
    ] as const;
    for (const [format, name] of drawings) {
      const created = await post(
        { kind: 'drawing', title_en: name, project_id: String(projectId) },
        { data: SAMPLES[format], name },
      );
      expect(created.status, `${format}: ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body.data.file_format).toBe(format);
      const got = await api.request('GET', created.body.data.url);
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const zip = await post(
      { kind: 'other', title_en: 'CAD pack', category_id: String(categoryId) },
      { data: SAMPLES.zip, name: 'pack.zip' },
    );
    expect(zip.status).toBe(201);
    expect(zip.body.data.file_format).toBe('zip');
  });

  it('refuses what is not a document, a lying name, too large a file, and leaves nothing behind', async () => {
    const before = await storedDocuments(api);
    const owner = { ...ofProduct, product_id: String(productId) };
    const exe = await post(owner, { data: bytes('MZ\x90\0\x03', 200), name: 'manual.pdf' });
    expect([exe.status, exe.body.code]).toEqual([415, 'documents.unsupported']);
    const html = await post(owner, { data: bytes('<html><script>x</script>'), name: 'a.pdf' });
    expect(html.body.code).toBe('documents.unsupported');
    // a PDF that says it is a drawing
    const lying = await post(owner, { data: SAMPLES.pdf, name: 'drawing.dwg' });
    expect([lying.status, lying.body.code, lying.body.field]).toEqual([
      400,
      'documents.extensionMismatch',
      'file',
    ]);
    const large = await post(owner, { data: bytes('%PDF-1.7\n', 20_000), name: 'big.pdf' });
    expect([large.status, large.body.code]).toEqual([413, 'documents.fileTooLarge']);
    // an image is not a document
    const picture = await post(owner, { data: bytes('\x89PNG\r\n\x1a\n', 100), name: 'a.png' });
    expect(picture.body.code).toBe('documents.unsupported');
    expect(await storedDocuments(api)).toEqual(before);
  });

  it('belongs to exactly one record, has a file unless on request, and at most so many per record', async () => {
    const none = await post(
      { kind: 'manual', title_en: 'Manual' },
      { data: SAMPLES.pdf, name: 'm.pdf' },
    );
    expect([none.status, none.body.code]).toEqual([400, 'documents.oneOwner']);
    const two = await post(
      {
        kind: 'manual',
        title_en: 'M',
        product_id: String(productId),
        project_id: String(projectId),
      },
      { data: SAMPLES.pdf, name: 'm.pdf' },
    );
    expect(two.body.code).toBe('documents.oneOwner');
    const missing = await post({ kind: 'manual', title_en: 'M', product_id: '999999' });
    expect(missing.body.code).toBe('referenceMissing');
    const noFile = await post({ kind: 'manual', title_en: 'M', product_id: String(productId) });
    expect([noFile.status, noFile.body.code]).toEqual([400, 'documents.fileRequired']);
    const untitled = await post({
      kind: 'manual',
      product_id: String(productId),
      on_request: 'true',
    });
    expect(untitled.body.code).toBe('oneLanguage');

    // the product has one (the first test's PDF): two more fit, the fourth does not
    const before = await storedDocuments(api);
    for (const title of ['Manual', 'Certificate']) {
      const created = await post({
        kind: 'manual',
        title_en: title,
        product_id: String(productId),
        on_request: 'true',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    const fourth = await post(
      { kind: 'manual', title_en: 'One too many', product_id: String(productId) },
      { data: SAMPLES.pdf, name: 'm.pdf' },
    );
    expect([fourth.status, fourth.body.code]).toEqual([400, 'documents.tooMany']);
    expect(await storedDocuments(api)).toEqual(before);
    // moving one onto a full record is refused too, and leaves it where it was
    const other = (await api.request('GET', `/api/documents?project_id=${projectId}`, { token }))
      .body.data[0];
    const moved = await api.request('PUT', `/api/documents/${other.id}`, {
      token,
      json: { project_id: null, product_id: productId },
    });
    expect(moved.body.code).toBe('documents.tooMany');
    expect(
      (await api.request('GET', `/api/documents/${other.id}`, { token })).body.data.project_id,
    ).toBe(projectId);
  });

  it('hands anonymous readers the active, shown documents, without the file of one on request', async () => {
    const all = (await api.request('GET', `/api/documents?product_id=${productId}`, { token })).body
      .data as { id: number; on_request: boolean; url: string | null; title_en: string }[];
    const onRequest = all.find((document) => document.on_request)!;
    const open = await api.request('GET', `/api/documents?product_id=${productId}`);
    expect(open.body.data).toHaveLength(3);
    const anonymous = open.body.data.find((d: { id: number }) => d.id === onRequest.id);
    expect(anonymous).toMatchObject({ on_request: true, url: null, file: null });
    expect((await api.request('GET', `/api/documents/${onRequest.id}`)).body.data.url).toBeNull();

    // hidden: the document itself, or what it belongs to
    const datasheet = all.find((document) => document.title_en === 'Datasheet')!;
    await api.request('PUT', `/api/documents/${datasheet.id}`, {
      token,
      json: { is_active: false },
    });
    expect((await api.request('GET', `/api/documents/${datasheet.id}`)).status).toBe(404);
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: false } });
    expect((await api.request('GET', `/api/documents?product_id=${productId}`)).body.data).toEqual(
      [],
    );
    await api.request('PUT', `/api/products/${productId}`, { token, json: { is_active: true } });
    await api.request('PUT', `/api/documents/${datasheet.id}`, {
      token,
      json: { is_active: true },
    });

    // the site's snapshot holds what anonymous readers get
    const data = await readSiteData(api.app.db);
    const inSite = data.documents.filter((document) => document.product_id === productId);
    expect(inSite.map((document) => document.id).sort()).toEqual(all.map((d) => d.id).sort());
    expect(inSite.find((document) => document.id === onRequest.id)?.url).toBeNull();
    expect(inSite.find((document) => document.id === datasheet.id)?.url).toBe(datasheet.url);
  });

  it('keeps the file a draft, a revision or the trash still needs, and brings it back', async () => {
    const owner = { kind: 'drawing', title_en: 'Layout', category_id: String(categoryId) };
    const created = await post(owner, { data: SAMPLES.dxf, name: 'layout.dxf' });
    const id = created.body.data.id as number;
    const first = created.body.data.file as string;
    // a draft with a new file: the live record keeps its own
    const draft = await api.request('PUT', `/api/documents/${id}/draft`, {
      token,
      form: form({}, { data: SAMPLES.step, name: 'layout.step' }),
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect((await api.request('GET', `/api/documents/${id}`)).body.data.file).toBe(first);
    const published = await api.request('POST', `/api/documents/${id}/draft/publish`, { token });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.data.file_format).toBe('step');
    // the first file stays for the revision that shows it, and a restore brings it back
    expect((await api.request('GET', created.body.data.url)).status).toBe(200);
    const revisions = (await api.request('GET', `/api/documents/${id}/revisions`, { token })).body
      .data as { id: number; action: string }[];
    const createdRevision = revisions.find((revision) => revision.action === 'create')!;
    const restored = await api.request(
      'POST',
      `/api/documents/${id}/revisions/${createdRevision.id}/restore`,
      { token, json: {} },
    );
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.data.file).toBe(first);

    // deleting the category... is refused while it has products; a project takes its
    // documents to the trash and back
    const drawings = (await api.request('GET', `/api/documents?project_id=${projectId}`, { token }))
      .body.data as { id: number; url: string }[];
    expect((await api.request('DELETE', `/api/project/${projectId}`, { token })).status).toBe(200);
    expect(
      (await api.request('GET', `/api/documents?project_id=${projectId}`, { token })).body.total,
    ).toBe(0);
    expect((await api.request('GET', drawings[0]!.url)).status).toBe(200);
    const trash = (await api.request('GET', '/api/trash?limit=100', { token })).body.data as {
      id: number;
      resource: string;
      record_id: number;
    }[];
    const item = trash.find(
      (entry) => entry.resource === 'project' && entry.record_id === projectId,
    )!;
    expect(
      (await api.request('POST', `/api/trash/${item.id}/restore`, { token, json: {} })).status,
    ).toBe(200);
    const back = (await api.request('GET', `/api/documents?project_id=${projectId}`, { token }))
      .body.data as { id: number; url: string }[];
    expect(back.map((document) => document.id)).toEqual(drawings.map((document) => document.id));
    expect(back.map((document) => document.url)).toEqual(drawings.map((document) => document.url));
  });

  it('lets a lead name the document it asks for', async () => {
    const onRequest = (
      await api.request('GET', `/api/documents?product_id=${productId}`)
    ).body.data.find((document: { on_request: boolean }) => document.on_request);
    const lead = await api.request('POST', '/api/leads', {
      json: {
        name: 'Aziz',
        phone: '+998901234567',
        product_id: productId,
        document_id: onRequest.id,
      },
    });
    expect(lead.status, JSON.stringify(lead.body)).toBe(201);
    const stored = (await api.request('GET', '/api/leads?limit=1', { token })).body.data[0];
    expect(stored).toMatchObject({ product_id: productId, document_id: onRequest.id });
    // one deleted since the page was built is no reason to lose the lead
    const late = await api.request('POST', '/api/leads', {
      json: { name: 'Aziz', phone: '+998901234567', document_id: 999999 },
    });
    expect(late.status).toBe(201);
  });
});

// The cap per record (DOCUMENTS_PER_RECORD, 10 by default) on every path that can put a document
// on a record: uploads at the same moment, a draft's publish (by hand or at its scheduled time),
// a revision's restore, a restore from the trash. A refusal leaves everything as it was.
describe.skipIf(skipReason)('the documents cap', () => {
  let api: TestApi;
  let token: string;
  let categoryId: number;
  const CAP = 10;

  beforeAll(async () => {
    api = await startApi({ SEED_DEMO: false, TRASH_DAYS: '30' });
    expect(api.config.uploads.documentsPerRecord).toBe(CAP);
    token = await api.signIn();
    categoryId = (
      await api.request('POST', '/api/categories', { token, json: { name_en: 'Belt conveyors' } })
    ).body.data.id;
  });
  afterAll(() => api?.close());

  const newProduct = async (name: string) =>
    (
      await api.request('POST', '/api/products', {
        token,
        json: { name_en: name, category_id: categoryId },
      })
    ).body.data.id as number;
  const upload = (productId: number, title: string) => {
    const body = new FormData();
    body.append('kind', 'datasheet');
    body.append('title_en', title);
    body.append('product_id', String(productId));
    body.append('file', file(SAMPLES.pdf, `${title}.pdf`, 'application/pdf'));
    return api.request('POST', '/api/documents', { token, form: body });
  };
  const onRequest = (productId: number, title: string) =>
    api.request('POST', '/api/documents', {
      token,
      json: { kind: 'manual', title_en: title, product_id: productId, on_request: true },
    });
  const documentsOf = async (productId: number) =>
    (await api.request('GET', `/api/documents?product_id=${productId}&limit=100`, { token })).body
      .data as { id: number; title_en: string; product_id: number }[];
  /** A product with `count` documents (on request: no file to store). */
  const productWith = async (name: string, count: number) => {
    const id = await newProduct(name);
    for (let i = 0; i < count; i++) expect((await onRequest(id, `${name} ${i}`)).status).toBe(201);
    return id;
  };

  it('holds under 20 uploads to one record at the same moment: exactly the cap is kept', async () => {
    const productId = await newProduct('Crowded');
    const before = await storedDocuments(api);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(productId, `sheet-${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAP);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect([refused.status, refused.body.code]).toEqual([400, 'documents.tooMany']);
    }
    expect(await documentsOf(productId)).toHaveLength(CAP);
    // the refused uploads' files are gone, the kept ones' stay
    expect((await storedDocuments(api)).length - before.length).toBe(CAP);
  });

  it('holds when a draft moves a document onto a full record: the publish is refused, the draft kept', async () => {
    const full = await productWith('Full by draft', CAP);
    const other = await productWith('Other by draft', 1);
    const [moving] = await documentsOf(other);
    const draft = await api.request('PUT', `/api/documents/${moving!.id}/draft`, {
      token,
      json: { product_id: full },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const published = await api.request('POST', `/api/documents/${moving!.id}/draft/publish`, {
      token,
    });
    expect([published.status, published.body.code]).toEqual([400, 'documents.tooMany']);
    expect(await documentsOf(full)).toHaveLength(CAP);
    expect(
      (await api.request('GET', `/api/documents/${moving!.id}`, { token })).body.data,
    ).toMatchObject({ product_id: other });
    expect(
      (await api.request('GET', `/api/documents/${moving!.id}/draft`, { token })).body.data.data,
    ).toEqual({ product_id: full });

    // at its scheduled publish time too: the job's attempt changes nothing
    const scheduled = await api.request('PUT', `/api/documents/${moving!.id}/schedule`, {
      token,
      json: { publish_at: new Date().toISOString() },
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await api.app.db.kysely
              .selectFrom('jobs')
              .select(['attempts', 'last_error'])
              .where('kind', '=', 'schedule.due')
              .executeTakeFirst()
          )?.last_error ?? null,
        { timeout: 10_000 },
      )
      .toContain('at most');
    expect(await documentsOf(full)).toHaveLength(CAP);
    expect((await documentsOf(other)).map((document) => document.id)).toEqual([moving!.id]);
  });

  it('holds when a revision or the trash would bring a document back onto a full record', async () => {
    const first = await productWith('First', CAP - 1);
    const second = await newProduct('Second');
    const created = await onRequest(first, 'Wanderer');
    const id = created.body.data.id as number;
    // moved away, then the first fills up again
    expect(
      (await api.request('PUT', `/api/documents/${id}`, { token, json: { product_id: second } }))
        .status,
    ).toBe(200);
    expect((await onRequest(first, 'Newcomer')).status).toBe(201);
    const revisions = (await api.request('GET', `/api/documents/${id}/revisions`, { token })).body
      .data as { id: number; action: string }[];
    const onFirst = revisions.find((revision) => revision.action === 'create')!;
    const restored = await api.request(
      'POST',
      `/api/documents/${id}/revisions/${onFirst.id}/restore`,
      { token, json: {} },
    );
    expect([restored.status, restored.body.code]).toEqual([400, 'documents.tooMany']);
    expect((await api.request('GET', `/api/documents/${id}`, { token })).body.data.product_id).toBe(
      second,
    );
    expect(await documentsOf(first)).toHaveLength(CAP);

    // deleted from the first, which fills up again meanwhile: the trash keeps it
    const third = await productWith('Third', CAP);
    const [leaving] = await documentsOf(third);
    expect((await api.request('DELETE', `/api/documents/${leaving!.id}`, { token })).status).toBe(
      200,
    );
    expect((await onRequest(third, 'Replacement')).status).toBe(201);
    const trash = (await api.request('GET', '/api/trash?resource=documents&limit=100', { token }))
      .body.data as { id: number; record_id: number }[];
    const item = trash.find((entry) => entry.record_id === leaving!.id)!;
    const back = await api.request('POST', `/api/trash/${item.id}/restore`, { token, json: {} });
    expect([back.status, back.body.code]).toEqual([400, 'documents.tooMany']);
    expect(await documentsOf(third)).toHaveLength(CAP);
    expect((await api.request('GET', `/api/trash/${item.id}`, { token })).status).toBe(200);
    // room made, it comes back
    const [any] = await documentsOf(third);
    await api.request('DELETE', `/api/documents/${any!.id}`, { token });
    const again = await api.request('POST', `/api/trash/${item.id}/restore`, { token, json: {} });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await documentsOf(third)).toHaveLength(CAP);
  });
});
