//! The headers that ship in `runtime-libs/include` (what `#include <cstdio>`,
//! `<cuda_runtime.h>`, `<vector>`, … find) parse without a diagnostic when a file includes
//! them all, together with a typical cuda-samples style program around a kernel.

use bumpalo::Bump;
use oxicc::diag::Diagnostics;
use oxicc::intern::Interner;
use oxicc::parse::{dump_translation_unit, parse_translation_unit};
use oxicc::pp::{preprocess, FsLoader, PpContext, BUILTIN_HEADER_NAMES, NVCC_FORCE_INCLUDES};
use oxicc::source::SourceMap;
use oxicc::Options;

#[test]
fn every_shipped_header_parses_in_a_typical_program() {
    let names = BUILTIN_HEADER_NAMES;
    let mut src: String = names.iter().map(|n| format!("#include <{n}>\n")).collect();
    src.push_str(
        r#"
using namespace std;
// GCC's __extension__ (Boost, glibc) and pthread types reached through the C++ headers
// (libstdc++'s <iostream> includes <pthread.h>).
__extension__ typedef long long ext_long_long;
struct Worker { pthread_barrier_t *barrier; ext_long_long n; };
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
    fprintf(stderr, "%s\n", cudaGetErrorString(e)); exit(1); } } while (0)
__global__ void scale(float *d, float s, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) d[i] *= s;
}
int main() {
    const int n = 1 << 20;
    std::vector<float> h(n, 1.0f);
    float *d;
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(256), grid((n + block.x - 1) / block.x);
    scale<<<grid, block>>>(d, 2.0f, n);
    CHECK(cudaDeviceSynchronize());
    printf("done\n");
    return 0;
}
"#,
    );
    let mut sources = SourceMap::new();
    let mut interner = Interner::new();
    let mut diags = Diagnostics::new();
    let main = sources.add("all_headers.cu", src);
    let options = Options::default();
    let tokens = {
        let mut ctx = PpContext::new(&mut sources, &mut interner, &mut diags, &options, &FsLoader);
        ctx.force_includes = NVCC_FORCE_INCLUDES.iter().map(|s| s.to_string()).collect();
        preprocess(main, &mut ctx).tokens
    };
    let arena = Bump::new();
    let tu = parse_translation_unit(&tokens, &arena, &mut interner, &sources, &mut diags);
    let rendered: Vec<String> = diags
        .render(&sources)
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert!(rendered.is_empty(), "{}", rendered.join("\n"));
    let dump = dump_translation_unit(&tu, &interner);
    assert!(dump.contains("(fn scale [global]"), "{dump}");
    assert!(
        dump.contains("(fn main (ret int) (params) host-body-skipped)"),
        "{dump}"
    );
}
