"""oxicc: compile CUDA C++ to PTX in process, with no CUDA toolkit and no NVRTC.

    >>> import oxicc
    >>> r = oxicc.compile(src, arch="sm_80", options=["-DN=4"],
    ...                   headers={"params.h": "#define SCALE 2"},
    ...                   name_expressions=["scale<float, 4>"])
    >>> r.ptx, r.lowered_names["scale<float, 4>"]

A failed compile raises CompileError, whose .diagnostics lists every error and warning
(file, line, column, message, source line) and whose .log is the text NVRTC would log.
An option oxicc does not know raises ValueError.
"""

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence

from ._oxicc import __version__
from ._oxicc import compile as _compile

__all__ = ["compile", "CompileError", "CompileResult", "Diagnostic", "__version__"]


@dataclass(frozen=True)
class Diagnostic:
    severity: str
    file: str
    line: int
    column: int
    message: str
    source_line: str

    def __str__(self):
        return "%s:%d:%d: %s: %s" % (self.file, self.line, self.column, self.severity, self.message)


@dataclass(frozen=True)
class CompileResult:
    ptx: str
    lowered_names: Dict[str, str]
    log: str
    diagnostics: List[Diagnostic]


class CompileError(Exception):
    """The source did not compile; .diagnostics and .log say why."""

    def __init__(self, log: str, diagnostics: List[Diagnostic]):
        super().__init__(log)
        self.log = log
        self.diagnostics = diagnostics


def compile(
    source: str,
    arch: Optional[str] = None,
    options: Sequence[str] = (),
    headers: Optional[Dict[str, str]] = None,
    name_expressions: Sequence[str] = (),
    name: str = "kernel.cu",
) -> CompileResult:
    """Compiles CUDA C++ `source` to PTX.

    arch: "sm_80", "compute_90", … (default: oxicc's, sm_75); options: nvcc-spelled
    options ("-O3", "-DN=4", "-I/path", "--use_fast_math"); headers: in-memory headers by
    include name; name_expressions: expressions such as "kernel<float, 4>" whose lowered
    (mangled) names to return, instantiating templates as needed.
    """
    opts = list(options)
    if arch is not None:
        opts.insert(0, "-arch=" + arch)
    ptx, log, lowered, diags = _compile(
        source, name, opts, dict(headers or {}), list(name_expressions)
    )
    diagnostics = [Diagnostic(*d) for d in diags]
    if ptx is None:
        raise CompileError(log, diagnostics)
    return CompileResult(ptx, {e: n for e, n in lowered}, log, diagnostics)
