import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Slider } from '@/components/ui/Slider';

const LENGTHS = [
  { value: 'shorter', label: 'Shorter' },
  { value: 'same', label: 'Same' },
  { value: 'longer', label: 'Longer' },
] as const;
type Length = (typeof LENGTHS)[number]['value'];

function Host() {
  const [length, setLength] = useState<Length>('same');
  return (
    <>
      <Slider label="Answer length" stops={LENGTHS} value={length} onChange={setLength} />
      <output>{length}</output>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  render(<Host />);
  const slider = screen.getByRole('slider', { name: 'Answer length' }) as HTMLInputElement;
  const state = () => ({
    valuetext: slider.getAttribute('aria-valuetext'),
    value: screen.getByRole('status').textContent,
  });
  return { user, slider, state };
}

describe('Slider', () => {
  it('says the stop’s name in aria-valuetext and moves one stop per arrow key, stopping at the ends', async () => {
    const { user, slider, state } = setup();
    expect(state()).toEqual({ valuetext: 'Same', value: 'same' });
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '2', '1']);
    await user.tab();
    expect(document.activeElement).toBe(slider);

    await user.keyboard('{ArrowRight}');
    expect(state()).toEqual({ valuetext: 'Longer', value: 'longer' });
    await user.keyboard('{ArrowRight}{ArrowUp}');
    expect(state()).toEqual({ valuetext: 'Longer', value: 'longer' });
    await user.keyboard('{ArrowLeft}');
    expect(state()).toEqual({ valuetext: 'Same', value: 'same' });
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(state()).toEqual({ valuetext: 'Shorter', value: 'shorter' });
  });

  it('Home/End jump to the first/last stop', async () => {
    const { user, state } = setup();
    await user.tab();
    await user.keyboard('{End}');
    expect(state()).toEqual({ valuetext: 'Longer', value: 'longer' });
    await user.keyboard('{Home}');
    expect(state()).toEqual({ valuetext: 'Shorter', value: 'shorter' });
  });

  it('follows the range input when dragged', () => {
    const { slider, state } = setup();
    fireEvent.change(slider, { target: { value: '0' } });
    expect(state()).toEqual({ valuetext: 'Shorter', value: 'shorter' });
  });
});
