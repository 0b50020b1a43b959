import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { posterMsg, posterUi } from '@toque/contracts/poster';
import { LostPoster } from './lost-poster';
import { productFixture } from './product-fixture';

const lostTag = productFixture({ name: 'Mel', lost_message: 'Fugiu perto da praça' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lost poster box (FIND-10)', () => {
  it('[FIND-10] without a share sheet: no share button; WhatsApp carries the text and the link; the link is copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    render(<LostPoster tag={lostTag} />);
    expect(screen.queryByRole('button', { name: posterUi.share })).toBeNull();
    expect(screen.getByRole('link', { name: posterUi.whatsapp }).getAttribute('href')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`${posterUi.shareText('Mel')} ${lostTag.public_url}`)}`,
    );
    fireEvent.click(screen.getByRole('button', { name: posterUi.copy }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(lostTag.public_url));
  });

  it("[FIND-10] a refused download says the server's words on screen", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: posterMsg.notLost }), { status: 409, headers: { 'content-type': 'application/json' } })),
    );
    render(<LostPoster tag={lostTag} />);
    fireEvent.click(screen.getByRole('button', { name: posterUi.download }));
    expect((await screen.findByRole('alert')).textContent).toBe(posterUi.downloadFailurePrefix + posterMsg.notLost);
  });
});
