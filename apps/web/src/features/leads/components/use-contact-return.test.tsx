import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useContactReturn } from './use-contact-return';

const leaveAndComeBack = () => {
  act(() => {
    window.dispatchEvent(new Event('blur'));
  });
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
};

describe('coming back from the phone app', () => {
  it('asks about the Call or Text pressed last, whether it was in the list or in the sheet', () => {
    const list = vi.fn();
    const sheet = vi.fn();
    const fromList = renderHook(() => useContactReturn(list));
    const fromSheet = renderHook(() => useContactReturn(sheet));

    // The list's Call opened nothing (no phone app), then the sheet's Text did.
    act(() => fromList.result.current('call'));
    act(() => fromSheet.result.current('text'));
    leaveAndComeBack();
    expect(sheet).toHaveBeenCalledTimes(1);
    expect(sheet).toHaveBeenCalledWith('text');
    expect(list).not.toHaveBeenCalled();

    // Then the list's again: only the list asks, once.
    act(() => fromList.result.current('call'));
    leaveAndComeBack();
    leaveAndComeBack();
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith('call');
    expect(sheet).toHaveBeenCalledTimes(1);
  });
});
