import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

function renderButton(props: Partial<React.ComponentProps<typeof CopyButton>> = {}) {
  const user = userEvent.setup();
  render(
    <>
      <CopyButton value="WELCOME-2026" {...props} />
      <Toaster />
    </>,
  );
  return user;
}

/** Replaces the clipboard user-event installs, for this test only. */
function setClipboard(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true, writable: true });
}

describe('CopyButton', () => {
  it('is named with SPEC.md section 8 label, copies the value and says so', async () => {
    const user = renderButton();
    const button = screen.getByRole('button', { name: 'Copy code to clipboard' });
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(button);

    expect(await navigator.clipboard.readText()).toBe('WELCOME-2026');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Copied'));
    // Inline only: a toast would cover what the user does next.
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('offers to copy again after a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTimeAsync });
    render(<CopyButton value="(602) 555-0100" label="Copy number to clipboard" />);

    await user.click(screen.getByRole('button', { name: 'Copy number to clipboard' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('explains that the page needs a secure connection when there is no clipboard (http)', async () => {
    const user = renderButton();
    setClipboard(undefined);

    await user.click(screen.getByRole('button', { name: 'Copy code to clipboard' }));

    expect(await screen.findByText('Not copied')).toBeInTheDocument();
    expect(screen.getByText(/needs a secure https connection/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('explains a refusal of the browser', async () => {
    const user = renderButton();
    const writeText = vi
      .fn()
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    setClipboard({ writeText });

    await user.click(screen.getByRole('button', { name: 'Copy code to clipboard' }));

    expect(writeText).toHaveBeenCalledWith('WELCOME-2026');
    expect(await screen.findByText(/The browser refused access to the clipboard/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
