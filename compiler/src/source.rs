//! Source files and positions: `SourceMap`, `FileId`, `Span`.
//!
//! Every token and AST node carries a `Span` (file and byte range). Line and column numbers
//! are computed only when a diagnostic is printed, from per-file tables of line starts.
//! Tokens that come out of a macro expansion carry the span of the macro use in the file
//! being compiled, plus (in the preprocessor's expansion table) where the macro was defined.

/// A file loaded into the source map.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// A byte range in one file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(file: FileId, start: u32, end: u32) -> Span {
        Span { file, start, end }
    }
    /// The smallest span covering both (which must be in the same file; else `self`).
    pub fn to(self, other: Span) -> Span {
        if self.file != other.file {
            return self;
        }
        Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A `#line` remapping inside one file: from physical line `phys` on, lines count from
/// `logical`, and the file is called `name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMark {
    pub phys: u32,
    pub logical: u32,
    pub name: std::rc::Rc<str>,
}

/// One loaded file.
#[derive(Debug)]
pub struct SourceFile {
    /// The name shown in diagnostics and `__FILE__` (before any `#line`).
    pub name: String,
    pub text: String,
    /// Byte offsets where each line starts.
    line_starts: Vec<u32>,
    /// `#line` remappings, sorted by `phys` (usually empty).
    line_marks: Vec<LineMark>,
    /// Where the preprocessor first included this file (the header name of the
    /// `#include`): the include chain that diagnostics in the file show.
    pub included_from: Option<Span>,
    /// Found in a system folder (`-isystem`, `--cuda-path`, the host toolchain's,
    /// `-idirafter`): its warnings are not reported, as gcc's.
    pub system: bool,
}

impl SourceFile {
    pub fn new(name: String, text: String) -> SourceFile {
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i as u32 + 1);
            }
        }
        SourceFile {
            name,
            text,
            line_starts,
            line_marks: Vec::new(),
            included_from: None,
            system: false,
        }
    }

    /// Records `#line logical ["name"]` taking effect at physical line `phys`. Without a
    /// name the file keeps the name in force at that point. A file read twice (included
    /// again) records the same marks again: a mark at the same line replaces the old one.
    pub fn add_line_mark(&mut self, phys: u32, logical: u32, name: Option<&str>) {
        let name: std::rc::Rc<str> = match name {
            Some(n) => n.into(),
            None => self.presumed_line(phys).0.into(),
        };
        let mark = LineMark {
            phys,
            logical,
            name,
        };
        match self.line_marks.binary_search_by_key(&phys, |m| m.phys) {
            Ok(i) => self.line_marks[i] = mark,
            Err(i) => self.line_marks.insert(i, mark),
        }
    }

    /// The `#line` remappings, sorted by physical line.
    pub fn line_marks(&self) -> &[LineMark] {
        &self.line_marks
    }

    /// The file name and line number that physical line `line` has after `#line`
    /// directives (what `__FILE__`, `__LINE__` and diagnostics show).
    pub fn presumed_line(&self, line: u32) -> (&str, u32) {
        if self.line_marks.is_empty() {
            return (&self.name, line);
        }
        let i = self.line_marks.partition_point(|m| m.phys <= line);
        match i.checked_sub(1).map(|i| &self.line_marks[i]) {
            Some(m) => (&m.name, m.logical.wrapping_add(line - m.phys)),
            None => (&self.name, line),
        }
    }

    /// 1-based (line, column) of a byte offset; the column counts bytes.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line as u32 + 1, offset - self.line_starts[line] + 1)
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: u32) -> &str {
        let i = (line as usize).saturating_sub(1);
        let Some(&start) = self.line_starts.get(i) else {
            return "";
        };
        let end = self
            .line_starts
            .get(i + 1)
            .map(|e| *e as usize)
            .unwrap_or(self.text.len());
        self.text[start as usize..end].trim_end_matches(['\n', '\r'])
    }
}

/// All files of one compilation.
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push(SourceFile::new(name.into(), text.into()));
        FileId(self.files.len() as u32 - 1)
    }
    /// How many files there are.
    pub fn len(&self) -> usize {
        self.files.len()
    }
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }
    /// The names of all files, by `FileId`.
    pub fn names(&self) -> Vec<String> {
        self.files.iter().map(|f| f.name.clone()).collect()
    }
    pub fn file_mut(&mut self, id: FileId) -> &mut SourceFile {
        &mut self.files[id.0 as usize]
    }
    /// The source text a span covers.
    pub fn snippet(&self, span: Span) -> &str {
        let f = self.file(span.file);
        f.text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("")
    }
}
