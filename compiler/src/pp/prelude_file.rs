//! The prelude snapshot as bytes: those built into the compiler (`compiler/prelude/
//! prelude.bin`, for the `oxicc` command's default options, and `prelude-sm_90.bin`, the
//! same with `-arch=sm_90`), so that a process that compiles once restores the state after
//! `cuda_runtime.h` too.
//!
//! The file starts with a fingerprint of everything that decides a snapshot's contents
//! besides its key (the built-in headers, the preprocessor, lexer, interner and source
//! map code: `OXICC_PRELUDE_INPUTS`, computed by `build.rs`). A file made by another
//! build is ignored (the compile preprocesses the prelude as usual), and
//! `compiler/tests/prelude_file.rs` fails until it is made again:
//! `OXICC_BLESS_PRELUDE=1 cargo test --release -p oxicc --test compiler prelude_file`.
//! Then comes the key, read before anything else so that a compile with other options
//! (another `-arch`, a `-D`) decodes nothing, then the state. Numbers are LEB128, tokens fixed records; a file
//! that does not decode is ignored too, never a panic.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use super::macros::{Builtin, Macro, MacroKind};
use super::prelude::{FrozenFile, Key, Snapshot};
use super::{builtin_header, Expansion, FileInfo, Origin};
use crate::intern::{Interner, Symbol, KEYWORDS};
use crate::lex::{Punct, Token, TokenKind};
use crate::source::{FileId, Span};

const MAGIC: &[u8; 8] = b"OXPRE\x001\x00";

/// The build's fingerprint of the snapshot's inputs.
const INPUTS: &str = env!("OXICC_PRELUDE_INPUTS");

/// The snapshots built into the compiler: the command's default options (`-arch=sm_75`),
/// and the same with `-arch=sm_90`. The key holds the predefined macros (`__CUDA_ARCH__`),
/// so each `-arch` needs its own; without this one an `sm_90` compile preprocessed
/// `cuda_runtime.h` from its text (25 M instructions, 40% of an empty file's compile).
/// `EMBEDDED_ARCHS` names them in the same order for `tests/prelude_file.rs`.
static EMBEDDED: [&[u8]; 2] = [
    include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/prelude/prelude.bin")),
    include_bytes!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/prelude/prelude-sm_90.bin"
    )),
];

/// The `-arch` of each embedded snapshot (`None`: the command's default) and its file in
/// `compiler/prelude/`.
pub const EMBEDDED_ARCHS: [(Option<&str>, &str); 2] =
    [(None, "prelude.bin"), (Some("sm_90"), "prelude-sm_90.bin")];

/// Every `Punct`, in declaration order (its code in the file is `p as u32`; a code past
/// the table does not decode).
const PUNCTS: [Punct; 50] = {
    use Punct::*;
    [
        LParen,
        RParen,
        LBracket,
        RBracket,
        LBrace,
        RBrace,
        Semi,
        Comma,
        Colon,
        ColonColon,
        Question,
        Dot,
        Ellipsis,
        Arrow,
        DotStar,
        ArrowStar,
        Plus,
        Minus,
        Star,
        Slash,
        Percent,
        Amp,
        Pipe,
        Caret,
        Tilde,
        Bang,
        Assign,
        Lt,
        Gt,
        PlusPlus,
        MinusMinus,
        Shl,
        AmpAmp,
        PipePipe,
        EqEq,
        NotEq,
        Le,
        Ge,
        PlusAssign,
        MinusAssign,
        StarAssign,
        SlashAssign,
        PercentAssign,
        AmpAssign,
        PipeAssign,
        CaretAssign,
        ShlAssign,
        ShrAssign,
        Hash,
        HashHash,
    ]
};

const BUILTINS: [Builtin; 12] = {
    use Builtin::*;
    [
        Line,
        File,
        BaseFile,
        Counter,
        IncludeLevel,
        Date,
        Time,
        Pragma,
        IfOnly,
        HasAttributeOp,
        HasCppAttributeOp,
        HasBuiltinOp,
    ]
};

