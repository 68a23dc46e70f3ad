// wasm-opt -O1 on every module named on the command line, in place, in this one process.
// npm's binaryen is binaryen compiled to WebAssembly: each `wasm-opt` run first spends about
// a second starting it, which the ~80 modules of a split site paid ~80 times (cardsmith-site,
// site/src/optimise.rs, runs one of these per core instead).
import fs from 'node:fs';
import binaryen from 'binaryen';

// -O1: the default optimisation passes at optimise level 1, no shrinking. Measured on the
// split site's 84 modules against -Oz (level 2, shrink 2): 19 s against 57-65 s to optimise;
// larger raw (5.07 against 4.51 MB) but smaller as sent: brotli 1,269 against 1,353 KB in
// all, the main module 260 against 263 KB (gzip 1,571 against 1,748 KB); and the same time
// to hydrate on a phone at 4x CPU throttling (the medians of 17 pages added up: 18.59 against
// 18.57 s, end2end/tests/phone-hydration.spec.ts).
binaryen.setOptimizeLevel(1);
binaryen.setShrinkLevel(0);
binaryen.setDebugInfo(false);
const features = binaryen.Features.BulkMemory | binaryen.Features.NontrappingFPToInt;

for (const file of process.argv.slice(2)) {
  const module = binaryen.readBinary(fs.readFileSync(file));
  module.setFeatures(module.getFeatures() | features);
  module.optimize();
  fs.writeFileSync(file, module.emitBinary());
  module.dispose();
}
