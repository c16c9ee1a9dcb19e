import type { Language } from './languages.ts';

/**
 * The units staff pick an attribute's unit from: UN/CEFACT common codes (Recommendation 20,
 * Revision 17, 2021, Annex II/III), each with the symbol Rec 20 gives it, the label a page of
 * each language writes after a figure, and its name in each language. What a conveyor maker
 * states: lengths, areas and volumes, masses, times, speeds, flows, loads, power, forces,
 * pressures, electrical quantities, temperatures, angles, ratios and counts.
 *
 * The API stores the code (`unit`) and the labels (`unit_uz`, …); the back office offers this
 * list, searched by a label or a name in any language, or by the code. A code not listed here
 * is still a valid code (`unitCodeSchema`): staff cannot pick it, an attribute that has it
 * keeps it.
 */
export interface UnitDefinition {
  /** The common code, as the Product JSON-LD's `unitCode` carries it. */
  code: string;
  /** Rec 20's symbol. */
  symbol: string;
  /** What a page writes after a figure, in each language (мм, mm). */
  label: Readonly<Record<Language, string>>;
  /** The unit's name, in each language. */
  name: Readonly<Record<Language, string>>;
}

// free of side effects, so that a bundle which imports the shared package without the units
// (the back office's sign-in screen) leaves the list out
/* @__NO_SIDE_EFFECTS__ */
function unit(
  code: string,
  symbol: string,
  [uz, ru, en]: [string, string, string],
  [nameUz, nameRu, nameEn]: [string, string, string],
): UnitDefinition {
  return { code, symbol, label: { uz, ru, en }, name: { uz: nameUz, ru: nameRu, en: nameEn } };
}

