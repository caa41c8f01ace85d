//! Checked lowering: small CUDA snippets lowered to raw IR (before any pass), verified, and
//! checked for the structure the design promises.

use crate::sema_common;
use sema_common::*;

#[test]
fn saxpy_lowers_and_verifies() {
    let m = lower_ok(
        "__global__ void saxpy(int n, float a, const float* x, float* y) {
            int i = blockIdx.x * blockDim.x + threadIdx.x;
            if (i < n) y[i] = a * x[i] + y[i];
        }",
    );
    println!("{m}");
    assert!(m.function_by_name("_Z5saxpyifPKfPf").is_some());
}

/// The IR of the function called `name`.
fn func<'m>(m: &'m oxicc_ir::Module, name: &str) -> &'m oxicc_ir::Function {
    let id = m
        .function_by_name(name)
        .unwrap_or_else(|| panic!("no function {name}"));
    &m.functions[id]
}

/// Every instruction of a function, in layout order.
fn insts(f: &oxicc_ir::Function) -> Vec<&oxicc_ir::InstData> {
    f.layout
        .iter()
        .flat_map(|b| f.blocks[*b].insts.iter().map(|i| &f.insts[*i].data))
        .collect()
}

#[test]
fn locals_and_parameters_live_in_stack_slots_at_the_top_of_the_entry_block() {
    let m = lower_ok("__device__ int f(int a, int b) { int c = a + b; return c * 2; }");
    let f = func(&m, "_Z1fii");
    // a, b, c and the return-value slot.
    assert_eq!(f.stack_slots.len(), 4);
    let entry = &f.blocks[f.entry()];
    for i in &entry.insts[..4] {
        assert!(matches!(
            f.insts[*i].data,
            oxicc_ir::InstData::StackAddr { .. }
        ));
    }
    // One return instruction, in the return block.
    let rets = insts(f)
        .iter()
        .filter(|d| matches!(d, oxicc_ir::InstData::Return { .. }))
        .count();
    assert_eq!(rets, 1);
}

#[test]
fn pragma_unroll_marks_the_loop_header() {
    let m = lower_ok(
        "__global__ void k(float* p) {
            #pragma unroll 4
            for (int i = 0; i < 16; i++) p[i] = 0;
            #pragma unroll
            for (int j = 0; j < 8; j++) p[j] += 1;
            #pragma unroll 1
            while (p[0] < 3) p[0] += 1;
        }",
    );
    let f = func(&m, "_Z1kPf");
    let hints: Vec<oxicc_ir::UnrollHint> = f
        .layout
        .iter()
        .map(|b| f.blocks[*b].unroll)
        .filter(|u| *u != oxicc_ir::UnrollHint::None)
        .collect();
    assert_eq!(
        hints,
        vec![
            oxicc_ir::UnrollHint::Count(4),
            oxicc_ir::UnrollHint::Full,
            oxicc_ir::UnrollHint::Count(1)
        ]
    );
}

#[test]
fn switch_becomes_one_ir_switch_with_its_cases() {
    let m = lower_ok(
        "__device__ int f(int x) {
            int r = 0;
            switch (x) { case 1: r = 1; case 2: r += 2; break; case -1: r = 5; default: r = 9; }
            return r;
        }",
    );
    let f = func(&m, "_Z1fi");
    let switches: Vec<_> = insts(f)
        .into_iter()
        .filter_map(|d| match d {
            oxicc_ir::InstData::Switch { cases, .. } => {
                Some(cases.iter().map(|(v, _)| *v).collect::<Vec<u64>>())
            }
            _ => None,
        })
        .collect();
    // Case values are the bits of the (int) condition: -1 is 0xffffffff.
    assert_eq!(switches, vec![vec![1, 2, 0xffff_ffff]]);
}

#[test]
fn shared_arrays_are_accessed_through_shared_pointers() {
    let m = lower_ok(
        "__global__ void k(float* out) {
            __shared__ float tile[16][16];
            tile[threadIdx.y][threadIdx.x] = out[0];
            __syncthreads();
            out[1] = tile[threadIdx.x][threadIdx.y];
        }",
    );
    let g = m.global_by_name("_ZZ1kPfE4tile").expect("tile global");
    assert_eq!(m.globals[g].space, oxicc_ir::AddrSpace::Shared);
    assert_eq!(m.globals[g].size(), 1024);
    let f = func(&m, "_Z1kPf");
    let shared = oxicc_ir::Type::Ptr(oxicc_ir::AddrSpace::Shared);
    let mut loads = 0;
    let mut stores = 0;
    for d in insts(f) {
        match d {
            oxicc_ir::InstData::Load { ptr, .. } if f.value_type(*ptr) == shared => loads += 1,
            oxicc_ir::InstData::Store { ptr, .. } if f.value_type(*ptr) == shared => stores += 1,
            _ => {}
        }
    }
    assert_eq!((loads, stores), (1, 1));
    assert!(insts(f)
        .iter()
        .any(|d| matches!(d, oxicc_ir::InstData::Barrier)));
}

