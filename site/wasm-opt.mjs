// wasm-opt -Oz on every module named on the command line, in place, in this one process.
// npm's binaryen is binaryen compiled to WebAssembly: each `wasm-opt` run first spends about
// a second starting it, which the ~80 modules of a split site paid ~80 times (cardsmith-site,
// site/src/optimise.rs, runs one of these per core instead).
import fs from 'node:fs';
import binaryen from 'binaryen';

// -Oz: the default optimisation passes at optimise level 2 and shrink level 2
binaryen.setOptimizeLevel(2);
binaryen.setShrinkLevel(2);
binaryen.setDebugInfo(false);
const features = binaryen.Features.BulkMemory | binaryen.Features.NontrappingFPToInt;

for (const file of process.argv.slice(2)) {
  const module = binaryen.readBinary(fs.readFileSync(file));
  module.setFeatures(module.getFeatures() | features);
  module.optimize();
  fs.writeFileSync(file, module.emitBinary());
  module.dispose();
}
