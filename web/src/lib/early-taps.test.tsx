// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import earlyTaps from '../../scripts/early-taps.js?raw';
import { APP_READY_EVENT, EarlyTapsRelease } from './early-taps.js';

/**
 * The inline script every written page carries (web/scripts/early-taps.js, decision 017), run as the
 * browser runs it, on markup standing in for a painted page whose app has not arrived yet.
 */
function paintPage(html: string): HTMLElement {
  document.documentElement.className = '';
  document.body.innerHTML = `<div id="root">${html}</div><button id="outside">Outside</button>`;
  new Function(earlyTaps)();
  return document.getElementById('root')!;
}

const ready = () => document.dispatchEvent(new Event(APP_READY_EVENT));

afterEach(() => {
  ready(); // lets go of this test's script
  cleanup();
  document.body.innerHTML = '';
});

describe('early taps', () => {
  it('holds a tap on a button until the app is ready, then does it exactly once', () => {
    const root = paintPage('<button type="button" aria-label="Add to Cart: Royal Chicken Pickle"><svg><path></path></svg>Add to Cart</button>');
    const button = root.querySelector('button')!;
    const onClick = vi.fn();
    button.addEventListener('click', onClick);

    button.querySelector('path')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(onClick).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains('app-waking')).toBe(true);

    ready();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(document.documentElement.classList.contains('app-waking')).toBe(false);
    ready();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does each of several taps once, in the order they were made', () => {
    const root = paintPage('<button type="button">Open</button><button type="button">Add</button>');
    const [open, add] = [...root.querySelectorAll('button')];
    const done: string[] = [];
    open!.addEventListener('click', () => done.push('open'));
    add!.addEventListener('click', () => done.push('add'));
    add!.click();
    open!.click();
    add!.click();
    ready();
    expect(done).toEqual(['add', 'open', 'add']);
  });

  it('stops a form from being sent by the browser and sends it once when the app is ready', () => {
    const root = paintPage('<form aria-label="Find your order"><input name="order" /><button type="submit">Track order</button></form>');
    const form = root.querySelector('form')!;
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    ready();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('gives a tap on a button the app drew afresh to the one new button of the same name, or to none', () => {
    const root = paintPage('<button type="button">Logout</button><button type="button">Copy</button>');
    root.querySelectorAll('button').forEach((button) => button.click());
    // The app replaces the skeleton: one Logout, two Copy buttons.
    root.innerHTML = '<button type="button">Logout</button><button type="button">Copy</button><button type="button">Copy</button>';
    const clicked: string[] = [];
    root.querySelectorAll('button').forEach((button, index) => button.addEventListener('click', () => clicked.push(`${button.textContent}#${index}`)));
    ready();
    expect(clicked).toEqual(['Logout#0']);
  });

  it('leaves links, and anything outside the page, to the browser', () => {
    const root = paintPage('<a href="#shipping">Shipping Policy</a>');
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('a')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const outside = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('outside')!.dispatchEvent(outside);
    expect(outside.defaultPrevented).toBe(false);
    expect(document.documentElement.classList.contains('app-waking')).toBe(false);
  });

  it('EarlyTapsRelease tells the page the app is ready once it has rendered', () => {
    const root = paintPage('<button type="button">Add</button>');
    const onClick = vi.fn();
    root.querySelector('button')!.addEventListener('click', onClick);
    root.querySelector('button')!.click();
    render(<EarlyTapsRelease />);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