#[test]
fn kernels_get_param_kinds_and_launch_bounds() {
    let m = lower_ok(
        "struct V { float x, y, z; double w; };
         __global__ void __launch_bounds__(128, 4) k(V v, bool b, char c, float* p) { p[0] = v.x + b + c; }",
    );
    let f = func(&m, "_Z1k1VbcPf");
    assert_eq!(f.launch_bounds, Some((128, 4)));
    use oxicc_ir::{AddrSpace, ParamKind, Type};
    assert_eq!(
        f.sig.params,
        vec![
            ParamKind::ByVal { size: 24, align: 8 },
            ParamKind::Value(Type::I8),
            ParamKind::Value(Type::I8),
            ParamKind::Value(Type::Ptr(AddrSpace::Generic)),
        ]
    );
}

#[test]
fn struct_arguments_by_value_verify() {
    lower_ok(
        "struct P { int a; float b; };
         __device__ __noinline__ float g(P p) { return p.a + p.b; }
         __global__ void k(P p, float* o) { P q = p; q.a = 3; o[0] = g(q) + g(p); }",
    );
}

#[test]
fn device_function_attributes() {
    let m = lower_ok(
        "__device__ __forceinline__ int a(int x) { return x; }
         __device__ __noinline__ int b(int x) { return x; }
         static __device__ int c(int x) { return x; }
         __global__ void k(int* p) { p[0] = a(1) + b(2) + c(3); }",
    );
    use oxicc_ir::{InlineHint, Linkage};
    assert_eq!(func(&m, "_Z1ai").inline, InlineHint::Always);
    assert_eq!(func(&m, "_Z1bi").inline, InlineHint::Never);
    // A `static` function is nested in nvcc's file-specific `_INTERNAL_…` component.
    let (_, c) = m
        .functions
        .iter()
        .find(|(_, f)| {
            f.name.starts_with("_ZN") && f.name.contains("_INTERNAL_") && f.name.ends_with("1cEi")
        })
        .expect("the static function c");
    assert_eq!(c.linkage, Linkage::Internal);
    assert_eq!(func(&m, "_Z1kPi").linkage, Linkage::External);
    assert_eq!(func(&m, "_Z1kPi").kind, oxicc_ir::FuncKind::Kernel);
}

#[test]
fn host_code_is_not_emitted() {
    let m = lower_ok(
        "int host_only(int x) { return x * 2; }
         __global__ void k(int* p) { p[0] = 1; }
         int main() { return host_only(3); }",
    );
    assert_eq!(m.functions.len(), 1);
}

#[test]
fn global_initializers_are_exact_bytes() {
    let m = lower_ok(
        "struct S { char c; int i; double d; };
         __device__ S s = {1, -2, 0.1};
         __constant__ float w[3] = {0.1f, 1.0f / 3.0f};
         __device__ unsigned char u = 300;",
    );
    let s = &m.globals[m.global_by_name("s").unwrap()];
    let mut want = vec![1u8, 0, 0, 0];
    want.extend_from_slice(&(-2i32).to_le_bytes());
    want.extend_from_slice(&0.1f64.to_le_bytes());
    assert_eq!(s.init.as_deref(), Some(&want[..]));
    let w = &m.globals[m.global_by_name("w").unwrap()];
    assert_eq!(w.space, oxicc_ir::AddrSpace::Const);
    let mut want = Vec::new();
    for f in [0.1f32, 1.0f32 / 3.0f32, 0.0] {
        want.extend_from_slice(&f.to_le_bytes());
    }
    assert_eq!(w.init.as_deref(), Some(&want[..]));
    let u = &m.globals[m.global_by_name("u").unwrap()];
    assert_eq!(u.init.as_deref(), Some(&[44u8][..]));
}

#[test]
fn printf_calls_vprintf_with_a_packed_buffer() {
    let m = lower_ok("__global__ void k(int n, float x) { printf(\"%d %f\\n\", n, x); }");
    let v = m.function_by_name("vprintf").expect("vprintf declared");
    assert_eq!(m.functions[v].linkage, oxicc_ir::Linkage::Import);
    let s = &m.globals[m.global_by_name("$str").unwrap()];
    assert_eq!(s.init.as_deref(), Some(&b"%d %f\n\0"[..]));
    let f = func(&m, "_Z1kif");
    // int at 0, double at 8: a 16-byte buffer aligned to 8.
    assert!(f
        .stack_slots
        .iter()
        .any(|(_, s)| s.size == 16 && s.align == 8));
}

