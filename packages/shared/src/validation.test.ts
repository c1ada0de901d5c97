import { describe, expect, it } from 'vitest';
import {
  adminLoginSchema,
  adminOrderQuerySchema,
  CHECKOUT_MESSAGES,
  CONTROL_CHARACTER_MESSAGE,
  createOrderPayloadSchema,
  fieldErrors,
  normalisePhoneInput,
  normalisePincodeInput,
  validateCheckoutForm,
} from './validation.js';

const order = () => ({
  amount: 650,
  customerInfo: { name: 'Meera Iyer', email: 'meera@example.in', phone: '9876543210' },
  deliveryAddress: { flatNumber: '4C', street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  items: [{ itemId: 1, name: 'Royal Chicken Pickle', quantity: 1, price: 500, total: 500 }],
});

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) => (result.success ? {} : fieldErrors(result.error!));

describe('hostile strings', () => {
  it('a NUL or another control character is refused with a message naming the field', () => {
    const withNul = order();
    withNul.customerInfo.name = 'Meera\u0000Iyer';
    withNul.deliveryAddress.city = 'Bengaluru\u001b[2J';
    expect(errorsOf(createOrderPayloadSchema.safeParse(withNul))).toEqual({
      'customerInfo.name': CONTROL_CHARACTER_MESSAGE,
      'deliveryAddress.city': CONTROL_CHARACTER_MESSAGE,
    });
    expect(errorsOf(adminOrderQuerySchema.safeParse({ search: 'abc\u0000' }))).toEqual({ search: CONTROL_CHARACTER_MESSAGE });
    expect(errorsOf(adminLoginSchema.safeParse({ username: 'admin\u0000', password: 'x' }))).toEqual({ username: CONTROL_CHARACTER_MESSAGE });
  });

  it('a huge value is refused on its length, with the field\'s own message, before any pattern runs', () => {
    const huge = order();
    huge.customerInfo.email = `a${'@a.'.repeat(10_000)}`;
    // Refused by the length check alone (its time is a benchmark figure: npm run bench, checkout suite).
    expect(errorsOf(createOrderPayloadSchema.safeParse(huge))).toEqual({ 'customerInfo.email': 'Valid email required' });
  });

  it('ordinary text, Indian scripts included, still passes; the form keeps its messages', () => {
    const hindi = order();
    hindi.customerInfo.name = 'मीरा अय्यर';
    hindi.deliveryAddress.street = 'M.G. Road, Near Café #4';
    expect(createOrderPayloadSchema.safeParse(hindi).success).toBe(true);
    // Every field of an empty form carries its message, each worded once in CHECKOUT_MESSAGES.
    expect(validateCheckoutForm({ name: ' ', email: 'x', phone: '123', flatNumber: '', street: '', area: '', city: '', state: '', pincode: '1' })).toEqual(CHECKOUT_MESSAGES);
  });

  it('numeric query parameters are bounded', () => {
    for (const page of ['1e309', '-1', 'NaN', '0', '1.5']) expect(adminOrderQuerySchema.safeParse({ page }).success, page).toBe(false);
    expect(adminOrderQuerySchema.safeParse({ pageSize: '201' }).success).toBe(false);
    expect(adminOrderQuerySchema.parse({ page: '2', pageSize: '10' })).toMatchObject({ page: 2, pageSize: 10 });
  });
});

describe('phone and pincode as shoppers paste them', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['(+91) 98765-43210', '9876543210'],
    ['091 98765 43210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['98765 43210', '9876543210'],
    ['9198765432', '9198765432'],
  ])('%s keeps the 10 digits %s', (pasted, kept) => {
    expect(normalisePhoneInput(pasted)).toBe(kept);
  });

  it('typing digit by digit builds the number and stops at 10', () => {
    let value = '';
    for (const key of '98765432109') value = normalisePhoneInput(value + key);
    expect(value).toBe('9876543210');
  });

  it('a longer paste that is not a prefixed number is capped at its first 10 digits', () => {
    expect(normalisePhoneInput('98765 43210 98765 43210')).toBe('9876543210');
    expect(normalisePhoneInput('call me: 12-34-56-78-90-12-34')).toBe('1234567890');
  });

  it('a pincode keeps its digits, at most 6', () => {
    expect(normalisePincodeInput('110 001')).toBe('110001');
    expect(normalisePincodeInput('PIN: 560-038 Bengaluru')).toBe('560038');
    expect(normalisePincodeInput('1100019')).toBe('110001');
  });

  it('only Indian mobile numbers (first digit 6-9) pass, on the form and on the server', () => {
    for (const phone of ['6123456789', '7123456789', '8123456789', '9123456789']) {
      expect(validateCheckoutForm({ ...order().customerInfo, ...order().deliveryAddress, phone }), phone).toEqual({});
    }
    // Ten digits that are not a mobile number are told why; the wrong count of digits gets §5's message.
    const cases = [
      ['5123456789', 'Valid 10-digit phone number required: an Indian mobile number starts with 6, 7, 8 or 9'],
      ['0123456789', 'Valid 10-digit phone number required: an Indian mobile number starts with 6, 7, 8 or 9'],
      ['1234567890', 'Valid 10-digit phone number required: an Indian mobile number starts with 6, 7, 8 or 9'],
      ['987654321', 'Valid 10-digit phone number required'],
      ['98765432100', 'Valid 10-digit phone number required'],
      ['98765 4321', 'Valid 10-digit phone number required'],
    ] as const;
    for (const [phone, message] of cases) {
      expect(validateCheckoutForm({ ...order().customerInfo, ...order().deliveryAddress, phone }), phone).toEqual({ phone: message });
      const payload = order();
      payload.customerInfo.phone = phone;
      expect(errorsOf(createOrderPayloadSchema.safeParse(payload)), phone).toEqual({ 'customerInfo.phone': message });
    }
  });
});
