import { HONEYPOT_FIELD } from '@conveyor/shared';
import { describe, expect, it } from 'vitest';
import { apiErrors, toBody, validateLead, validateSupplier } from '../src/lib/forms.ts';

describe('contact form checks', () => {
  it('want a name and a phone or an e-mail', () => {
    expect(validateLead({ name: '', phone: '', email: '', message: '' })).toEqual({
      name: 'error_required',
      phone: 'error_contact',
    });
    expect(
      validateLead({ name: 'Aziz', phone: '+998 90 123 45 67', email: '', message: '' }),
    ).toEqual({});
    expect(
      validateLead({ name: 'Aziz', phone: '', email: 'aziz@example.uz', message: '' }),
    ).toEqual({});
  });

  it('reject a malformed phone or e-mail', () => {
    expect(validateLead({ name: 'Aziz', phone: 'call me', email: 'aziz@', message: '' })).toEqual({
      phone: 'error_phone',
      email: 'error_email',
    });
  });
});

describe('supplier application checks', () => {
  const valid = {
    company_name: 'Texno Servis',
    partner_count: '25',
    inn: '301234567',
    contact_person: 'Dilshod',
    phone: '+998 71 200 00 00',
    email: 'sales@texno.uz',
    company_description: '',
    offer: 'Bearings and chains',
  };

  it('accept a complete application, the employee count and description being optional', () => {
    expect(validateSupplier(valid)).toEqual({});
    expect(validateSupplier({ ...valid, partner_count: '' })).toEqual({});
  });

  it('name every missing required field', () => {
    expect(Object.keys(validateSupplier({})).sort()).toEqual(
      ['company_name', 'contact_person', 'email', 'inn', 'offer', 'phone'].sort(),
    );
  });

  it('check the tax id, the count and the contacts', () => {
    expect(validateSupplier({ ...valid, inn: '12ab', partner_count: '-3', email: 'x' })).toEqual({
      inn: 'error_inn',
      partner_count: 'error_number',
      email: 'error_email',
    });
  });

  it('allow the employee count the API allows, and no more', () => {
    expect(validateSupplier({ ...valid, partner_count: '1000000' })).toEqual({});
    expect(validateSupplier({ ...valid, partner_count: '1000001' })).toEqual({
      partner_count: 'error_number',
    });
  });
});

describe('form bodies', () => {
  it('trim text, send the count as a number or null, and always carry the honeypot', () => {
    expect(toBody(['name', 'partner_count'], { name: '  Aziz ', partner_count: ' 12 ' })).toEqual({
      name: 'Aziz',
      partner_count: 12,
      [HONEYPOT_FIELD]: '',
    });
    expect(toBody(['partner_count'], { partner_count: '' })).toEqual({
      partner_count: null,
      [HONEYPOT_FIELD]: '',
    });
  });
});

describe("the API's refusals", () => {
  const lead = ['name', 'phone', 'email', 'message'];
  it('name the field of the form with its message', () => {
    expect(apiErrors('name: is required', lead)).toEqual({ name: 'error_required' });
    expect(apiErrors('name: must not be empty', lead)).toEqual({ name: 'error_required' });
    expect(apiErrors('email: must be a valid e-mail address', lead)).toEqual({
      email: 'error_email',
    });
    expect(apiErrors('phone: give a phone number or an e-mail address', lead)).toEqual({
      phone: 'error_contact',
    });
    expect(
      apiErrors('phone: must be a phone number (digits, spaces, +, -, brackets)', lead),
    ).toEqual({ phone: 'error_phone' });
    expect(apiErrors('phone: is not a valid phone number', lead)).toEqual({
      phone: 'error_phone_invalid',
    });
    expect(apiErrors('message: must be at most 5000 characters', lead)).toEqual({
      message: 'error_invalid',
    });
    expect(apiErrors('inn: must be 9 to 14 digits', ['inn'])).toEqual({ inn: 'error_inn' });
    expect(apiErrors('partner_count: must be <= 1000000', ['partner_count'])).toEqual({
      partner_count: 'error_number',
    });
  });

  it('name nothing when the message is about no field of the form', () => {
    expect(apiErrors('website: must be empty', lead)).toEqual({});
    expect(apiErrors('Request body is not valid JSON', lead)).toEqual({});
    expect(apiErrors(undefined, lead)).toEqual({});
    expect(apiErrors({ error: 'name: is required' }, lead)).toEqual({});
  });
});