/** Every code here was checked against Rec 20 Rev 17's table (code, name and symbol). */
export const UNITS: readonly UnitDefinition[] = [
  // length, area, volume
  unit('MMT', 'mm', ['mm', 'мм', 'mm'], ['millimetr', 'миллиметр', 'millimetre']),
  unit('CMT', 'cm', ['sm', 'см', 'cm'], ['santimetr', 'сантиметр', 'centimetre']),
  unit('MTR', 'm', ['m', 'м', 'm'], ['metr', 'метр', 'metre']),
  unit('KMT', 'km', ['km', 'км', 'km'], ['kilometr', 'километр', 'kilometre']),
  unit('MTK', 'm²', ['m²', 'м²', 'm²'], ['kvadrat metr', 'квадратный метр', 'square metre']),
  unit('MTQ', 'm³', ['m³', 'м³', 'm³'], ['kub metr', 'кубический метр', 'cubic metre']),
  unit('LTR', 'l', ['l', 'л', 'l'], ['litr', 'литр', 'litre']),
  // mass
  unit('GRM', 'g', ['g', 'г', 'g'], ['gramm', 'грамм', 'gram']),
  unit('KGM', 'kg', ['kg', 'кг', 'kg'], ['kilogramm', 'килограмм', 'kilogram']),
  unit('TNE', 't', ['t', 'т', 't'], ['tonna', 'тонна', 'tonne']),
  // time
  unit('SEC', 's', ['s', 'с', 's'], ['sekund', 'секунда', 'second']),
  unit('MIN', 'min', ['min', 'мин', 'min'], ['minut', 'минута', 'minute']),
  unit('HUR', 'h', ['soat', 'ч', 'h'], ['soat', 'час', 'hour']),
  // speed and rotation
  unit(
    'MTS',
    'm/s',
    ['m/s', 'м/с', 'm/s'],
    ['metr sekundiga', 'метр в секунду', 'metre per second'],
  ),
  unit(
    '2X',
    'm/min',
    ['m/min', 'м/мин', 'm/min'],
    ['metr minutiga', 'метр в минуту', 'metre per minute'],
  ),
  unit(
    'KMH',
    'km/h',
    ['km/soat', 'км/ч', 'km/h'],
    ['kilometr soatiga', 'километр в час', 'kilometre per hour'],
  ),
  unit(
    'RPM',
    'r/min',
    ['ayl/min', 'об/мин', 'rpm'],
    ['aylanish minutiga', 'оборот в минуту', 'revolutions per minute'],
  ),
  // throughput and load
  unit('E18', 't/h', ['t/soat', 'т/ч', 't/h'], ['tonna soatiga', 'тонна в час', 'tonne per hour']),
  unit(
    'E93',
    'kg/h',
    ['kg/soat', 'кг/ч', 'kg/h'],
    ['kilogramm soatiga', 'килограмм в час', 'kilogram per hour'],
  ),
  unit(
    'KGS',
    'kg/s',
    ['kg/s', 'кг/с', 'kg/s'],
    ['kilogramm sekundiga', 'килограмм в секунду', 'kilogram per second'],
  ),
  unit(
    'MQH',
    'm³/h',
    ['m³/soat', 'м³/ч', 'm³/h'],
    ['kub metr soatiga', 'кубический метр в час', 'cubic metre per hour'],
  ),
  unit(
    'KL',
    'kg/m',
    ['kg/m', 'кг/м', 'kg/m'],
    ['kilogramm metriga', 'килограмм на метр', 'kilogram per metre'],
  ),
  unit(
    'KMQ',
    'kg/m³',
    ['kg/m³', 'кг/м³', 'kg/m³'],
    ['kilogramm kub metriga', 'килограмм на кубический метр', 'kilogram per cubic metre'],
  ),
  // power, force, torque, pressure
  unit('WTT', 'W', ['Vt', 'Вт', 'W'], ['vatt', 'ватт', 'watt']),
  unit('KWT', 'kW', ['kVt', 'кВт', 'kW'], ['kilovatt', 'киловатт', 'kilowatt']),
  unit('NEW', 'N', ['N', 'Н', 'N'], ['nyuton', 'ньютон', 'newton']),
  unit('B47', 'kN', ['kN', 'кН', 'kN'], ['kilonyuton', 'килоньютон', 'kilonewton']),
  unit('NU', 'N·m', ['N·m', 'Н·м', 'N·m'], ['nyuton-metr', 'ньютон-метр', 'newton metre']),
  unit('PAL', 'Pa', ['Pa', 'Па', 'Pa'], ['paskal', 'паскаль', 'pascal']),
  unit('KPA', 'kPa', ['kPa', 'кПа', 'kPa'], ['kilopaskal', 'килопаскаль', 'kilopascal']),
  unit('MPA', 'MPa', ['MPa', 'МПа', 'MPa'], ['megapaskal', 'мегапаскаль', 'megapascal']),
  unit('BAR', 'bar', ['bar', 'бар', 'bar'], ['bar', 'бар', 'bar']),
  // electrical
  unit('VLT', 'V', ['V', 'В', 'V'], ['volt', 'вольт', 'volt']),
  unit('AMP', 'A', ['A', 'А', 'A'], ['amper', 'ампер', 'ampere']),
  unit('HTZ', 'Hz', ['Gs', 'Гц', 'Hz'], ['gers', 'герц', 'hertz']),
  // temperature, angle, sound, ratio, count
  unit('CEL', '°C', ['°C', '°C', '°C'], ['Selsiy gradusi', 'градус Цельсия', 'degree Celsius']),
  unit('DD', '°', ['°', '°', '°'], ['gradus (burchak)', 'градус (угол)', 'degree (angle)']),
  unit('2N', 'dB', ['dB', 'дБ', 'dB'], ['detsibel', 'децибел', 'decibel']),
  unit('P1', '%', ['%', '%', '%'], ['foiz', 'процент', 'percent']),
  unit('H87', '', ['dona', 'шт', 'pcs'], ['dona', 'штука', 'piece']),
];

/** The listed unit of a code, or undefined (none, or a code the list does not have). */
export function unitByCode(code: string | null | undefined): UnitDefinition | undefined {
  return code ? UNITS.find((each) => each.code === code) : undefined;
}

/**
 * A text as a search compares it: compatibility forms folded (`m²` is `m2`, `µ` is `μ`), in
 * lower case, without spaces, dots and middle dots (`N·m`, `N m` and `Nm` alike).
 */
export function unitSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase('en')
    .replace(/[\s.·⋅]+/g, '');
}

/**
 * Whether a unit is what someone typed looking for it: the typed text found in its code, its
 * symbol or its label in any language (`°C`, `мм`, `kW`, `t/h`, `E18`), or the start of its
 * name, or of a word of it, in any language (`Celsius`, `килограмм на метр`). Staff search in
 * their language, and often type the symbol they know from another one. A name is matched from
 * a word's start: `мм` is in the middle of `килограмм`, not a search for it. An empty search
 * finds every unit.
 */
export function unitMatches(unitDefinition: UnitDefinition, typed: string): boolean {
  const wanted = unitSearchText(typed);
  if (!wanted) return true;
  const { code, symbol, label, name } = unitDefinition;
  if (
    [code, symbol, ...Object.values(label)].some((text) => unitSearchText(text).includes(wanted))
  ) {
    return true;
  }
  return Object.values(name).some((text) =>
    text
      .split(/[\s(-]+/)
      .some((_, index, words) => unitSearchText(words.slice(index).join(' ')).startsWith(wanted)),
  );
}