const ORIGINS: [Origin; 4] = [
    Origin::Fs,
    Origin::Memory,
    Origin::Builtin,
    Origin::Predefined,
];

fn index_of<T: PartialEq>(table: &[T], x: &T) -> u32 {
    table
        .iter()
        .position(|t| t == x)
        .expect("every value is in its table") as u32
}

#[derive(Default)]
struct Writer(Vec<u8>);

impl Writer {
    fn num(&mut self, mut v: u64) {
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 {
                self.0.push(b);
                return;
            }
            self.0.push(b | 0x80);
        }
    }
    fn flag(&mut self, b: bool) {
        self.0.push(b as u8);
    }
    fn str(&mut self, s: &str) {
        self.num(s.len() as u64);
        self.0.extend_from_slice(s.as_bytes());
    }
    fn path(&mut self, p: &std::path::Path) {
        self.str(&p.to_string_lossy());
    }
    fn opt_path(&mut self, p: &Option<PathBuf>) {
        self.flag(p.is_some());
        if let Some(p) = p {
            self.path(p);
        }
    }
    fn span(&mut self, s: Span) {
        self.num(s.file.0 as u64);
        self.num(s.start as u64);
        self.num(s.end.wrapping_sub(s.start) as u64); // small
    }
    /// A token is a fixed record of five little-endian `u32`s (kind and flags and file,
    /// payload, start, end, expansion), so that the many thousands of them decode fast.
    fn token(&mut self, t: &Token) {
        let (tag, payload) = match t.kind {
            TokenKind::Ident(s) => (0, s.0),
            TokenKind::Number(s) => (1, s.0),
            TokenKind::Char(s) => (2, s.0),
            TokenKind::Str(s) => (3, s.0),
            TokenKind::Punct(p) => (4, p as u32),
            TokenKind::LaunchOpen => (5, 0),
            TokenKind::LaunchClose => (6, 0),
            TokenKind::Unknown(s) => (7, s.0),
            TokenKind::Eof => (8, 0),
        };
        let flags =
            t.leading_space as u32 | (t.line_start as u32) << 1 | (t.joined_next as u32) << 2;
        assert!(t.span.file.0 < 1 << 24, "file numbers fit 24 bits");
        let head = tag | flags << 4 | t.span.file.0 << 8;
        for v in [head, payload, t.span.start, t.span.end, t.expansion] {
            self.0.extend_from_slice(&v.to_le_bytes());
        }
    }

    fn tokens(&mut self, toks: &[Token]) {
        self.num(toks.len() as u64);
        for t in toks {
            self.token(t);
        }
    }
}

