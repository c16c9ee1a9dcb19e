import { AREAS, may, ROLES } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import { actionOfRa, canAccessAs } from '../src/providers/access.ts';

// The back office hides what the API refuses: canAccess answers from the same table.

const user = (id: number, role: string) => ({ id, role }) as { id: number; role: 'admin' };

describe('canAccess by role', () => {
  it('answers every area and action as the shared table does', () => {
    for (const role of ROLES) {
      for (const area of AREAS) {
        for (const action of ['list', 'show', 'export', 'create', 'edit', 'delete']) {
          const expected = may(role, area, actionOfRa(action));
          expect(
            canAccessAs(user(1, role), { action, resource: area }),
            `${role} ${action} ${area}`,
          ).toBe(expected);
        }
      }
    }
  });

  it('reads list, show and export as reading, everything else as changing', () => {
    expect(['list', 'show', 'export', 'read'].map(actionOfRa)).toEqual([
      'read',
      'read',
      'read',
      'read',
    ]);
    expect(['create', 'edit', 'delete', 'clone', 'anything'].map(actionOfRa)).toEqual([
      'write',
      'write',
      'write',
      'write',
      'write',
    ]);
  });

  it('lets an editor and sales open and show their own profile, not delete it', () => {
    for (const role of ['editor', 'sales']) {
      const me = user(7, role);
      expect(canAccessAs(me, { action: 'edit', resource: 'users', record: { id: 7 } })).toBe(true);
      expect(canAccessAs(me, { action: 'edit', resource: 'users', record: { id: '7' } })).toBe(
        true,
      );
      expect(canAccessAs(me, { action: 'edit', resource: 'users', record: { id: 8 } })).toBe(false);
      expect(canAccessAs(me, { action: 'delete', resource: 'users', record: { id: 7 } })).toBe(
        false,
      );
    }
  });

  it("keeps a user's role and switch an admin's, even on their own record", () => {
    const sales = user(7, 'sales');
    for (const field of ['users.role', 'users.is_active']) {
      expect(canAccessAs(sales, { action: 'edit', resource: field, record: { id: 7 } })).toBe(
        false,
      );
      expect(canAccessAs(user(1, 'admin'), { action: 'edit', resource: field })).toBe(true);
    }
    // a field of a resource the role changes is allowed like the resource
    expect(canAccessAs(user(2, 'editor'), { action: 'edit', resource: 'products.is_active' })).toBe(
      true,
    );
    expect(canAccessAs(sales, { action: 'edit', resource: 'products.is_active' })).toBe(false);
  });

  it('refuses nobody, an unknown role and an unknown area', () => {
    expect(canAccessAs(null, { action: 'list', resource: 'products' })).toBe(false);
    expect(canAccessAs(user(1, 'root'), { action: 'list', resource: 'products' })).toBe(false);
    expect(canAccessAs(user(1, 'admin'), { action: 'list', resource: 'secrets' })).toBe(false);
  });
});
