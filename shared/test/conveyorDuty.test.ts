import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/languages.ts';
import { misspeltApostrophes } from '../src/uzbek.ts';
import {
  DUTY_WORDS,
  describeDuty,
  dutyFromParams,
  dutyToParams,
  leadDuty,
  resolveDuty,
} from '../src/conveyor/duty.ts';
import { materialByCode, meanDensity } from '../src/conveyor/materials.ts';
import { matchModels, NEAR_MISS } from '../src/conveyor/models.ts';
import { sizeConveyor } from '../src/conveyor/sizing.ts';

// A duty as an address and a quote carry it (shared/src/conveyor/duty.ts), and the models that
// carry it (models.ts).

const gravel = { material: 'gravel', capacity: 300, length: 60, lift: 8 };

describe('a duty in an address', () => {
  it('reads the figures back as it writes them, leaving out what is not one of its own', () => {
    const params = dutyToParams({ ...gravel, width: 650, fill: 0.8 });
    expect(params).toEqual([
      ['material', 'gravel'],
      ['capacity', '300'],
      ['length', '60'],
      ['lift', '8'],
      ['width', '650'],
      ['fill', '0.8'],
    ]);
    expect(dutyFromParams([...params, ['utm_source', 'x']])).toEqual({
      input: { ...gravel, width: 650, fill: 0.8 },
      ignored: [],
    });
  });

  it('names the figures it cannot use: an unknown material, a width not standard, text', () => {
    const read = dutyFromParams([
      ['material', 'kryptonite'],
      ['width', '700'],
      ['capacity', 'lots'],
      ['length', '60'],
      ['lift', '-5'],
    ]);
    expect(read.input).toEqual({ length: 60, lift: -5 });
    expect(read.ignored).toEqual(['material', 'width', 'capacity']);
  });
});

describe('resolving a duty', () => {
  it('takes the material’s mean density, surcharge and limits unless the buyer gives their own', () => {
    const m = materialByCode('gravel')!;
    const resolved = resolveDuty(gravel);
    expect(resolved).toMatchObject({
      duty: {
        density: meanDensity(m),
        surcharge: m.surcharge,
        maxSpeed: m.maxSpeed,
        maxIncline: m.maxIncline,
      },
    });
    expect(resolveDuty({ ...gravel, density: 2.1, belt: 9 })).toMatchObject({
      duty: { density: 2.1, surcharge: m.surcharge, beltKgM: 9 },
    });
  });

  it('refuses a material it does not know and a duty with neither material nor density', () => {
    expect(resolveDuty({ ...gravel, material: 'kryptonite' })).toEqual({ problem: 'material' });
    expect(resolveDuty({ capacity: 300, length: 60, lift: 8, density: 1.6 })).toEqual({
      problem: 'noMaterial',
    });
  });
});

describe('a lead’s duty', () => {
  it('keeps what the buyer gave and the figures sizeConveyor gives for it', () => {
    const kept = leadDuty(gravel);
    const sized = sizeConveyor((resolveDuty(gravel) as { duty: never }).duty);
    if (!sized.ok) throw new Error('gravel did not size');
    expect(kept).toEqual({
      ...gravel,
      result: {
        width: sized.width,
        speed: sized.speed,
        capacity: Math.round(sized.capacity),
        utilisation: Math.round(sized.utilisation),
        power: Math.round(sized.power * 10) / 10,
        motor: sized.motor,
      },
    });
  });

  it('says why a duty came to nothing: too steep for the material, or too much for any belt', () => {
    expect(leadDuty({ ...gravel, lift: 30 }).problem).toBe('tooSteep');
    expect(leadDuty({ ...gravel, capacity: 49000 }).problem).toBe('tooMuch');
    expect(leadDuty({ capacity: 300, length: 60, lift: 8 }).problem).toBe('invalid');
  });

  it('is told in each language with the figures and the belt it came to', () => {
    const kept = leadDuty(gravel);
    const lines = describeDuty(kept, 'en');
    expect(lines[0]).toBe(`Material: ${materialByCode('gravel')!.name.en}`);
    expect(lines[1]).toBe('Duty: 300 t/h, 60 m, lift 8 m');
    expect(lines[2]).toBe(`Belt: ${kept.result!.width} mm, at ${kept.result!.speed} m/s`);
    expect(lines[4]).toContain(`motor ${kept.result!.motor} kW`);
    expect(describeDuty({ ...gravel, density: 1.55 }, 'ru')[0]).toBe(
      `Материал: ${materialByCode('gravel')!.name.ru}, плотность 1,55 т/м³`,
    );
    expect(describeDuty(leadDuty({ ...gravel, lift: 30 }), 'en').at(-1)).toBe(
      'No result: the material slides back at this incline',
    );
    for (const language of LANGUAGES) {
      expect(Object.keys(DUTY_WORDS[language])).toEqual(Object.keys(DUTY_WORDS.en));
      expect(describeDuty(kept, language)).toHaveLength(5);
    }
    expect(misspeltApostrophes(Object.values(DUTY_WORDS.uz).join(' '))).toEqual([]);
  });
});

describe('our models for a duty', () => {
  const sizing = { width: 650, motor: 15, required: 12.4 } as const;
  const duty = { capacity: 300, length: 60, lift: 8 };
  const models = [
    // fits with room on every figure
    {
      id: 1,
      figures: {
        belt_width: { value: 800 },
        capacity: { value: 400 },
        length: { min: 10, max: 100 },
        motor_power: { min: 5.5, max: 30 },
      },
    },
    // fits closely
    { id: 2, figures: { belt_width: { value: 650 }, capacity: { value: 320 } } },
    // short on capacity by 10 %: nearly fits
    { id: 3, figures: { belt_width: { value: 650 }, capacity: { value: 270 } } },
    // short on the belt and the motor: neither
    {
      id: 4,
      figures: { belt_width: { value: 500 }, capacity: { value: 400 }, motor_power: { max: 7.5 } },
    },
    // its frame is longer than the duty: short on length
    {
      id: 5,
      figures: { belt_width: { value: 650 }, capacity: { value: 350 }, length: { min: 70 } },
    },
    // says nothing of a flow (a drive, a roller conveyor's width): not a candidate
    { id: 6, figures: { motor_power: { min: 1, max: 90 } } },
    { id: 8, figures: { belt_width: { value: 1000 }, length: { min: 1, max: 200 } } },
  ];

  it('lists those that fit, the closest first, and those short on one figure by a little', () => {
    const { fit, near } = matchModels(models, duty, sizing);
    expect(fit.map((m) => m.id)).toEqual([2, 1]);
    expect(near.map((m) => m.id)).toEqual([3, 5]);
    const short = near[0]!.checks.find((check) => !check.ok)!;
    expect(short).toMatchObject({ code: 'capacity', has: 270, needs: 300, margin: -10 });
    expect(-short.margin).toBeLessThanOrEqual(NEAR_MISS * 100);
    const roomy = fit[1]!.checks.find((check) => check.code === 'motor_power')!;
    expect(roomy).toMatchObject({ ok: true, has: 30, needs: 15, margin: 100 });
  });

  it('leaves the lift out of a level or downhill duty', () => {
    const lifted = {
      id: 7,
      figures: { belt_width: { value: 800 }, capacity: { value: 300 }, lift_height: { max: 5 } },
    };
    expect(matchModels([lifted], duty, sizing).fit).toEqual([]);
    expect(matchModels([lifted], { ...duty, lift: -8 }, sizing).fit.map((m) => m.id)).toEqual([7]);
  });
});
