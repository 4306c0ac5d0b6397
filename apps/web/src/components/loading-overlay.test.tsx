import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadingOverlay } from './loading-overlay';

const overlay = () => document.querySelector('[data-slot="loading-overlay"]');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks authentication, then shows "Loading your dashboard..." for 200 ms and fades out', () => {
    const { rerender } = render(<LoadingOverlay initialised={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');

    advance(1000);
    rerender(<LoadingOverlay initialised />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard...');

    advance(199);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your dashboard...');

    advance(1);
    // Fading: hidden from assistive technology and clicks, gone after the 200 ms fade.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(overlay()).toHaveAttribute('aria-hidden', 'true');
    advance(200);
    expect(overlay()).not.toBeInTheDocument();
  });

  it('never shows when auth is already initialised on mount', () => {
    render(<LoadingOverlay initialised />);
    expect(overlay()).not.toBeInTheDocument();
  });

  it('is forced away after 3000 ms with a console warning when auth hangs', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<LoadingOverlay initialised={false} />);

    advance(2999);
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(warn).not.toHaveBeenCalled();

    advance(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/forced hidden after 3000 ms/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    advance(200);
    expect(overlay()).not.toBeInTheDocument();
  });

  it('does not warn when auth finishes in time', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(<LoadingOverlay initialised={false} />);
    advance(500);
    rerender(<LoadingOverlay initialised />);
    advance(200);
    advance(5000);
    expect(warn).not.toHaveBeenCalled();
    expect(overlay()).not.toBeInTheDocument();
  });
});
