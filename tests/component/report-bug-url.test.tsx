import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { messages, urlSchema } from '@/lib/api/validators';
import { FakeBackground } from './fake-background';
import { fieldError } from './render';
import { box, renderDialog, submitButton } from './report-bug-helpers';

/**
 * The page address the Report Bug dialog fills in itself is fitted to the contract's urlMax (2,048), so a
 * report about a page with a very long address is accepted; one the user types over the limit is named.
 */
const LONG_PAGE = `https://shop.example.com/results?q=boots&${Array.from({ length: 80 }, (_, i) => `f${i}=${'x'.repeat(40)}`).join('&')}#top`;

describe('ReportBugDialog: a page address over the limit', () => {
  test('is pre-filled fitted to the limit, and the report is sent', async () => {
    expect(LONG_PAGE.length).toBeGreaterThan(2048);
    const fake = new FakeBackground();
    const { user } = renderDialog(fake, LONG_PAGE);
    const prefilled = box('URL').value;
    await user.type(box('Title'), 'Filters lost');
    await user.click(submitButton());
    expect(fieldError('report-url')).toBeNull();
    await screen.findByText('Report has been submitted');

    expect(urlSchema.safeParse(prefilled).success).toBe(true);
    expect(LONG_PAGE.startsWith(prefilled)).toBe(true);
    expect(prefilled.startsWith('https://shop.example.com/results?q=boots&f0=')).toBe(true);
    expect(fake.state.feedbacks.map((f) => f.url)).toEqual([prefilled]);
  });

  test('typed by the user is named as too long, and nothing is sent', async () => {
    const fake = new FakeBackground();
    const { user } = renderDialog(fake);
    await user.type(box('Title'), 'Too long');
    await user.clear(box('URL'));
    await user.click(box('URL'));
    await user.paste(LONG_PAGE);
    await user.click(submitButton());
    expect(fieldError('report-url')).toBe(messages.urlTooLong);
    expect(fake.client.submitFeedback).not.toHaveBeenCalled();
  });
});