struct Reader<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Option<u8> {
        let b = *self.b.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }
    fn num(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= ((b & 0x7f) as u64) << shift;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
        None
    }
    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.num()?).ok()
    }
    fn count(&mut self) -> Option<usize> {
        // Every counted item takes at least one byte: a bound against corrupt lengths.
        let n = usize::try_from(self.num()?).ok()?;
        (n <= self.b.len() - self.pos).then_some(n)
    }
    fn flag(&mut self) -> Option<bool> {
        match self.byte()? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
    fn str(&mut self) -> Option<&str> {
        let n = self.count()?;
        let s = self.b.get(self.pos..self.pos + n)?;
        self.pos += n;
        std::str::from_utf8(s).ok()
    }
    fn path(&mut self) -> Option<PathBuf> {
        self.str().map(PathBuf::from)
    }
    fn opt_path(&mut self) -> Option<Option<PathBuf>> {
        Some(if self.flag()? {
            Some(self.path()?)
        } else {
            None
        })
    }
    fn sym(&mut self) -> Option<Symbol> {
        self.u32().map(Symbol)
    }
    fn span(&mut self) -> Option<Span> {
        let file = FileId(self.u32()?);
        let start = self.u32()?;
        let end = start.wrapping_add(self.u32()?);
        Some(Span::new(file, start, end))
    }
    fn tokens(&mut self) -> Option<Vec<Token>> {
        let n = self.count()?;
        let bytes = self
            .b
            .get(self.pos..self.pos.checked_add(n.checked_mul(20)?)?)?;
        self.pos += bytes.len();
        let mut out = Vec::with_capacity(n);
        for r in bytes.chunks_exact(20) {
            let w = |i: usize| u32::from_le_bytes([r[i], r[i + 1], r[i + 2], r[i + 3]]);
            let (head, payload) = (w(0), w(4));
            let kind = match head & 0xf {
                0 => TokenKind::Ident(Symbol(payload)),
                1 => TokenKind::Number(Symbol(payload)),
                2 => TokenKind::Char(Symbol(payload)),
                3 => TokenKind::Str(Symbol(payload)),
                4 => TokenKind::Punct(*PUNCTS.get(payload as usize)?),
                5 => TokenKind::LaunchOpen,
                6 => TokenKind::LaunchClose,
                7 => TokenKind::Unknown(Symbol(payload)),
                8 => TokenKind::Eof,
                _ => return None,
            };
            out.push(Token {
                kind,
                span: Span::new(FileId(head >> 8), w(8), w(12)),
                leading_space: head & 0x10 != 0,
                line_start: head & 0x20 != 0,
                joined_next: head & 0x40 != 0,
                expansion: w(16),
            });
        }
        Some(out)
    }
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        let n = self.count()?;
        (0..n).map(|_| item(self)).collect()
    }
}

fn write_key(w: &mut Writer, k: &Key) {
    w.str(&k.predefined);
    w.num(k.start_symbols as u64);
    w.flag(k.header_cache);
    w.num(k.work_limit);
    w.num(k.after_include_dirs.len() as u64);
    for d in &k.after_include_dirs {
        w.path(d);
    }
    w.opt_path(&k.cuda_path);
    w.opt_path(&k.sysroot);
    w.flag(k.host_headers);
    w.flag(k.no_std_inc);
    w.flag(k.no_std_inc_cxx);
}

fn read_key(r: &mut Reader<'_>) -> Option<Key> {
    Some(Key {
        predefined: r.str()?.to_string(),
        start_symbols: usize::try_from(r.num()?).ok()?,
        header_cache: r.flag()?,
        work_limit: r.num()?,
        after_include_dirs: r.list(Reader::path)?,
        cuda_path: r.opt_path()?,
        sysroot: r.opt_path()?,
        host_headers: r.flag()?,
        no_std_inc: r.flag()?,
        no_std_inc_cxx: r.flag()?,
    })
}

