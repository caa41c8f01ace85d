//! A member typedef that names a member class template of its own class, used by a data
//! member after it (libstdc++'s `__uniq_ptr_impl`: `using pointer = typename _Ptr<_Tp,
//! _Dp>::type;` then `tuple<pointer, _Dp> _M_t;`, which is every `std::unique_ptr` with the
//! host's headers). Member class templates were declared only with the member table, after
//! the layout, so the typedef failed quietly and the data member was "identifier pointer
//! is undefined" (and `impl<int, long>::pointer` in a kernel an internal error). The
//! partial specialization picks the deleter's own `pointer` type where it has one, the
//! primary `U *` otherwise. Compiled by oxicc and by nvcc, run in the PTX interpreter and
//! compared with values computed in plain Rust.

use oxicc_emu::Outcome;
use oxicc_tests::small_kernels::{nvcc_ptx_of_source, oxicc_ptx, run_checked};

const SRC: &str = r#"
template <class...> using void_t = void;
template <class T> struct rr { typedef T type; };
template <class T, class D> class impl {
    template <class U, class E, class = void> struct P { using type = U *; };
    template <class U, class E>
    struct P<U, E, void_t<typename rr<E>::type::pointer>> {
        using type = typename rr<E>::type::pointer;
    };
public:
    using pointer = typename P<T, D>::type;
    pointer ptr;
    D del;
    __device__ impl(pointer p) : ptr(p), del() {}
};
struct plain_del { int tag; };
struct short_del { typedef short *pointer; int tag; };
__global__ void k(long long *out, int *a, short *b) {
    impl<int, plain_del> x(a);
    impl<int, short_del> y(b);
    impl<char, plain_del>::pointer c = 0;
    out[0] = sizeof(x.ptr);
    out[1] = *x.ptr;
    out[2] = *y.ptr;
    out[3] = sizeof(*y.ptr);
    out[4] = sizeof(*x.ptr);
    out[5] = sizeof(impl<char, plain_del>);
    out[6] = sizeof(*c);
}
"#;

const LAUNCH: &str = r#"{
  "grid": [1], "block": [1],
  "args": [ {"buffer": "out", "type": "i64", "len": 7, "fill": {"value": -1}},
            {"buffer": "a", "type": "i32", "len": 1, "fill": {"value": 123456}},
            {"buffer": "b", "type": "i16", "len": 1, "fill": {"value": -321}} ]
}"#;

fn run(ptx: &str) -> Outcome {
    run_checked(ptx, LAUNCH, 75)
}

#[test]
fn member_typedefs_name_member_class_templates_before_the_layout() {
    // `impl<char, plain_del>`: a pointer (8) and an `int` struct (4), padded to 16.
    let ptr = std::mem::size_of::<*const u8>();
    let impl_char = (ptr + std::mem::size_of::<i32>()).next_multiple_of(ptr);
    let want = vec![
        ptr as i64,
        123456,
        -321,
        std::mem::size_of::<i16>() as i64,
        std::mem::size_of::<i32>() as i64,
        impl_char as i64,
        std::mem::size_of::<u8>() as i64,
    ];
    let ptx = oxicc_ptx("member_class_template.cu", SRC, &oxicc::Options::default());
    assert_eq!(run(&ptx).buffer("out").expect("out").to_i64(), want);

    let nvcc = nvcc_ptx_of_source(SRC, 75);
    assert_eq!(run(&nvcc).buffer("out").expect("out").to_i64(), want);
}
