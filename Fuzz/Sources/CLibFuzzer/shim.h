// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): runs the fuzzing loop with a callback, for a program
// that has its own main, as every SwiftPM executable does.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
