import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Markdown } from '@/components/chat/markdown/Markdown';

/** Lets the lazy highlighter's import and any state updates it causes settle. */
async function settle() {
  await act(async () => {
    await import('@/components/chat/markdown/highlight');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('Markdown: code blocks', () => {
  it('shows the language and copies the code (without the fence) to the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    render(<Markdown text={'Run:\n\n```bash\nnpm install\nnpm test\n```\n'} streaming={false} />);
    expect(screen.getByText('bash').className).toBe('md-code-language');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('npm install\nnpm test');
    expect(await navigator.clipboard.readText()).toBe('npm install\nnpm test');
    screen.getByRole('button', { name: 'Copied' });
  });

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<Markdown text={'```\nsecret\n```'} streaming={false} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copy failed' });
  });

  it('keeps an unclosed fence as plain text while streaming, and highlights it lazily once the fence closes', async () => {
    const open = '```js\nconst answer = 42;\nfunction f() { return "x"; }\n';
    const { container, rerender } = render(<Markdown text={open} streaming />);
    await settle();
    const code = () => container.querySelector('pre code');
    expect(code()?.textContent).toBe('const answer = 42;\nfunction f() { return "x"; }');
    expect(code()?.querySelector('span')).toBeNull();

    rerender(<Markdown text={`${open}\`\`\`\n\nMore text is coming`} streaming />);
    await waitFor(() => expect(code()?.querySelector('.hljs-keyword')).not.toBeNull());
    expect(code()?.className).toBe('hljs');
    expect([...(code()?.querySelectorAll('.hljs-keyword') ?? [])].map((k) => k.textContent)).toEqual([
      'const',
      'function',
      'return',
    ]);
    expect(code()?.querySelector('.hljs-string')?.textContent).toBe('"x"');
    expect(code()?.textContent).toBe('const answer = 42;\nfunction f() { return "x"; }');
  });

  it('highlights an unclosed fence once the answer has finished', async () => {
    const text = '```python\ndef f():\n    return None';
    const { container, rerender } = render(<Markdown text={text} streaming />);
    await settle();
    expect(container.querySelector('pre code span')).toBeNull();
    rerender(<Markdown text={text} streaming={false} />);
    await waitFor(() => expect(container.querySelector('pre code .hljs-keyword')?.textContent).toBe('def'));
  });

  it('highlights a closed fence inside a list that is still streaming, but not an open one', async () => {
    const text = '1. Install:\n   ```bash\n   echo "installed"\n   ```\n2. Then:\n   ```bash\n   echo "half';
    const { container } = render(<Markdown text={text} streaming />);
    const blocks = () => [...container.querySelectorAll('pre code')];
    await waitFor(() => expect(blocks()[0]?.querySelector('.hljs-string')?.textContent).toBe('"installed"'));
    await settle();
    expect(blocks()[1]?.textContent).toBe('echo "half');
    expect(blocks()[1]?.querySelector('span')).toBeNull();
  });

  it('leaves code in a language it does not know, or with no language, as plain text', async () => {
    const { container } = render(
      <Markdown text={'```brainfuck\n+++[>+<-]\n```\n\n```\nplain words\n```'} streaming={false} />,
    );
    await settle();
    const codes = [...container.querySelectorAll('pre code')];
    expect(codes.map((code) => code.textContent)).toEqual(['+++[>+<-]', 'plain words']);
    expect(codes.map((code) => code.querySelector('span'))).toEqual([null, null]);
    expect(screen.getByText('brainfuck').className).toBe('md-code-language');
  });

  it('shows markup in code as text, highlighted or not', async () => {
    const { container } = render(<Markdown text={'```html\n<img src=x onerror=alert(1)>\n```'} streaming={false} />);
    await waitFor(() => expect(container.querySelector('pre code .hljs-tag')).not.toBeNull());
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('pre code')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
