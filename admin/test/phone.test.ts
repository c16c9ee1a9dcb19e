import { describe, expect, it } from 'vitest';
import { formatPhone } from '../src/common/PhoneField.tsx';

// Before, phones showed as +998901234567, and could not be called with a tap.
describe('phones', () => {
  it('are grouped as people read them, with a tel: link', () => {
    expect(formatPhone('+998901234567')).toEqual({
      text: '+998 90 123 45 67',
      href: 'tel:+998901234567',
    });
    // a number typed without its country code is Uzbek
    expect(formatPhone('90 123-45-67').text).toBe('+998 90 123 45 67');
    expect(formatPhone('+7 (495) 123-45-67').text).toBe('+7 495 123 45 67');
  });

  it('shows what it cannot read as typed, still callable', () => {
    expect(formatPhone('12')).toEqual({ text: '12', href: 'tel:12' });
  });
});
