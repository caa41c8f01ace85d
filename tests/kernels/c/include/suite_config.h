// Build-time constants shared by the suite's kernels (classic include guard).
#ifndef SUITE_CONFIG_H
#define SUITE_CONFIG_H

#define SUITE_BLOCK 256
#define SUITE_SCALE 3
#define SUITE_HAS_BIAS 1

#endif
