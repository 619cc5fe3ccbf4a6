import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from '@/components/ui/Switch';

function Host() {
  const [on, setOn] = useState(false);
  return <Switch label="Close after saving" hint="The popup closes itself" checked={on} onCheckedChange={setOn} />;
}

describe('Switch', () => {
  it('is a labelled, described role switch whose aria-checked Space toggles', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const toggle = screen.getByRole('switch', { name: 'Close after saving', description: 'The popup closes itself' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('a click on the switch or on its label toggles it', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const toggle = screen.getByRole('switch');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByText('Close after saving'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
