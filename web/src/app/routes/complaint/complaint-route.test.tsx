// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SubmitComplaintResponse } from '@pickles/shared/api';
import { COMPLAINT_MESSAGES } from '@pickles/shared/complaints';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import ComplaintRoute from './complaint-route.js';
import { quietFailedCallLog, undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const SENT: SubmitComplaintResponse = {
  success: true,
  ticketNumber: 'GRV-261123-0042',
  receivedAt: '2026-11-23T05:30:00.000Z',
  acknowledgeBy: '2026-11-25T05:30:00.000Z',
  resolveBy: '2026-12-23T05:30:00.000Z',
};

function renderAt(url: string) {
  renderRoutes(url, { '/complaint': <ComplaintRoute /> });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send complaint' }));

function fillValid() {
  fireEvent.change(field('Full name'), { target: { value: 'Kavya Menon' } });
  fireEvent.change(field('Email'), { target: { value: 'kavya@example.in' } });
  fireEvent.change(field('What is it about?'), { target: { value: 'damaged' } });
  fireEvent.change(field('What happened?'), { target: { value: 'The jar arrived with a cracked lid.' } });
}

quietFailedCallLog();
undoAfterEachTest();

describe('/complaint', () => {
  it('says what is missing under each field, with the server messages, and sends nothing', () => {
    const { calls } = stubApi({});
    renderAt('/complaint');
    send();
    expect(screen.getByText(COMPLAINT_MESSAGES.name)).toBeTruthy();
    expect(screen.getByText(COMPLAINT_MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(COMPLAINT_MESSAGES.category)).toBeTruthy();
    expect(screen.getByText(COMPLAINT_MESSAGES.message)).toBeTruthy();
    // Optional fields left empty are fine.
    expect(screen.queryByText(COMPLAINT_MESSAGES.phone)).toBeNull();
    expect(field('Full name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Full name'));
    expect(calls).toEqual([]);
  });

  it('prefills the order number from ?order= and sends the complaint as the schema reads it', async () => {
    const { calls } = stubApi({ 'POST /complaints': () => jsonResponse(201, SENT) });
    renderAt('/complaint?order=RP261122-7KQ2XD');
    expect(field('Order number').value).toBe('RP261122-7KQ2XD');
    fillValid();
    fireEvent.change(field('Phone number'), { target: { value: '+91 98765 43210' } });
    expect(screen.getByText('35 of 2000 characters')).toBeTruthy();
    send();

    const sent = await screen.findByTestId('complaint-sent');
    expect(within(sent).getByTestId('complaint-ticket').textContent).toBe('GRV-261123-0042');
    // The heading takes the focus in an effect after the render, so on a loaded machine it comes a moment later.
    await waitFor(() => expect(document.activeElement).toBe(within(sent).getByRole('heading', { name: 'Complaint received' })));
    expect(sent.textContent).toContain('23 November 2026, 11:00 am IST');
    expect(sent.textContent).toContain('We will acknowledge by25 November 2026, 11:00 am IST');
    expect(sent.textContent).toContain('and resolve by23 December 2026, 11:00 am IST');
    expect(sent.textContent).toContain('We have e-mailed this ticket to kavya@example.in.');
    expect(calls.map((call) => call.body)).toEqual([
      { name: 'Kavya Menon', email: 'kavya@example.in', phone: '9876543210', orderNumber: 'RP261122-7KQ2XD', category: 'damaged', message: 'The jar arrived with a cracked lid.' },
    ]);
  });

  it('shows the server refusal (too many complaints) and keeps what was typed', async () => {
    stubApi({ 'POST /complaints': () => jsonResponse(429, { success: false, error: 'Too many complaints from this connection. Please try again in an hour.' }) });
    renderAt('/complaint');
    fillValid();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('Too many complaints from this connection. Please try again in an hour.');
    expect(field('Full name').value).toBe('Kavya Menon');
  });

  it('puts the server field messages of a 400 under their fields', async () => {
    stubApi({ 'POST /complaints': () => jsonResponse(400, { success: false, error: COMPLAINT_MESSAGES.orderNumber, fields: { orderNumber: COMPLAINT_MESSAGES.orderNumber } }) });
    renderAt('/complaint');
    fillValid();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(COMPLAINT_MESSAGES.orderNumber);
    expect(field('Order number').getAttribute('aria-invalid')).toBe('true');
  });

  it('says the shop could not be reached when no answer comes', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderAt('/complaint');
    fillValid();
    send();
    expect((await screen.findByRole('alert')).textContent).toBe('We could not reach the shop. Check your connection and try again.');
  });

  it('names the grievance officer to escalate to', () => {
    stubApi({});
    renderAt('/complaint');
    const officer = screen.getByRole('region', { name: 'Grievance officer' });
    expect(within(officer).getByRole('link', { name: 'grievance@example.in' }).getAttribute('href')).toBe('mailto:grievance@example.in');
  });
});