/// The bytes of a snapshot (made with a fresh interner: keywords first).
pub(super) fn encode(s: &Snapshot) -> Vec<u8> {
    let mut w = Writer::default();
    w.0.extend_from_slice(MAGIC);
    w.str(INPUTS);
    write_key(&mut w, &s.key);
    w.num((s.interner.len() - KEYWORDS.len()) as u64);
    for i in KEYWORDS.len()..s.interner.len() {
        w.str(s.interner.resolve(Symbol(i as u32)));
    }
    w.num(s.files.len() as u64);
    for f in &s.files {
        w.str(&f.name);
        // The texts of built-in headers and of `<built-in>` are known: only others are
        // stored.
        let known = file_text(&f.name, &s.key).is_some_and(|t| t == f.text);
        w.flag(known);
        if !known {
            w.str(&f.text);
        }
        w.num(f.marks.len() as u64);
        for (phys, logical, name) in &f.marks {
            w.num(*phys as u64);
            w.num(*logical as u64);
            w.str(name);
        }
        w.flag(f.included_from.is_some());
        if let Some(sp) = f.included_from {
            w.span(sp);
        }
        w.flag(f.system);
    }
    w.num(s.macros.len() as u64);
    for (sym, m) in &s.macros {
        w.num(sym.0 as u64);
        let kind = match m.kind {
            MacroKind::Object => 0,
            MacroKind::Function => 1,
            MacroKind::Builtin(b) => 2 + b as u32,
        };
        w.num(kind as u64);
        w.num(m.params.len() as u64);
        for p in &m.params {
            w.num(p.0 as u64);
        }
        w.flag(m.variadic);
        w.num(m.va_opt.map_or(0, |s| s.0 as u64 + 1));
        w.tokens(&m.body);
        for &p in m.param_of.iter() {
            w.num(p as u64);
        }
        w.flag(m.needs_subst);
        w.span(m.def_span);
    }
    w.num(s.gcc_checked.len() as u64);
    for &c in &s.gcc_checked {
        w.flag(c);
    }
    w.num(s.expansions.len() as u64);
    for e in &s.expansions {
        w.num(e.name.0 as u64);
        w.span(e.def_span);
        w.span(e.use_span);
        w.num(e.parent as u64);
    }
    w.num(s.file_keys.len() as u64);
    for (k, id) in &s.file_keys {
        w.str(k);
        w.num(id.0 as u64);
    }
    w.num(s.file_info.len() as u64);
    for (id, info) in &s.file_info {
        w.num(id.0 as u64);
        w.num(index_of(&ORIGINS, &info.origin) as u64);
        w.num(info.search_pos as u64);
    }
    w.num(s.once.len() as u64);
    for id in &s.once {
        w.num(id.0 as u64);
    }
    w.num(s.guards.len() as u64);
    for (id, sym) in &s.guards {
        w.num(id.0 as u64);
        w.num(sym.0 as u64);
    }
    w.num(s.counter as u64);
    w.num(s.work);
    w.tokens(&s.tokens);
    w.num(s.loads.len() as u64);
    for p in &s.loads {
        w.path(p);
    }
    w.num(s.probes.len() as u64);
    for (name, dirs) in &s.probes {
        w.str(name);
        w.flag(*dirs);
    }
    w.num(s.user_dirs as u64);
    w.0
}

/// The text of a file the snapshot need not store.
fn file_text(name: &str, key: &Key) -> Option<String> {
    if name == "<built-in>" {
        return Some(key.predefined.clone());
    }
    builtin_header(name.strip_prefix("<oxicc>/")?).map(str::to_string)
}

/// The key of a snapshot file made by this build (`None`: another build's, or not one).
fn read_header<'a>(bytes: &'a [u8]) -> Option<(Key, Reader<'a>)> {
    let mut r = Reader {
        b: bytes.strip_prefix(MAGIC)?,
        pos: 0,
    };
    if r.str()? != INPUTS {
        return None;
    }
    let key = read_key(&mut r)?;
    Some((key, r))
}

