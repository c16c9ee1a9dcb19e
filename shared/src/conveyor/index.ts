// The conveyor calculator's engineering (ISO 5048), shared by the site's calculator and the
// API: `@conveyor/shared/conveyor`, apart from the package's main entry so that a page loads
// it only where it computes.
export * from './capacity.ts';
export * from './power.ts';
export * from './sizing.ts';
export * from './materials.ts';
export * from './duty.ts';
export * from './models.ts';
