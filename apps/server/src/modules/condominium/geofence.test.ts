import { describe, expect, test } from 'vitest';
import { EARTH_RADIUS_M, haversineMeters, judge, type Fence } from './geofence';

/** CONDO-17 (docs/decisions/0046): the distance rule of a plate that rings only at its door. */
const door = { latitude: -23.5614, longitude: -46.6559 };
const fence: Fence = { ...door, required: true, radiusM: 150 };
/** A point `metres` due north of the door (along a meridian the haversine is R·Δφ). */
const north = (metres: number) => ({
  latitude: door.latitude + ((metres / EARTH_RADIUS_M) * 180) / Math.PI,
  longitude: door.longitude,
});

describe('[CONDO-17] haversine distance', () => {
  test('[CONDO-17] matches known great-circle distances', () => {
    // One degree of latitude on the mean sphere: 2πR / 360.
    expect(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195.08, 1);
    // Nashville (BNA) → Los Angeles (LAX): 2,887.26 km on a 6,372.8 km sphere (the textbook example), scaled to ours.
    const bnaLax = haversineMeters({ latitude: 36.12, longitude: -86.67 }, { latitude: 33.94, longitude: -118.4 });
    expect(bnaLax / 1000).toBeCloseTo((2887.2599506 * EARTH_RADIUS_M) / 6_372_800, 3);
    // Praça da Sé → Avenida Paulista (MASP), São Paulo: about 2.6 km as the crow flies.
    const seMasp = haversineMeters({ latitude: -23.5503, longitude: -46.6339 }, { latitude: -23.5614, longitude: -46.6559 });
    expect(seMasp).toBeGreaterThan(2_500);
    expect(seMasp).toBeLessThan(2_700);
    // Symmetric, zero at the same point, no NaN across the antimeridian.
    expect(haversineMeters(door, door)).toBe(0);
    expect(haversineMeters({ latitude: 0, longitude: 179.9995 }, { latitude: 0, longitude: -179.9995 })).toBeCloseTo(111.2, 0);
  });
});

describe('[CONDO-17] who may call a plate that rings only at its door', () => {
  test('[CONDO-17] without a position set, or not required, nothing changes', () => {
    expect(judge({ latitude: null, longitude: null, required: true, radiusM: 150 }, {})).toBe('open');
    expect(judge({ ...fence, required: false }, {})).toBe('open');
    expect(judge({ ...fence, required: false }, { ...north(2_000), accuracy: 5 })).toBe('open');
  });

  test('[CONDO-17] at the door it calls; 2 km away it does not', () => {
    expect(judge(fence, { ...door, accuracy: 10 })).toBe('here');
    expect(judge(fence, { ...north(2_000), accuracy: 10 })).toBe('too-far');
  });

  test('[CONDO-17] the border: exactly at the radius counts as here, a hair beyond does not', () => {
    const at = north(150);
    const exact = haversineMeters(door, at);
    expect(exact).toBeCloseTo(150, 6);
    expect(judge({ ...fence, radiusM: exact }, { ...at, accuracy: 20 })).toBe('here');
    expect(judge(fence, { ...north(149.9), accuracy: 20 })).toBe('here');
    expect(judge(fence, { ...north(150.1), accuracy: 20 })).toBe('too-far');
    expect(judge({ ...fence, radiusM: 50 }, { ...north(49.9), accuracy: 50 })).toBe('here');
  });

  test('[CONDO-17] a fix whose accuracy is worse than the radius counts as not here, even on the door', () => {
    expect(judge(fence, { ...door, accuracy: 150 })).toBe('here');
    expect(judge(fence, { ...door, accuracy: 150.5 })).toBe('inaccurate');
    expect(judge(fence, { ...door, accuracy: 1_500 })).toBe('inaccurate');
    // The accuracy is not added to the distance: 140 m away, ±30 m, is still at the door.
    expect(judge(fence, { ...north(140), accuracy: 30 })).toBe('here');
    // A position without its accuracy cannot be judged: not here.
    expect(judge(fence, { ...door })).toBe('inaccurate');
    expect(judge(fence, { ...door, accuracy: Number.NaN })).toBe('inaccurate');
  });

  test('[CONDO-17] no position (refused or unavailable) where it is required', () => {
    expect(judge(fence, {})).toBe('no-position');
    expect(judge(fence, { latitude: door.latitude, accuracy: 5 })).toBe('no-position');
  });
});
