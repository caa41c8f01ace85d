//! Member alias templates named inside their class before its member table exists
//! (`<future>`'s `__future_base`: `template <class R> using _Ptr = unique_ptr<R,
//! _Result_base::_Deleter>;`, then `typedef _Ptr<_Result_base> _Ptr_type;` in the member
//! class `_State_baseV2`): by a member class, by a member typedef and by a data member, with
//! the alias's definition naming another member class. Each was "P is not a class
//! template" or an undefined typedef. The stored size is `sizeof(holder<rb, rb::del>)`,
//! counted by hand: a pointer (8) and an `int` member struct (4), padded to 16.

use crate::ptxas_support;
use oxicc::{compile, Options};

const SRC: &str = "template <class T, class D> struct holder { T *p; D d; };\n\
struct fb {\n\
  struct rb { int x; struct del { int y; }; };\n\
  template <typename R> using P = holder<R, rb::del>;\n\
  typedef P<rb> own_t;\n\
  P<rb> direct;\n\
  own_t typed;\n\
  class st {\n\
    typedef P<rb> pt;\n\
    pt m;\n\
  public:\n\
    __device__ int get() { return sizeof(m); }\n\
  };\n\
};\n\
__global__ void k(int *p) { fb::st s; fb f; p[0] = s.get(); p[1] = sizeof(f.direct) + sizeof(f.typed); }\n";

#[test]
fn member_alias_templates_serve_member_classes_typedefs_and_data_members() {
    let out = compile("alias.cu", SRC, &Options::default());
    let errors: Vec<String> = out.diagnostics.iter().map(|d| d.to_string()).collect();
    let ptx = out.text.unwrap_or_else(|| panic!("{}", errors.join("\n")));
    let one = 8 + 8; // `T *` then `D` (4 bytes, padded to the pointer's alignment)
    assert!(
        ptx.contains(&format!("st.global.u32 \t[%rd1], {one};")),
        "{ptx}"
    );
    assert!(
        ptx.contains(&format!("st.global.u32 \t[%rd1+4], {};", 2 * one)),
        "{ptx}"
    );
    ptxas_support::assert_ptxas_accepts(&ptx, 75, "member_alias_templates");
}
