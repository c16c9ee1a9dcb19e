// The process drawApart.ts starts: draws the demo's pictures, sends them to its parent and ends
// (so also when the parent goes first).
import { drawDemoPictures } from './index.ts';

process.once('disconnect', () => process.exit(0));
const pictures = await drawDemoPictures();
process.send!(pictures, () => process.exit(0));
