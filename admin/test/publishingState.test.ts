import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en.ts';
import { publishingSummary, summaryKey } from '../src/publishing/state.ts';

const live = { release: '20261126T101500', finishedAt: '2026-11-26T10:15:00.000Z' };
const base = { running: false, queued: false, rolledBack: false, live } as const;

const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('the publishing summary', () => {
  it('says an older release is live after a rollback, not "Everything is live"', () => {
    const summary = publishingSummary({ ...base, rolledBack: true } as never);
    expect(summary).toBe('older');
    expect(text(summaryKey(summary))).toBe('An older release is live');
  });

  it('says everything is live when the newest release is', () => {
    const summary = publishingSummary(base as never);
    expect(summary).toBe('idle');
    expect(text(summaryKey(summary))).toBe('Everything is live');
  });

  it('says building or queued before anything else, a rollback included', () => {
    expect(publishingSummary({ ...base, rolledBack: true, running: true } as never)).toBe(
      'running',
    );
    expect(publishingSummary({ ...base, rolledBack: true, queued: true } as never)).toBe('queued');
  });

  it('does not call a site without a live release older', () => {
    expect(publishingSummary({ ...base, rolledBack: true, live: null } as never)).toBe('idle');
  });
});
