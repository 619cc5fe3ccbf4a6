import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttachedFiles } from '@/components/chat/files/AttachedFiles';
import { acceptList } from '@/components/chat/files/use-chat-files';
import type { UserModel } from '@/lib/api/ai-contract';
import type { ChatFile } from '@/lib/api/chat-files-contract';
import { makeAiModel } from '../fixtures';

const file = (id: number, name: string, size: number): ChatFile => ({
  id,
  name,
  format: 'pdf',
  mime: 'application/pdf',
  size,
  chars: 100,
  chatId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
});

describe('attached files (Upload from device)', () => {
  it('lists each file with its size in KB and takes one off', async () => {
    const onRemove = vi.fn();
    render(<AttachedFiles files={[file(1, 'minutes.pdf', 48_300), file(2, 'tiny.txt', 12)]} onRemove={onRemove} />);
    expect(screen.getByRole('list', { name: 'Attached files' }).textContent).toContain('minutes.pdf47 KB');
    expect(screen.getByText('1 KB').closest('li')?.textContent).toContain('tiny.txt');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove tiny.txt' }));
    expect(onRemove).toHaveBeenCalledWith(2);
  });

  it('shows nothing without files', () => {
    const { container } = render(<AttachedFiles files={[]} onRemove={vi.fn()} />);
    expect(container.textContent).toBe('');
  });

  it('offers the model’s formats in the file picker, nothing else', () => {
    const model = {
      ...makeAiModel(1, 'OpenAI', 'gpt-4.1', 'GPT-4.1'),
      supported_file_formats: ['pdf', 'png', 'exe'],
    } as UserModel;
    expect(acceptList(model)).toBe('.pdf,application/pdf,.png,image/png');
  });
});
