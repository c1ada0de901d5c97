// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOTIFY_ME_MESSAGES } from '@pickles/shared/batch-subscriptions';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import { NotifyMeForm } from './notify-me-form.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';

undoAfterEachTest();

const KOFTA = 'Shahi Mutton Kofta Pickle';

describe('tell me when the next batch is ready', () => {
  it('says what the address is for, refuses a bad one without asking the server, then shows the check-your-inbox answer', async () => {
    const { calls } = stubApi({ 'POST /notify-me': () => jsonResponse(202, { success: true, message: NOTIFY_ME_MESSAGES.checkInbox('asha@example.in') }) });
    const user = userEvent.setup();
    render(<NotifyMeForm productId={2} productName={KOFTA} open />);
    expect(screen.getByText(`${NOTIFY_ME_MESSAGES.purpose(KOFTA)} ${NOTIFY_ME_MESSAGES.once}`)).toBeTruthy();
    const field = screen.getByLabelText('Your e-mail address');
    await user.type(field, 'asha@');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(screen.getByRole('alert').textContent).toBe(NOTIFY_ME_MESSAGES.email);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    await user.type(field, 'example.in');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByTestId('notify-me-done')).textContent).toBe(NOTIFY_ME_MESSAGES.checkInbox('asha@example.in'));
    expect(calls.map((call) => [call.route, call.body])).toEqual([['POST /notify-me', { productId: 2, email: 'asha@example.in' }]]);
  });

  it("shows the server's refusal in its words (the product went on sale meanwhile)", async () => {
    stubApi({ 'POST /notify-me': () => jsonResponse(409, { success: false, error: NOTIFY_ME_MESSAGES.onSale(KOFTA) }) });
    const user = userEvent.setup();
    render(<NotifyMeForm productId={2} productName={KOFTA} open />);
    await user.type(screen.getByLabelText('Your e-mail address'), 'asha@example.in');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFY_ME_MESSAGES.onSale(KOFTA));
  });
});
