import {
  describeItems,
  describeParameters,
  type DocumentRecord,
  type Language,
  LANGUAGES,
  type Lead,
  type NotificationSettings,
  type Product,
  recordLabel,
  splitList,
  type Supplier,
} from '@conveyor/shared';
import { describeDuty } from '@conveyor/shared/conveyor';
import type { Config } from '../config.ts';
import { getNotificationSettings } from '../db/repositories/notificationSettings.ts';
import { attributeDefinitions } from '../db/repositories/specs.ts';
import { documents, leads, products, suppliers } from '../db/repositories/tables.ts';
import type { Executor } from '../db/repositories/table.ts';
import type { JobContext, JobRunner } from '../jobs/runner.ts';
import { sendEmail, sendTelegram, sendWebhook } from './channels.ts';
import {
  type NotificationFacts,
  renderEmail,
  renderTelegram,
  type Subject,
  toE164,
} from './message.ts';
import type { JobKindName } from '../jobs/kinds.ts';

// New leads and supplier applications go out to the sales team as jobs (DESIGN section 9):
// one job per channel and target, written in the transaction that stores the record, so a
// record is never kept without its deliveries, nor a delivery queued for a record that was
// not kept. The job reads the record when it runs: staff see what was sent.

export const CHANNELS = ['telegram', 'email', 'webhook'] as const;
export type Channel = (typeof CHANNELS)[number];
export const jobKind = (channel: Channel): JobKindName => `notify.${channel}`;
export const channelOfKind = (kind: string): Channel | null =>
  CHANNELS.find((channel) => jobKind(channel) === kind) ?? null;

export interface DeliveryPayload {
  subject: Subject;
  id: number;
  /** A chat id, an e-mail address or a webhook URL. */
  target: string;
}

/** A test message's, or a record's, delivery: what to send where. */
interface Delivery {
  channel: Channel;
  target: string;
}

/** Where a new record of `subject` goes: the configured channels × the staff's targets. */
export function plannedDeliveries(
  config: Config,
  settings: NotificationSettings,
  subject: Subject,
): Delivery[] {
  const plan: Delivery[] = [];
  if (config.notify.telegram) {
    const chats = subject === 'leads' ? settings.telegram_leads : settings.telegram_suppliers;
    for (const target of splitList(chats)) plan.push({ channel: 'telegram', target });
  }
  if (config.notify.smtp) {
    const boxes = subject === 'leads' ? settings.email_leads : settings.email_suppliers;
    for (const target of splitList(boxes)) plan.push({ channel: 'email', target });
  }
  for (const target of config.notify.webhook?.urls ?? []) plan.push({ channel: 'webhook', target });
  return plan;
}

/** The job reference of a record's deliveries. */
export const deliveryRef = (subject: Subject, id: number) => `${subject}:${id}`;

/**
 * Queues the deliveries of a new record inside `db`, its transaction. The caller wakes the
 * runner once that transaction has committed.
 */
export async function queueDeliveries(
  jobs: JobRunner,
  config: Config,
  db: Executor,
  subject: Subject,
  id: number,
): Promise<number> {
  const plan = plannedDeliveries(config, await getNotificationSettings(db), subject);
  for (const delivery of plan) {
    await jobs.enqueue(
      jobKind(delivery.channel),
      { subject, id, target: delivery.target } satisfies DeliveryPayload,
      { db, ref: deliveryRef(subject, id) },
    );
  }
  return plan.length;
}

function leadFacts(
  lead: Lead,
  product: Product | undefined,
  config: Pick<Config, 'adminUrl' | 'siteUrl'>,
  language: Language,
  parameters: string[] = [],
  document?: DocumentRecord,
  items: string[] = [],
): NotificationFacts {
  // The page as an address staff can open; the path is the visitor's, so it stays text.
  const page = lead.page && config.siteUrl ? `${config.siteUrl}${lead.page}` : lead.page;
  return {
    subject: 'leads',
    id: lead.id,
    createdAt: lead.created_at,
    fields: [
      { label: 'name', value: lead.name },
      { label: 'phone', value: lead.phone, kind: 'phone' },
      { label: 'email', value: lead.email, kind: 'email' },
      { label: 'message', value: lead.message },
      {
        label: 'product',
        value: product ? `${productName(product, language)} (#${product.id})` : '',
      },
      // the "on request" document the buyer asked for
      {
        label: 'document',
        value: document ? `${recordLabel('documents', document, language)} (#${document.id})` : '',
      },
      // the quote basket's products, each with its quantity and what was asked of it
      { label: 'items', value: items.join('\n') },
      // the buyer's parameters of a quote request, with their units
      { label: 'parameters', value: parameters.join('\n') },
      // the calculator's duty a quote was asked with, and the belt and drive it came to
      { label: 'duty', value: lead.duty ? describeDuty(lead.duty, language).join('\n') : '' },
      { label: 'page', value: page },
      { label: 'language', value: lead.language },
    ],
    adminUrl: `${config.adminUrl}/leads/${lead.id}/show`,
  };
}

