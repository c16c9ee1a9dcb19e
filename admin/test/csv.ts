/** The classic CSV injection payload: a cell a spreadsheet would run as a formula. */
export const CALC = "=cmd|' /C calc'!A0";
