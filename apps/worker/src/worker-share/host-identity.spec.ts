import { hostIdentity, presenceMemberId } from './host-identity';

describe('hostIdentity', () => {
  it("is the kernel's boot id, which the containers of one host share", () => {
    expect(hostIdentity(() => 'a3f1c6e2-0b7d-4a5e-9c1f-2d8e6b4a7c90\n')).toBe('a3f1c6e2-0b7d-4a5e-9c1f-2d8e6b4a7c90');
  });

  it('falls back to the hostname without a readable boot id', () => {
    const unreadable = () => {
      throw new Error('ENOENT');
    };
    expect(hostIdentity(unreadable)).toMatch(/^host-/);
    expect(hostIdentity(() => 'not an id\n')).toMatch(/^host-/);
  });
});

describe('presenceMemberId', () => {
  it('orders by start time and is unique per process', () => {
    const older = presenceMemberId(1_700_000_000_000, 99_999);
    const newer = presenceMemberId(1_700_000_000_001, 1);
    expect([newer, older].sort()).toEqual([older, newer]);
    expect(presenceMemberId(5, 1)).not.toBe(presenceMemberId(5, 1));
  });
});
