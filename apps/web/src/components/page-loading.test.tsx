import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';

describe('PageLoading', () => {
  it('is a status carrying its label, over grey blocks hidden from assistive technology', () => {
    render(<PageLoading label="Loading your leads…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading your leads…');
    expect(screen.getByText('Loading your leads…')).toBeVisible();

    const blocks = status.querySelector('[aria-hidden="true"]');
    expect(blocks).not.toBeNull();
    expect(blocks).toHaveClass('animate-pulse', 'motion-reduce:animate-none');
    // A skeleton, not the spinner.
    expect(status.querySelector('[data-slot="loading-triangles"]')).toBeNull();
  });

  it('says "Loading..." when given no label', () => {
    render(<PageLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
