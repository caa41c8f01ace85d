//! The typed tree's calls of function templates beside functions of the same name, and
//! block-scope type names: `--emit=sema` shows which function each call chose (and the
//! instance made only to be compared), and both lowerings give the same PTX. What the
//! chosen functions compute is checked in the interpreter by the C++ suite's
//! `template_beside_functions.cu`.

use crate::sema_tree_support::{same_ptx_both_ways, sema};

#[test]
fn templates_beside_functions_compete_with_their_instances() {
    let src = "namespace mix {
           template <class T> __device__ T blend(T a, long b) { return a * (T)b; }
           __device__ float blend(float a, int b) { return a + (float)b; }
           template <class T> __device__ T twice(T a) { return a + a; }
           __device__ int twice(int a) { return a * 3; }
         }
         __global__ void k(float *p, int *q) {
           p[0] = mix::blend(p[1], q[0]);
           p[2] = mix::blend(p[3], 3L);
           q[1] = mix::twice(q[2]);
           p[4] = mix::twice(p[5]);
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    // (float, int): the function wins; blend<float> is still made, as nvcc's front end
    // makes the instance it compares.
    assert!(
        text.contains("      Call blend (overload) (after making blend) : `float` prvalue\n"),
        "{text}"
    );
    // (float, long): the instance is the better match.
    assert!(
        text.contains("      Call blend (template, overload) : `float` prvalue\n"),
        "{text}"
    );
    // (int): twice(int) has twice<int>'s very parameter types, so no instance is made.
    assert!(
        text.contains("      Call twice (overload) : `int` prvalue\n"),
        "{text}"
    );
    assert!(
        !text.contains("Function twice (int) -> `int`\nFunction twice"),
        "{text}"
    );
    assert!(
        text.contains("      Call twice (template, overload) : `float` prvalue\n"),
        "{text}"
    );
    same_ptx_both_ways(src, "templates_beside_functions");
}

#[test]
fn unqualified_and_cooperative_groups_calls_of_mixed_sets() {
    let src = "#include <cooperative_groups.h>
         namespace cg = cooperative_groups;
         template <class T> __device__ T scale(T a, T b) { return a * b; }
         __device__ double scale(double a, float b) { return a - b; }
         __global__ void k(float *p, double *d) {
           cg::thread_block b = cg::this_thread_block();
           cg::sync(b);
           d[0] = scale(d[1], 0.5f);
           p[0] = scale(p[1], p[2]);
         }";
    let text = sema(src);
    assert!(
        text.contains("    Call sync (template) : `void` prvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("      Call scale (overload) : `double` prvalue\n"),
        "{text}"
    );
    assert!(
        text.contains("      Call scale (template, overload) : `float` prvalue\n"),
        "{text}"
    );
    same_ptx_both_ways(src, "mixed_sets_unqualified");
}

#[test]
fn block_scope_typedefs_name_types_to_the_end_of_their_block() {
    let src = "__global__ void k(float *p, int *q) {
           typedef float T;
           T a = p[0];
           {
             typedef int T;
             T b = q[0];
             q[1] = b / 2;
           }
           using U = T;
           U c = a / 2;
           p[1] = c;
           auto f = [](T v) { typedef T V; V one = 1; return v + one; };
           p[2] = f(a);
         }";
    let text = sema(src);
    assert!(!text.contains("lowered in one walk"), "{text}");
    for line in [
        "  LocalType T = `float`\n",
        "    LocalType T = `int`\n",
        "  LocalType U = `float`\n",
        "  LocalType V = `float`\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    // `b / 2` divides ints, `a / 2` floats: each `T` as its block declares it.
    let ptx = same_ptx_both_ways(src, "local_typedefs");
    assert!(ptx.contains("div.s32") || ptx.contains("shr.s32"), "{ptx}");
    assert!(
        ptx.contains("mul.f32") || ptx.contains("div.rn.f32"),
        "{ptx}"
    );
}

#[test]
fn an_explicit_tile_size_beside_the_runtime_partition_is_typed_and_converts() {
    // `tiled_partition` is a template (`<32>`) beside a function (`(parent, n)`); the
    // instance returns `thread_block_tile<32, thread_block>`, copied into a
    // `thread_block_tile<32>` (cuda-samples' reductionMultiBlockCG, threadFenceReduction).
    let src = "#include <cooperative_groups.h>
         namespace cg = cooperative_groups;
         __global__ void k(int *p) {
           cg::thread_block cta = cg::this_thread_block();
           cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
           p[threadIdx.x] = tile32.thread_rank();
         }";
    // Typed: only the templates are candidates with explicit arguments, and the copy-
    // initialization converts by `thread_block_tile<32, thread_block>`'s conversion function.
    let text = sema(src);
    for line in [
        "  Local tile32 `thread_block_tile` align 8\n",
        "    Construct (from expression) : `thread_block_tile` prvalue\n",
        "      Call tiled_partition (template) : `thread_block_tile` prvalue\n",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    same_ptx_both_ways(src, "explicit_tile_size");
}
