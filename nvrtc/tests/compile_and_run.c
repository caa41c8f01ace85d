/* A C program that uses liboxicc_nvrtc through include/nvrtc.h, as an NVRTC user would:
 * in-memory header, options, a name expression, PTX and log. Writes the PTX to the file
 * argv[1]; prints the lowered name; exits non-zero (with a message) on any failure. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "nvrtc.h"

#define CHECK(call)                                                          \
  do {                                                                       \
    nvrtcResult r_ = (call);                                                 \
    if (r_ != NVRTC_SUCCESS) {                                               \
      fprintf(stderr, "%s failed: %s\n", #call, nvrtcGetErrorString(r_));    \
      return 1;                                                              \
    }                                                                        \
  } while (0)

static const char *source =
    "#include \"scale.h\"\n"
    "template <typename T, int N>\n"
    "__global__ void scale(T *x) { x[threadIdx.x] *= T(N) * SCALE; }\n";

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s out.ptx\n", argv[0]);
    return 2;
  }
  int major = 0, minor = 0;
  CHECK(nvrtcVersion(&major, &minor));
  const char *headers[] = {"#define SCALE 2\n"};
  const char *names[] = {"scale.h"};
  nvrtcProgram prog;
  CHECK(nvrtcCreateProgram(&prog, source, "scale.cu", 1, headers, names));
  CHECK(nvrtcAddNameExpression(prog, "scale<float, 3>"));
  const char *opts[] = {"--gpu-architecture=compute_80", "-DUNUSED=1"};
  nvrtcResult r = nvrtcCompileProgram(prog, 2, opts);
  size_t log_size = 0;
  CHECK(nvrtcGetProgramLogSize(prog, &log_size));
  char *log = malloc(log_size);
  CHECK(nvrtcGetProgramLog(prog, log));
  if (r != NVRTC_SUCCESS) {
    fprintf(stderr, "compile failed: %s\n%s\n", nvrtcGetErrorString(r), log);
    return 1;
  }
  const char *lowered = NULL;
  CHECK(nvrtcGetLoweredName(prog, "scale<float, 3>", &lowered));
  printf("%s\n", lowered);
  size_t ptx_size = 0;
  CHECK(nvrtcGetPTXSize(prog, &ptx_size));
  char *ptx = malloc(ptx_size);
  CHECK(nvrtcGetPTX(prog, ptx));
  if (strlen(ptx) + 1 != ptx_size) {
    fprintf(stderr, "PTX size %zu does not match its length %zu\n", ptx_size, strlen(ptx));
    return 1;
  }
  FILE *f = fopen(argv[1], "w");
  if (!f || fputs(ptx, f) < 0 || fclose(f) != 0) {
    fprintf(stderr, "cannot write %s\n", argv[1]);
    return 1;
  }
  /* Misuse answers: a null output pointer, a name expression after compiling. */
  if (nvrtcGetPTXSize(prog, NULL) != NVRTC_ERROR_INVALID_INPUT ||
      nvrtcAddNameExpression(prog, "scale<int, 1>") !=
          NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION) {
    fprintf(stderr, "misuse answered wrongly\n");
    return 1;
  }
  CHECK(nvrtcDestroyProgram(&prog));
  if (prog != NULL) {
    fprintf(stderr, "nvrtcDestroyProgram left the handle set\n");
    return 1;
  }
  free(log);
  free(ptx);
  return 0;
}
