import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import PortalToaster from '@/app/toaster';
import { toast, toastsDelivered } from './toast';

describe('toasts (lib/toast.ts: Sonner loads with the first one)', () => {
  it('tells whoever mounts the toaster when the first toast is asked for, and later ones at once', async () => {
    vi.resetModules();
    const fresh = await import('./toast');
    const before = vi.fn();
    const stopped = vi.fn();
    fresh.onFirstToast(before);
    fresh.onFirstToast(stopped)();
    expect(before).not.toHaveBeenCalled();
    fresh.toast.info('Saved.');
    expect(before).toHaveBeenCalledTimes(1);
    expect(stopped).not.toHaveBeenCalled();
    const after = vi.fn();
    fresh.onFirstToast(after);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('shows each kind as its kind, asked for before the toaster has mounted', async () => {
    toast.success('Lead saved.');
    toast.error('The lead could not be saved.');
    toast.info('A new version of the portal is available.');
    toast.warning('Close the browser to be sure.');
    await toastsDelivered();
    render(<Toaster />);
    const kindOf = async (text: string) =>
      (await screen.findByText(text)).closest('[data-sonner-toast]')?.getAttribute('data-type');
    expect(await kindOf('Lead saved.')).toBe('success');
    expect(await kindOf('The lead could not be saved.')).toBe('error');
    expect(await kindOf('A new version of the portal is available.')).toBe('info');
    expect(await kindOf('Close the browser to be sure.')).toBe('warning');
  });

  it('passes the options on (a description under the title)', async () => {
    render(<Toaster />);
    toast.success('Email sent.', { description: 'To seller@example.com' });
    expect(await screen.findByText('To seller@example.com')).toBeInTheDocument();
  });

  it('shows every toast at the top centre, never over the primary button at the bottom right', async () => {
    render(<PortalToaster />);
    toast.success('Licences saved');
    toast.error('The photo was not deleted.');
    const listOf = async (text: string) => {
      const list = (await screen.findByText(text)).closest('[data-sonner-toaster]');
      return [list?.getAttribute('data-y-position'), list?.getAttribute('data-x-position')];
    };
    expect(await listOf('Licences saved')).toEqual(['top', 'center']);
    expect(await listOf('The photo was not deleted.')).toEqual(['top', 'center']);
  });
});
