//! Syntax errors: each is a diagnostic at the offending token with a clear message, the
//! parser recovers and reports later errors too, and no input panics or overflows the
//! stack (nesting limits, checked on a thread with a 2 MiB stack).

use crate::parse_common;
use parse_common::parse;

fn errors(src: &str) -> Vec<String> {
    parse(src).diags
}

#[test]
fn missing_semicolons() {
    assert_eq!(
        errors("__device__ void f() { int x = 1 int y = 2; return; }"),
        ["1:33: Error: expected `;` after declaration"]
    );
    assert_eq!(
        errors("__device__ void f(int x) { x = 1 }"),
        ["1:34: Error: expected `;` after expression"]
    );
    assert_eq!(
        errors("__device__ int f(int x) { return x }"),
        ["1:36: Error: expected `;` after return statement"]
    );
    assert_eq!(
        errors("__device__ int g; __device__ int h"),
        ["1:35: Error: expected `;` after declaration"]
    );
}

#[test]
fn several_errors_are_reported() {
    let src = "__global__ void k(int *a) {\n  a[0] = ;\n  a[1] = 2\n  a[2] = (3;\n  a[3] = 4;\n}\n__device__ int ok(int x) { return x +; }\n";
    assert_eq!(
        errors(src),
        [
            "2:10: Error: expected expression, found `;`",
            "4:3: Error: expected `;` after expression",
            "7:38: Error: expected expression, found `;`",
        ]
    );
}

#[test]
fn lexical_errors() {
    assert_eq!(
        errors("__device__ int x = 1 @ 2;"),
        ["1:22: Error: unknown token `@`"]
    );
    assert_eq!(
        errors("__device__ int x = 1; /* never closed\n__device__ int y;"),
        ["1:23: Error: unterminated comment"]
    );
    let e = errors("__device__ const char *s = \"abc;\n__device__ int y;");
    assert_eq!(e[0], "1:28: Error: unterminated string literal");
    let e = errors("__device__ char c = 'a;\n");
    assert_eq!(e[0], "1:21: Error: unterminated character literal");
}

#[test]
fn literal_errors() {
    assert_eq!(
        errors("__device__ unsigned long long x = 18446744073709551616;"),
        ["1:35: Error: integer literal is too large to be represented in any integer type"]
    );
    assert_eq!(
        errors("__device__ int x = 09;"),
        ["1:20: Error: invalid digit `9` in octal constant"]
    );
    assert_eq!(
        errors("__device__ float x = 1e39f;"),
        ["1:22: Warning: floating literal is too large for type `float`"]
    );
}

#[test]
fn declaration_errors() {
    assert_eq!(
        errors("__device__ void f() { uint x = 1; }"),
        ["1:23: Error: unknown type name `uint`"]
    );
    assert_eq!(
        errors("__device__ void f(int y) { int x = (uint)y + (uint)3; }"),
        [
            "1:37: Error: unknown type name `uint`",
            "1:47: Error: unknown type name `uint`"
        ]
    );
    assert_eq!(
        errors("__device__ float int x;"),
        ["1:18: Error: invalid combination of type specifiers"]
    );
    assert_eq!(
        errors("__device__ void f() { int (x; }"),
        ["1:29: Error: expected `)` in declarator"]
    );
    assert_eq!(
        errors("__device__ int a[4;"),
        ["1:19: Error: expected `]` to close the array size"]
    );
    assert_eq!(
        errors("struct S { int a; int b };"),
        ["1:25: Error: expected `;` after a member declaration"]
    );
    assert_eq!(
        errors("__device__ void f(int a, ) {}"),
        ["1:26: Error: expected a parameter declaration, found `)`"]
    );
    assert_eq!(
        errors("__device__ void f() { using namespace ; }"),
        ["1:39: Error: expected a name, found `;`"]
    );
}

#[test]
fn statement_errors() {
    assert_eq!(
        errors("__device__ void f(int x) { if x > 0) x = 1; }"),
        ["1:31: Error: expected `(` after `if`"]
    );
    assert_eq!(
        errors("__device__ void f(int x) { do x++; (x < 3); }"),
        ["1:36: Error: expected `while` after `do` body"]
    );
    assert_eq!(
        errors("__device__ void f(int x) { for (int i = 0; i < 3) x++; }"),
        ["1:49: Error: expected `;` after `for` condition"]
    );
    assert_eq!(
        errors("__device__ void f(int x) { switch (x) { case 1 x = 2; } }"),
        ["1:48: Error: expected `:` after `case` value"]
    );
    assert_eq!(
        errors("__device__ void f(int *p) { p<<<1, 1>>>(); }"),
        ["1:30: Error: a kernel launch `<<<…>>>` is only allowed in host code"]
    );
}

