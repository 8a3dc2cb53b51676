import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, passesPreset, type PresetName } from '../presets';
import cases from './preset-cases.json';

describe('validation presets', () => {
  it('decide every shared case as the server does', () => {
    // The same cases run against functions/services/presets.py (tests/unit/test_presets.py).
    const wrong = cases.filter((c) => passesPreset(c.preset as PresetName, c.value) !== c.passes);
    expect(wrong).toEqual([]);
  });

  it('cover every preset with values that pass and values that fail', () => {
    for (const name of PRESET_NAMES) {
      const mine = cases.filter((c) => c.preset === name && c.value !== '');
      expect(mine.some((c) => c.passes) && mine.some((c) => !c.passes), name).toBe(true);
    }
  });
});
