import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/languages.ts';
import { misspeltApostrophes } from '../src/uzbek.ts';
import {
  MATERIALS,
  materialByCode,
  meanDensity,
  SOURCES,
  SPEED_BY_CLASS,
  surchargeFromRepose,
} from '../src/conveyor/materials.ts';
import { BELT_SPEEDS, sizeConveyor } from '../src/conveyor/sizing.ts';

// The materials' table (docs/calculator.md, "Materials"): every figure from a published table
// or a stated rule, and every material sized without a fault.

describe('materials', () => {
  it('are at least twenty, each under its own address', () => {
    expect(MATERIALS.length).toBeGreaterThanOrEqual(20);
    const codes = MATERIALS.map((m) => m.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('are named in every language, the Uzbek with its one orthography', () => {
    for (const m of MATERIALS) {
      for (const language of LANGUAGES) expect(m.name[language].trim(), m.code).not.toBe('');
      expect(misspeltApostrophes(m.name.uz), m.code).toEqual([]);
      // Latin script: no Cyrillic in the Uzbek name
      expect(m.name.uz, m.code).not.toMatch(/\p{Script=Cyrillic}/u);
    }
  });

  it('have positive density ranges, angles in order, and figures the calculator takes', () => {
    for (const m of MATERIALS) {
      const [min, max] = m.density;
      expect(min, m.code).toBeGreaterThan(0);
      expect(min, m.code).toBeLessThanOrEqual(max);
      expect(max, m.code).toBeLessThan(5);
      expect(m.surcharge, m.code).toBeGreaterThan(0);
      expect(m.surcharge, m.code).toBeLessThan(m.repose);
      // CEMA's inclination may exceed the surcharge, never the repose
      expect(m.maxIncline, m.code).toBeGreaterThan(0);
      expect(m.maxIncline, m.code).toBeLessThanOrEqual(m.repose);
      expect(BELT_SPEEDS as readonly number[], m.code).toContain(m.maxSpeed);
    }
  });

  it('derive the surcharge by CEMA Table 3-1 and the speed by the class rule', () => {
    expect([0, 19, 20, 29, 30, 34, 35, 39, 40, 50].map(surchargeFromRepose)).toEqual([
      5, 5, 10, 10, 20, 20, 25, 25, 30, 30,
    ]);
    for (const m of MATERIALS) {
      expect(m.surcharge, m.code).toBe(surchargeFromRepose(m.repose));
      expect(m.maxSpeed, m.code).toBe(SPEED_BY_CLASS[m.speedClass]);
    }
    // free-flowing grain fastest, dusty fines slowest
    expect(SPEED_BY_CLASS.grain).toBeGreaterThan(SPEED_BY_CLASS.abrasive);
    expect(SPEED_BY_CLASS.dusty).toBeLessThan(SPEED_BY_CLASS.abrasive);
  });

  it('name their sources, every one of which is listed with where to find it', () => {
    const keys = Object.keys(SOURCES);
    for (const m of MATERIALS) {
      expect(keys, m.code).toContain(m.source);
      for (const key of Object.values(m.from ?? {})) expect(keys, m.code).toContain(key);
      expect(m.note.trim(), m.code).not.toBe('');
    }
    for (const [key, source] of Object.entries(SOURCES)) {
      expect(source.title, key).not.toBe('');
      expect(source.publisher, key).not.toBe('');
      expect(source.urls.length, key).toBeGreaterThan(0);
      for (const url of source.urls) expect(url, key).toMatch(/^https?:\/\//);
    }
  });

  it('keep CEMA’s figures as the table gives them, converted from lb/ft³', () => {
    // "Coal, lignite": 40–45 lb/ft³, repose 38°, inclination 22°
    const lignite = materialByCode('coal-lignite')!;
    expect(lignite.density[0]).toBeCloseTo(40 * 0.016018, 3);
    expect(lignite.density[1]).toBeCloseTo(45 * 0.016018, 3);
    expect([lignite.repose, lignite.surcharge, lignite.maxIncline]).toEqual([38, 25, 22]);
    // "Copper ore": 120–150 lb/ft³
    expect(materialByCode('copper-ore')!.density).toEqual([1.922, 2.403]);
  });

  it('are found by their code, and nothing by another', () => {
    expect(materialByCode('gravel')?.name.uz).toBe('Shag\u02BBal');
    expect(materialByCode('wheat')?.name.ru).toBe('Пшеница');
    expect(materialByCode('unobtainium')).toBeUndefined();
    expect(materialByCode('')).toBeUndefined();
  });

  it('each size a typical duty (300 t/h over 60 m, 8 m up): none is refused', () => {
    const refused: string[] = [];
    for (const m of MATERIALS) {
      const result = sizeConveyor({
        density: meanDensity(m),
        surcharge: m.surcharge,
        maxSpeed: m.maxSpeed,
        maxIncline: m.maxIncline,
        capacity: 300,
        length: 60,
        lift: 8,
      });
      if (!result.ok) {
        refused.push(`${m.code}: ${result.problem}`);
        continue;
      }
      for (const value of [
        result.capacity,
        result.utilisation,
        result.power,
        result.required,
        result.force,
        result.k,
        result.section,
      ]) {
        expect(Number.isFinite(value), m.code).toBe(true);
      }
      expect(result.speed, m.code).toBeLessThanOrEqual(m.maxSpeed);
      expect(result.capacity, m.code).toBeGreaterThanOrEqual(300);
      expect(result.motor, m.code).not.toBeNull();
    }
    expect(refused).toEqual([]);
  });
});
