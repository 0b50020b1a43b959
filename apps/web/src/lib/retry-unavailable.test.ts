import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiMsg } from '@toque/contracts/messages';
import { ApiError } from './api-client';
import { whileUnavailable } from './retry-unavailable';

const unavailable = () => new ApiError(503, apiMsg.databaseUnavailable, 2);

afterEach(() => {
  vi.useRealTimers();
});

describe('the finder page tries again while the server cannot serve (REL-06)', () => {
  test('[REL-06] a 503 is asked again after Retry-After, growing, and the answer that comes is returned; retrying is said while waiting', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const work = vi.fn<() => Promise<string>>().mockRejectedValueOnce(unavailable()).mockRejectedValueOnce(unavailable()).mockResolvedValue('rang');
    const said: boolean[] = [];
    const done = whileUnavailable(work, (on) => said.push(on));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(2);
    // The second wait grew: 2 s × 1.5.
    await vi.advanceTimersByTimeAsync(2_999);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('rang');
    expect(said).toEqual([true, true, false]);
  });

  test('[REL-06] it gives up after 8 attempts (about a minute) with the last error; anything but a 503 is not tried again, nor no answer unless asked', async () => {
    vi.useFakeTimers();
    const always = vi.fn<() => Promise<string>>().mockRejectedValue(unavailable());
    const done = whileUnavailable(always, () => undefined);
    const settled = expect(done).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    expect(always).toHaveBeenCalledTimes(8);

    const refused = vi.fn<() => Promise<string>>().mockRejectedValue(new ApiError(409, 'Já atendida.'));
    await expect(whileUnavailable(refused, () => undefined)).rejects.toMatchObject({ status: 409 });
    expect(refused).toHaveBeenCalledTimes(1);

    const silent = () => vi.fn<() => Promise<string>>().mockRejectedValueOnce(new ApiError(0, apiMsg.network)).mockResolvedValue('ok');
    const write = silent();
    await expect(whileUnavailable(write, () => undefined)).rejects.toMatchObject({ status: 0 });
    expect(write).toHaveBeenCalledTimes(1);
    const call = silent();
    const again = whileUnavailable(call, () => undefined, { orNoAnswer: true });
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(again).resolves.toBe('ok');
    expect(call).toHaveBeenCalledTimes(2);
  });
});