#[test]
fn builtins_map_to_gpu_operations() {
    let m = lower_ok(
        "__global__ void k(int* p, float* f, unsigned long long* u) {
            int v = __shfl_down_sync(0xffffffff, p[0], 1);
            float w = __shfl_xor_sync(0xffffffff, f[0], 2, 16);
            unsigned b = __ballot_sync(0xffffffff, v > 0);
            atomicAdd(p, 1); atomicAdd(f, 1.0f); atomicAdd(u, 2ull); atomicCAS(p, 1, 2);
            atomicMin(p, v); atomicMax((unsigned*)p, b); atomicExch(f, w);
            __threadfence(); __threadfence_block();
            p[1] = warpSize + __popc(b) + __clz(v) + __ffs(v);
            f[1] = sqrtf(w) + fminf(w, 1.0f) + fabsf(w) + __int_as_float(v) + fmaf(w, w, w);
        }",
    );
    let f = func(&m, "_Z1kPiPfPy");
    let count = |pred: &dyn Fn(&oxicc_ir::InstData) -> bool| {
        insts(f).into_iter().filter(|d| pred(d)).count()
    };
    use oxicc_ir::InstData as I;
    assert_eq!(count(&|d| matches!(d, I::Shuffle { .. })), 2);
    assert_eq!(count(&|d| matches!(d, I::Vote { .. })), 1);
    assert_eq!(count(&|d| matches!(d, I::AtomicRmw { .. })), 6);
    assert_eq!(count(&|d| matches!(d, I::AtomicCas { .. })), 1);
    assert_eq!(count(&|d| matches!(d, I::Fence { .. })), 2);
    assert_eq!(count(&|d| matches!(d, I::Fma { .. })), 1);
}

#[test]
fn conversion_and_bit_intrinsics_lower() {
    lower_ok(
        "__global__ void k(unsigned* o, float* f, double* d) {
            o[0] = __float2int_rn(f[0]) + __float2uint_rz(f[1]) + __float2int_rd(f[2]);
            o[1] = __double2int_ru(d[0]) + (unsigned)__double2ll_rn(d[1]);
            f[3] = __int2float_rn((int)o[2]) + __uint2float_rn(o[3]) + __double2float_rn(d[2]);
            o[4] = __byte_perm(o[5], o[6], 0x5140) + __funnelshift_l(o[7], o[8], 9)
                 + __funnelshift_r(o[7], o[8], 40) + __ldg(o + 9);
        }",
    );
    // Directed rounding to a float is one `cvt.rz/rp/rm` (inline PTX); an unknown rounding
    // suffix is still a diagnostic.
    lower_ok("__global__ void k(float* f) { f[0] = __int2float_rz(3) + __ll2float_rd(5); }");
    let d = lower_err("__global__ void k(float* f) { f[0] = __int2float_rx(3); }");
    assert!(!d.is_empty(), "{d:?}");
}

#[test]
fn const_host_variables_are_constants_in_device_code() {
    let m = lower_ok(
        "const float K = 2.5f;
         const int N = 4;
         __global__ void k(float* p) { float a[N]; a[0] = K; p[0] = a[0] * N; }",
    );
    let f = func(&m, "_Z1kPf");
    // K becomes the constant 2.5f; no module variable is created for host data.
    assert!(m.globals.is_empty());
    assert!(insts(f).iter().any(|d| matches!(
        d,
        oxicc_ir::InstData::FConst { bits, .. } if *bits == 2.5f32.to_bits() as u64
    )));
}

#[test]
fn indexed_by_value_parameters_of_device_functions_are_copied() {
    let m = lower_ok(
        "struct Arr { int v[8]; float s; };
         __device__ __noinline__ int g(Arr a, int i) { return a.v[i & 7]; }
         __device__ __noinline__ float h(Arr a) { return a.s; }
         __global__ void k(Arr a, int* out, int i) { out[0] = g(a, i) + h(a) + a.v[i & 7]; }",
    );
    // `g` indexes its parameter: a 36-byte local copy. `h` and the kernel read in place.
    let has_copy = |name: &str| func(&m, name).stack_slots.iter().any(|(_, s)| s.size == 36);
    assert!(has_copy("_Z1g3Arri"));
    assert!(!has_copy("_Z1h3Arr"));
}