#[test]
fn unclosed_blocks() {
    let p = parse("__global__ void k(int *a) {\n  if (a) {\n    a[0] = 1;\n");
    assert_eq!(
        p.diags,
        [
            "4:1: Error: expected `}` at end of block",
            "2:10: Note: to match this `{`"
        ]
    );
    let p = parse("int main() {\n  return 0;\n");
    assert_eq!(
        p.diags,
        [
            "3:1: Error: expected `}` at end of function body",
            "1:12: Note: to match this `{`"
        ]
    );
    assert_eq!(errors("}"), ["1:1: Error: unexpected `}`"]);
}

#[test]
fn file_scope_garbage_is_reported() {
    assert_eq!(
        errors("42;"),
        ["1:1: Error: expected a declaration, found `42`"]
    );
    assert_eq!(
        errors("__device__ int x = ;\n__device__ int y = 2;"),
        ["1:20: Error: expected expression, found `;`"]
    );
}

/// Runs `f` on a thread with the default 2 MiB stack.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn nesting_errors(src: String) -> Vec<String> {
    on_small_stack(move || parse(&src).diags)
}

const TOO_DEEP: &str = "Error: nesting too deep: more than 256 nested levels";

#[test]
fn deep_parentheses() {
    let n = 10_000;
    let src = format!("__device__ int x = {}1{};", "(".repeat(n), ")".repeat(n));
    let d = nesting_errors(src);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].ends_with(TOO_DEEP), "{d:?}");
}

#[test]
fn deep_blocks() {
    let n = 10_000;
    let src = format!("__device__ void f() {}{}", "{".repeat(n), "}".repeat(n + 1));
    let d = nesting_errors(src);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].ends_with(TOO_DEEP), "{d:?}");
}

#[test]
fn deep_unary_casts_conditionals_and_assignments() {
    for (prefix, middle, suffix) in [
        ("-", "x", ""),
        ("!~", "x", ""),
        ("(int)", "x", ""),
        ("x ? 1 : ", "x", ""),
        ("x = ", "x", ""),
        ("f(", "x", ")"),
        ("a[", "0", "]"),
        ("sizeof ", "x", ""),
    ] {
        let n = 10_000;
        let src = format!(
            "__device__ void g() {{ x = {}{}{}; }}",
            prefix.repeat(n),
            middle,
            suffix.repeat(n)
        );
        let d = nesting_errors(src);
        assert_eq!(d.len(), 1, "{prefix}: {d:?}");
        assert!(d[0].contains("nesting too deep"), "{prefix}: {d:?}");
    }
}

#[test]
fn deep_declarators_initializers_and_statements() {
    let n = 10_000;
    for src in [
        format!("int {}x{};", "(".repeat(n), ")".repeat(n)),
        format!("int {}x;", "*".repeat(n)),
        format!("int x{};", "[1]".repeat(n)),
        format!("__device__ int x = {}1{};", "{".repeat(n), "}".repeat(n)),
        format!(
            "__device__ void f(int x) {{ {} x++; }}",
            "if (x) ".repeat(n)
        ),
        format!(
            "__device__ void f(int x) {{ {} x++; }}",
            "while (x) ".repeat(n)
        ),
        format!("__device__ void f(int x) {{ {} x++; }}", "l: ".repeat(n)),
        format!(
            "__device__ void f(int x) {{ {} x++; }}",
            "__pragma_unroll(); ".repeat(n)
        ),
        format!(
            "struct S {{ {} int x; {} }};",
            "struct {".repeat(n),
            "} a;".repeat(n)
        ),
        format!("{} int x; {}", "extern \"C\" {".repeat(n), "}".repeat(n)),
    ] {
        let d = nesting_errors(src.clone());
        assert!(!d.is_empty(), "{}", &src[..60]);
        assert!(
            d.iter().any(|e| e.contains("nesting too deep")),
            "{}: {d:?}",
            &src[..60]
        );
    }
}

#[test]
fn long_chains_are_limited_but_fine_below_the_limit() {
    // A 500-term sum is ordinary code.
    let src = format!("__device__ int x = {}1;", "1 + ".repeat(500));
    assert!(nesting_errors(src).is_empty());
    // A 100,000-term sum would build a tree too deep for later stages.
    let src = format!("__device__ int x = {}1;", "1 + ".repeat(100_000));
    let d = nesting_errors(src);
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].contains("expression nesting too deep"), "{d:?}");
    let src = format!("__device__ void f() {{ x{}; }}", "[0]".repeat(100_000));
    assert!(nesting_errors(src)[0].contains("expression nesting too deep"));
    // Long `else if` chains and runs of case labels are ordinary code too.
    let src = format!(
        "__device__ int f(int x) {{ {} return 0; }}",
        (0..600)
            .map(|i| format!("if (x == {i}) return {i}; else "))
            .collect::<String>()
    );
    assert!(nesting_errors(src).is_empty());
    let src = format!(
        "__device__ int f(int x) {{ switch (x) {{ {} return 1; }} return 0; }}",
        (0..600).map(|i| format!("case {i}: ")).collect::<String>()
    );
    assert!(nesting_errors(src).is_empty());
}