fn decode_body(key: Key, r: &mut Reader<'_>) -> Option<Snapshot> {
    let mut interner = Interner::new();
    let n = r.count()?;
    for i in 0..n {
        let s = r.str()?;
        if interner.intern(s).0 as usize != KEYWORDS.len() + i {
            return None;
        }
    }
    let files = r.list(|r| {
        let name = r.str()?.to_string();
        let text = if r.flag()? {
            file_text(&name, &key)?
        } else {
            r.str()?.to_string()
        };
        let marks = r.list(|r| Some((r.u32()?, r.u32()?, r.str()?.to_string())))?;
        let included_from = if r.flag()? { Some(r.span()?) } else { None };
        Some(FrozenFile {
            name,
            text,
            marks,
            included_from,
            system: r.flag()?,
        })
    })?;
    let macros = r.list(|r| {
        let name = r.sym()?;
        let kind = match r.u32()? {
            0 => MacroKind::Object,
            1 => MacroKind::Function,
            k => MacroKind::Builtin(*BUILTINS.get(k as usize - 2)?),
        };
        let params = r.list(Reader::sym)?;
        let variadic = r.flag()?;
        let va_opt = r.u32()?.checked_sub(1).map(Symbol);
        let body = r.tokens()?;
        let param_of = (0..body.len())
            .map(|_| u16::try_from(r.num()?).ok())
            .collect::<Option<Vec<u16>>>()?;
        let m = Macro {
            name,
            kind,
            params,
            variadic,
            va_opt,
            body: body.into(),
            param_of: param_of.into(),
            needs_subst: r.flag()?,
            def_span: r.span()?,
        };
        Some((name, m))
    })?;
    let gcc_checked = r.list(Reader::flag)?;
    let expansions = r.list(|r| {
        Some(Expansion {
            name: r.sym()?,
            def_span: r.span()?,
            use_span: r.span()?,
            parent: r.u32()?,
        })
    })?;
    let file_keys = r.list(|r| Some((r.str()?.to_string(), FileId(r.u32()?))))?;
    let file_info = r.list(|r| {
        let id = FileId(r.u32()?);
        let origin = *ORIGINS.get(r.u32()? as usize)?;
        let search_pos = usize::try_from(r.num()?).ok()?;
        Some((id, FileInfo { origin, search_pos }))
    })?;
    let once = r.list(|r| Some(FileId(r.u32()?)))?;
    let guards = r.list(|r| Some((FileId(r.u32()?), r.sym()?)))?;
    let counter = r.u32()?;
    let work = r.num()?;
    let tokens = r.tokens()?;
    let loads = r.list(Reader::path)?;
    let probes = r.list(|r| Some((r.str()?.to_string(), r.flag()?)))?;
    let user_dirs = usize::try_from(r.num()?).ok()?;
    (r.pos == r.b.len()).then_some(Snapshot {
        key,
        interner,
        files,
        macros,
        gcc_checked,
        expansions,
        file_keys,
        file_info,
        once,
        guards,
        counter,
        work,
        tokens,
        loads,
        probes,
        user_dirs,
    })
}

/// Decodes a whole snapshot file made by this build.
pub(super) fn decode(bytes: &[u8]) -> Option<Snapshot> {
    let (key, mut r) = read_header(bytes)?;
    decode_body(key, &mut r)
}

/// The built-in snapshot whose key `matches` accepts (each decoded once per process).
pub(super) fn embedded(matches: impl Fn(&Key) -> bool) -> Option<Arc<Snapshot>> {
    static DECODED: [OnceLock<Option<Arc<Snapshot>>>; 2] = [OnceLock::new(), OnceLock::new()];
    for (bytes, decoded) in EMBEDDED.iter().zip(&DECODED) {
        if let Some(done) = decoded.get() {
            match done.clone().filter(|s| matches(&s.key)) {
                Some(s) => return Some(s),
                None => continue,
            }
        }
        let Some((key, mut r)) = read_header(bytes) else {
            continue;
        };
        if !matches(&key) {
            continue;
        }
        return decoded
            .get_or_init(|| decode_body(key, &mut r).map(Arc::new))
            .clone();
    }
    None
}

/// Whether the built-in snapshot `i` (of `EMBEDDED_ARCHS`) was made by this build
/// (`compiler/tests/prelude_file.rs`).
pub fn embedded_prelude_is_current(i: usize) -> bool {
    EMBEDDED
        .get(i)
        .is_some_and(|b| read_header(b).is_some() && decode(b).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_follow_declaration_order() {
        for (i, p) in PUNCTS.iter().enumerate() {
            assert_eq!(*p as usize, i, "{p:?}");
        }
        assert_eq!(
            Punct::HashHash as usize,
            PUNCTS.len() - 1,
            "no Punct after ##"
        );
        for (i, b) in BUILTINS.iter().enumerate() {
            assert_eq!(*b as usize, i, "{b:?}");
        }
        assert_eq!(Builtin::HasBuiltinOp as usize, BUILTINS.len() - 1);
    }

    #[test]
    fn numbers_round_trip() {
        let mut w = Writer::default();
        let values = [0u64, 1, 127, 128, 300, u32::MAX as u64, u64::MAX];
        for v in values {
            w.num(v);
        }
        let mut r = Reader { b: &w.0, pos: 0 };
        for v in values {
            assert_eq!(r.num(), Some(v));
        }
        assert_eq!(r.num(), None, "the end");
    }
}