/** A product's name in the staff's language, or in another when that one is empty. */
function productName(product: Product, language: Language): string {
  const names = [language, ...LANGUAGES].map((lang) => product[`name_${lang}`]);
  return names.find((name) => name.trim() !== '') ?? '';
}

function supplierFacts(supplier: Supplier, adminUrl: string): NotificationFacts {
  return {
    subject: 'suppliers',
    id: supplier.id,
    createdAt: supplier.created_at,
    fields: [
      { label: 'company_name', value: supplier.company_name },
      { label: 'contact_person', value: supplier.contact_person },
      { label: 'phone', value: supplier.phone, kind: 'phone' },
      { label: 'email', value: supplier.email, kind: 'email' },
      { label: 'inn', value: supplier.inn },
      { label: 'partner_count', value: supplier.partner_count?.toString() ?? '' },
      { label: 'offer', value: supplier.offer },
    ],
    adminUrl: `${adminUrl}/suppliers/${supplier.id}`,
  };
}

/** Sends one message to one target; throws as the channels do. */
export async function deliver(
  config: Config,
  settings: NotificationSettings,
  delivery: Delivery,
  facts: NotificationFacts,
  message: { id: string; signal?: AbortSignal },
): Promise<void> {
  const options = { language: settings.language, timeZone: settings.time_zone };
  switch (delivery.channel) {
    case 'telegram': {
      if (!config.notify.telegram) throw new Error('Telegram is not configured');
      const { token, apiUrl } = config.notify.telegram;
      await sendTelegram(
        { apiUrl, token, chatId: delivery.target },
        renderTelegram(facts, options),
        message.signal,
      );
      return;
    }
    case 'email': {
      if (!config.notify.smtp) throw new Error('E-mail is not configured');
      const mail = renderEmail(facts, options);
      await sendEmail(config.notify.smtp.url, {
        from: config.notify.smtp.from,
        to: delivery.target,
        ...mail,
      });
      return;
    }
    case 'webhook': {
      if (!config.notify.webhook) throw new Error('Webhooks are not configured');
      await sendWebhook(
        delivery.target,
        config.notify.webhook.secret,
        {
          id: message.id,
          body: {
            type: facts.subject === 'leads' ? 'lead.created' : 'supplier_application.created',
            timestamp: new Date().toISOString(),
            data: {
              ...Object.fromEntries(
                facts.fields.map((f) => [f.label, f.kind === 'phone' ? toE164(f.value) : f.value]),
              ),
              id: facts.id,
              created_at: facts.createdAt,
              admin_url: facts.adminUrl,
            },
          },
          now: new Date(),
        },
        message.signal,
      );
      return;
    }
  }
}

/** The facts of a stored record, or null when it is gone (deleted before its delivery). */
async function factsOf(
  db: Executor,
  config: Config,
  subject: Subject,
  id: number,
  language: Language,
): Promise<NotificationFacts | null> {
  if (subject === 'leads') {
    const lead = await leads.get(db, id);
    if (!lead) return null;
    const product = lead.product_id ? await products.get(db, lead.product_id) : undefined;
    const document = lead.document_id ? await documents.get(db, lead.document_id) : undefined;
    const attributes = await attributeDefinitions(db, [
      ...lead.parameters.map((parameter) => parameter.attribute_id),
      ...lead.items.flatMap((item) => item.parameters.map((parameter) => parameter.attribute_id)),
    ]);
    const parameters = describeParameters(lead.parameters, attributes, language);
    const items = describeItems(lead.items, attributes, language);
    return leadFacts(lead, product, config, language, parameters, document, items);
  }
  const supplier = await suppliers.get(db, id);
  return supplier ? supplierFacts(supplier, config.adminUrl) : null;
}

/** A made-up lead, for the settings screen's "send a test message". */
export function testFacts(config: Config, now: Date): NotificationFacts {
  return {
    subject: 'leads',
    id: 0,
    createdAt: now.toISOString(),
    fields: [
      { label: 'name', value: 'Test' },
      { label: 'message', value: '✓' },
    ],
    adminUrl: `${config.adminUrl}/leads`,
  };
}

/** Defines the delivery job kinds on the runner. */
export function defineDeliveryJobs(jobs: JobRunner, config: Config, db: Executor): void {
  for (const channel of CHANNELS) {
    jobs.define<DeliveryPayload>(jobKind(channel), {
      // About a day of tries: 5 s, 10 s, 20 s … capped at 30 min between them.
      maxAttempts: 12,
      backoff: { baseMs: 5_000, maxMs: 30 * 60_000 },
      leaseMs: 60_000,
      async run(payload, context: JobContext) {
        const settings = await getNotificationSettings(db);
        const facts = await factsOf(db, config, payload.subject, payload.id, settings.language);
        if (!facts) {
          context.log.info({ ref: context.job.ref }, 'record deleted before its delivery');
          return;
        }
        await deliver(config, settings, { channel, target: payload.target }, facts, {
          id: `job_${context.job.id}`,
          signal: context.signal,
        });
      },
    });
  }
}