/// A small deterministic generator (xorshift) for token soup.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn token_soup_never_panics() {
    let vocab = [
        "__global__",
        "__device__",
        "void",
        "int",
        "float",
        "unsigned",
        "struct",
        "S",
        "T",
        "x",
        "y",
        "typedef",
        "enum",
        "if",
        "else",
        "for",
        "while",
        "do",
        "switch",
        "case",
        "default",
        "return",
        "break",
        "sizeof",
        "static_cast",
        "<",
        ">",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ";",
        ",",
        ":",
        "?",
        "=",
        "+",
        "-",
        "*",
        "&",
        "&&",
        "|",
        "1",
        "2.5f",
        "'c'",
        "\"s\"",
        "...",
        ".",
        "->",
        "++",
        "<<<",
        ">>>",
        "template",
        "namespace",
        "::",
        "extern",
        "\"C\"",
        "__pragma_unroll",
        "__launch_bounds__",
        "__attribute__",
        "const",
        "@",
        "#",
        "main",
    ];
    let mut rng = Rng(0x9e3779b97f4a7c15);
    let mut srcs = Vec::new();
    for _ in 0..3000 {
        let len = (rng.next() % 40) as usize;
        let words: Vec<&str> = (0..len)
            .map(|_| vocab[(rng.next() % vocab.len() as u64) as usize])
            .collect();
        srcs.push(words.join(" "));
    }
    on_small_stack(move || {
        for s in &srcs {
            let _ = parse(s);
        }
    });
}

#[test]
fn character_soup_never_panics() {
    let chars: Vec<char> = "abcxyzT_019 .,;:()[]{}<>=+-*/%&|^!~?'\"\\#@\n\tfuelLxXpP"
        .chars()
        .collect();
    let mut rng = Rng(0x2545f4914f6cdd1d);
    let mut srcs = Vec::new();
    for _ in 0..3000 {
        let len = (rng.next() % 120) as usize;
        let s: String = (0..len)
            .map(|_| chars[(rng.next() % chars.len() as u64) as usize])
            .collect();
        // Half of them inside a device function, where statements and expressions parse.
        if rng.next() & 1 == 0 {
            srcs.push(format!("__device__ void f(int x) {{ {s} }}"));
        } else {
            srcs.push(s);
        }
    }
    on_small_stack(move || {
        for s in &srcs {
            let _ = parse(s);
        }
    });
}

#[test]
fn every_prefix_of_a_kernel_parses_without_panic() {
    let src = "typedef float T; struct P { int a : 3; float b[2]; };
extern \"C\" __global__ void __launch_bounds__(128) k(const T *__restrict__ in, T *out, int n) {
    __shared__ T tile[32][33];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    #pragma unroll 4
    for (int j = 0; j < n; ++j) { tile[j & 31][i & 31] = (T)in[i] * 2.0f; }
    switch (i) { case 0: out[i] = sizeof(struct P); break; default: out[i] = i > 0 ? 1 : 2; }
    do { i >>= 1; } while (i);
}
int main() { k<<<1, 1>>>(0, 0, 0); }";
    let src = src.replace("#pragma unroll 4", "__pragma_unroll(4);");
    on_small_stack(move || {
        for end in 0..src.len() {
            if src.is_char_boundary(end) {
                let _ = parse(&src[..end]);
            }
        }
    });
}

#[test]
fn empty_input_and_missing_eof() {
    use oxicc::lex::{Token, TokenKind};
    let arena = bumpalo::Bump::new();
    let mut interner = oxicc::intern::Interner::new();
    let sources = oxicc::source::SourceMap::new();
    let mut diags = oxicc::diag::Diagnostics::new();
    let tu = oxicc::parse::parse_translation_unit(&[], &arena, &mut interner, &sources, &mut diags);
    assert!(tu.decls.is_empty() && diags.list.is_empty());
    // A stream without its final `Eof` still ends cleanly.
    let int = Token::new(TokenKind::Ident(oxicc::intern::kw::INT), Default::default());
    let tu =
        oxicc::parse::parse_translation_unit(&[int], &arena, &mut interner, &sources, &mut diags);
    assert!(tu.decls.is_empty());
    assert_eq!(diags.error_count(), 1);
}