#[test]
fn struct_results_go_through_a_hidden_pointer() {
    let m = lower_ok(
        "struct V { float x, y, z; };
         __device__ V add(V a, V b) { V r; r.x = a.x + b.x; r.y = a.y + b.y; r.z = a.z + b.z; return r; }
         __device__ V twice(V a) { return add(a, a); }
         __global__ void k(V* p) { V s = twice(p[0]); p[1] = add(s, p[0]); p[2].x = add(s, s).y; }",
    );
    use oxicc_ir::{AddrSpace, ParamKind, Type};
    let f = func(&m, "_Z3add1VS_");
    assert_eq!(f.sig.ret, None);
    assert_eq!(
        f.sig.params[0],
        ParamKind::Value(Type::Ptr(AddrSpace::Generic))
    );
    assert_eq!(f.sig.params.len(), 3);
}

#[test]
fn identical_string_literals_share_one_global() {
    let m = lower_ok(
        "__global__ void k(int x) { printf(\"a %d\\n\", x); printf(\"a %d\\n\", x + 1); printf(\"b\\n\"); }
         __global__ void k2(int x) { printf(\"a %d\\n\", x); }",
    );
    // nvcc: `$str` = "a %d\n", `$str$1` = "b\n".
    let names: Vec<&str> = m.globals.iter().map(|(_, g)| g.name.as_str()).collect();
    assert_eq!(names, vec!["$str", "$str$1"]);
}

#[test]
fn stores_to_constant_memory_trap_like_nvcc() {
    // nvcc: "Cannot store to pointer that points to constant memory space" and a trap.
    let m = lower_ok(
        "__constant__ float cw[4];
         __global__ void k(float* p) { cw[0] = p[0]; atomicAdd(&cw[1], 1.0f); }",
    );
    let f = func(&m, "_Z1kPf");
    assert!(insts(f)
        .iter()
        .any(|d| matches!(d, oxicc_ir::InstData::Unreachable)));
    let konst = oxicc_ir::Type::Ptr(oxicc_ir::AddrSpace::Const);
    assert!(!insts(f).iter().any(|d| match d {
        oxicc_ir::InstData::Store { ptr, .. } | oxicc_ir::InstData::AtomicRmw { ptr, .. } =>
            f.value_type(*ptr) == konst,
        _ => false,
    }));
}

#[test]
fn by_value_parameters_whose_arrays_escape_are_copied() {
    let m = lower_ok(
        "struct Arr { int v[8]; float s; };
         __device__ __noinline__ void fill(int* p) { p[0] = 1; }
         __global__ void k(Arr a, int* out) { fill(a.v); out[0] = a.v[0]; }
         __global__ void k2(Arr a, int* out) { out[0] = a.v[out[1] & 7]; }",
    );
    let has_copy = |name: &str| func(&m, name).stack_slots.iter().any(|(_, s)| s.size == 36);
    // `a.v` decays to a pointer that `fill` writes through: a local copy.
    assert!(has_copy("_Z1k3ArrPi"));
    // Only indexed: read in place from the parameter space.
    assert!(!has_copy("_Z2k23ArrPi"));
}

#[test]
fn members_of_anonymous_unions_are_found() {
    let m = lower_ok(
        "struct S { int tag; union { float f; unsigned u; }; };
         __global__ void k(S* s, unsigned* o) { s->f = 1.0f; o[0] = s->u + sizeof(S); }",
    );
    assert!(m.function_by_name("_Z1kP1SPj").is_some());
}

#[test]
fn launch_bounds_on_a_prototype_apply_to_the_definition() {
    let m = lower_ok(
        "__global__ void __launch_bounds__(64) k(float* p);
         __global__ void k(float* p) { p[0] = 1; }",
    );
    assert_eq!(func(&m, "_Z1kPf").launch_bounds, Some((64, 0)));
}

#[test]
fn assert_malloc_and_free_are_external_calls_like_nvcc() {
    let m = lower_ok(
        "#include <cassert>\n#include <cstdlib>\n
         __global__ void k(int* p) { assert(p[0] > 0); int* q = (int*)malloc(16); q[0] = p[1]; free(q); }",
    );
    for name in ["__assertfail", "malloc", "free"] {
        let f = m
            .function_by_name(name)
            .unwrap_or_else(|| panic!("{name} declared"));
        assert_eq!(m.functions[f].linkage, oxicc_ir::Linkage::Import);
    }
}

#[test]
fn memset_and_memcpy_expand_to_byte_loops() {
    let m = lower_ok(
        "#include <cstring>\n
         __global__ void k(int* o) { int a[4]; memset(a, 0, sizeof(a)); memcpy(o, a, 16); }",
    );
    let f = func(&m, "_Z1kPi");
    assert!(m.function_by_name("memset").is_none() && m.function_by_name("memcpy").is_none());
    assert!(!insts(f)
        .iter()
        .any(|d| matches!(d, oxicc_ir::InstData::Call { .. })));
}

#[test]
fn struct_members_initialized_from_whole_structs() {
    lower_ok(
        "struct V { float x, y; };
         struct Seg { V a, b; int n; };
         __device__ V mk(float t) { V v = {t, t}; return v; }
         __global__ void k(V* p, int* o) {
             V v = p[0];
             Seg s = {v, mk(2.0f), 3};
             Seg t = {{1, 2}, p[1], 4};
             Seg u = {1, 2, 3, 4, 5};
             o[0] = (int)(s.b.y + t.a.x + u.b.y) + s.n;
         }",
    );
}

#[test]
fn integer_initializers_that_call_functions_are_not_constant_errors() {
    // The narrowing check evaluates integer initializers; a call of a function that is not
    // constexpr is simply not a constant (it used to leave "expression must have a constant
    // value" behind). `__syncwarp` and `__activemask` lower to their own instructions.
    let m = lower_ok(
        "__device__ unsigned foo() { return 2u; }
         struct S { __device__ static unsigned f() { return 3u; }
                    __device__ unsigned g() const { unsigned m = f(); return m + foo(); } };
         __global__ void k(unsigned *o) {
           unsigned x = foo();
           unsigned y(foo());
           S s;
           __syncwarp();
           __syncwarp(0x0000ffffu);
           o[0] = x + y + s.g() + __activemask();
         }",
    );
    let k = func(&m, "_Z1kPj");
    let all = insts(k);
    assert_eq!(
        all.iter()
            .filter(|i| matches!(i, oxicc_ir::InstData::WarpSync { .. }))
            .count(),
        2
    );
    assert!(all
        .iter()
        .any(|i| matches!(i, oxicc_ir::InstData::ActiveMask)));
}

/// C's signed `+ - *` (and `++`/`--` of signed types) overflow undefinedly: their IR
/// operations carry `nsw`; unsigned arithmetic wraps and does not; `short` operands are
/// promoted to `int` first, so their operations are `nsw` too (in `i32`, where they cannot
/// overflow).
#[test]
fn signed_arithmetic_is_marked_nsw() {
    use oxicc_ir::{BinaryOp, InstData, Type};
    let cases: [(&str, &str, BinaryOp, Type, bool); 8] = [
        (
            "k_add_int",
            "int* o, int a, int b) { *o = a + b;",
            BinaryOp::Add,
            Type::I32,
            true,
        ),
        (
            "k_add_uint",
            "unsigned* o, unsigned a, unsigned b) { *o = a + b;",
            BinaryOp::Add,
            Type::I32,
            false,
        ),
        (
            "k_mul_ll",
            "long long* o, long long a, long long b) { *o = a * b;",
            BinaryOp::Mul,
            Type::I64,
            true,
        ),
        (
            "k_mul_ull",
            "unsigned long long* o, unsigned long long a) { *o = a * a;",
            BinaryOp::Mul,
            Type::I64,
            false,
        ),
        (
            "k_sub_short",
            "int* o, short a, short b) { *o = a - b;",
            BinaryOp::Sub,
            Type::I32,
            true,
        ),
        (
            "k_inc_int",
            "int* o, int a) { *o = ++a;",
            BinaryOp::Add,
            Type::I32,
            true,
        ),
        (
            "k_dec_uint",
            "unsigned* o, unsigned a) { *o = a--;",
            BinaryOp::Sub,
            Type::I32,
            false,
        ),
        (
            "k_compound_ushort",
            "unsigned short* o, unsigned short a) { a += 1; *o = a;",
            BinaryOp::Add,
            Type::I32,
            true,
        ),
    ];
    for (name, body, op, ty, nsw) in cases {
        let m = lower_ok(&format!("extern \"C\" __global__ void {name}({body} }}"));
        let f = func(&m, name);
        let got: Vec<(BinaryOp, Type, bool)> = f
            .layout
            .iter()
            .flat_map(|b| f.blocks[*b].insts.iter())
            .filter_map(|&i| match f.insts[i].data {
                InstData::Binary { op, nsw, .. } => {
                    Some((op, f.value_type(f.insts[i].result?), nsw))
                }
                _ => None,
            })
            .collect();
        assert_eq!(got, [(op, ty, nsw)], "{name}:\n{m}");
    }
}
