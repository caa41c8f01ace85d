//! Device-side `printf` (`vprintf(format, argbuf)`) decoded the way CUDA does: arguments
//! packed in a local buffer, each aligned to its size (integers up to `int` as 4 bytes, `long`
//! and pointers as 8, floats promoted to double), formatted with C's conversions. Also the
//! message of `__assertfail`.

use crate::exec::{Env, Thread};
use crate::inst::{CallArg, Space};
use crate::memory::read_le;

pub(crate) fn call_arg(env: &Env, t: &Thread, site: u32, k: usize) -> u64 {
    let cs = &env.prog.calls[site as usize];
    let Some(&(arg, _, size)) = cs.args.get(k) else {
        return 0;
    };
    let pb = t.frames.last().map_or(0, |f| f.param_base) as usize;
    match arg {
        CallArg::Param(o) => {
            read_le(&t.fparam, pb + o as usize, (size as usize).min(8)).unwrap_or(0)
        }
        CallArg::Reg(r) => t.regs[t.base() + r as usize],
        CallArg::Imm(v) => v,
    }
}

fn read_cstr(env: &mut Env, t: &mut Thread, addr: u64) -> Result<String, String> {
    if addr == 0 {
        return Ok("(null)".into());
    }
    let mut bytes = Vec::new();
    for k in 0..65536u64 {
        let b = env.load(t, Space::Generic, addr + k, 1)? as u8;
        if b == 0 {
            break;
        }
        bytes.push(b);
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Formats one `vprintf` call into the printf buffer; returns the number of arguments.
pub fn vprintf(env: &mut Env, t: &mut Thread, site: u32) -> Result<u64, String> {
    let fmt_addr = call_arg(env, t, site, 0);
    let mut args = call_arg(env, t, site, 1);
    let fmt = read_cstr(env, t, fmt_addr)?;
    let mut out = String::new();
    let mut count = 0u64;
    let chars: Vec<char> = fmt.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        k += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut spec = Spec::default();
        while k < chars.len() && "-+ #0".contains(chars[k]) {
            match chars[k] {
                '-' => spec.left = true,
                '+' => spec.plus = true,
                ' ' => spec.space = true,
                '#' => spec.alt = true,
                _ => spec.zero = true,
            }
            k += 1;
        }
        while k < chars.len() && chars[k].is_ascii_digit() {
            spec.width = (spec.width * 10 + chars[k].to_digit(10).unwrap_or(0) as usize).min(4096);
            k += 1;
        }
        if k < chars.len() && chars[k] == '.' {
            k += 1;
            let mut p = 0;
            while k < chars.len() && chars[k].is_ascii_digit() {
                p = p * 10 + chars[k].to_digit(10).unwrap_or(0) as usize;
                k += 1;
            }
            // Bounded so that a huge precision cannot exhaust memory.
            spec.prec = Some(p.min(512));
        }
        let mut long = false;
        while k < chars.len() && "hlLqjzt".contains(chars[k]) {
            if "lLqjzt".contains(chars[k]) {
                long = true;
            }
            k += 1;
        }
        let Some(&conv) = chars.get(k) else { break };
        k += 1;
        if conv == '%' {
            out.push('%');
            continue;
        }
        let size: u64 = match conv {
            'd' | 'i' | 'u' | 'x' | 'X' | 'o' | 'c' if !long => 4,
            _ => 8,
        };
        if args == 0 {
            return Err("printf format needs more arguments than were passed".into());
        }
        args = args.div_ceil(size) * size;
        let raw = env.load(t, Space::Generic, args, size as usize)?;
        args += size;
        count += 1;
        let text = match conv {
            'd' | 'i' => {
                let v = if size == 4 {
                    raw as u32 as i32 as i64
                } else {
                    raw as i64
                };
                let sign = if v < 0 {
                    "-"
                } else if spec.plus {
                    "+"
                } else if spec.space {
                    " "
                } else {
                    ""
                };
                spec.number(sign, &v.unsigned_abs().to_string())
            }
            'u' => spec.number("", &raw.to_string()),
            'x' => spec.number(
                if spec.alt && raw != 0 { "0x" } else { "" },
                &format!("{raw:x}"),
            ),
            'X' => spec.number(
                if spec.alt && raw != 0 { "0X" } else { "" },
                &format!("{raw:X}"),
            ),
            'o' => spec.number(if spec.alt { "0" } else { "" }, &format!("{raw:o}")),
            'p' => spec.pad(format!("0x{raw:x}")),
            'c' => spec.pad(((raw as u8) as char).to_string()),
            's' => {
                let mut s = read_cstr(env, t, raw)?;
                if let Some(p) = spec.prec {
                    s = s.chars().take(p).collect();
                }
                spec.pad(s)
            }
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => spec.float(conv, f64::from_bits(raw)),
            other => return Err(format!("unsupported printf conversion `%{other}`")),
        };
        out.push_str(&text);
    }
    env.printf.push_str(&out);
    Ok(count)
}

#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

impl Spec {
    fn pad(&self, s: String) -> String {
        let n = s.chars().count();
        if n >= self.width {
            return s;
        }
        let fill = " ".repeat(self.width - n);
        if self.left {
            s + &fill
        } else {
            fill + &s
        }
    }

    fn number(&self, prefix: &str, digits: &str) -> String {
        let mut digits = digits.to_string();
        if let Some(p) = self.prec {
            if digits.len() < p {
                digits = "0".repeat(p - digits.len()) + &digits;
            }
            if p == 0 && digits == "0" {
                digits.clear();
            }
        }
        let body_len = prefix.len() + digits.len();
        if self.zero && !self.left && self.prec.is_none() && body_len < self.width {
            return format!("{prefix}{}{digits}", "0".repeat(self.width - body_len));
        }
        self.pad(format!("{prefix}{digits}"))
    }

    fn float(&self, conv: char, v: f64) -> String {
        let upper = conv.is_ascii_uppercase();
        let sign = if v.is_sign_negative() && !v.is_nan() {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        };
        let a = v.abs();
        let body = if a.is_nan() {
            "nan".to_string()
        } else if a.is_infinite() {
            "inf".to_string()
        } else {
            let p = self.prec.unwrap_or(6);
            match conv.to_ascii_lowercase() {
                'f' => format!("{a:.p$}"),
                'e' => exp_form(a, p),
                'a' => format!("{a:e}"),
                _ => {
                    let p = if p == 0 { 1 } else { p };
                    let x = if a == 0.0 {
                        0
                    } else {
                        exp_form(a, p - 1)
                            .rsplit('e')
                            .next()
                            .and_then(|e| e.parse::<i32>().ok())
                            .unwrap_or(0)
                    };
                    let s = if (p as i32) > x && x >= -4 {
                        format!("{a:.*}", (p as i32 - 1 - x) as usize)
                    } else {
                        exp_form(a, p - 1)
                    };
                    if self.alt {
                        s
                    } else {
                        strip_zeros(&s)
                    }
                }
            }
        };
        let body = if upper { body.to_uppercase() } else { body };
        let len = sign.len() + body.len();
        if self.zero && !self.left && len < self.width && a.is_finite() {
            return format!("{sign}{}{body}", "0".repeat(self.width - len));
        }
        self.pad(format!("{sign}{body}"))
    }
}

/// C's `%.pe`: one digit, point, p digits, `e`, sign, at least two exponent digits.
fn exp_form(a: f64, p: usize) -> String {
    let s = format!("{a:.p$e}");
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = exp.parse().unwrap_or(0);
    format!("{mant}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

fn strip_zeros(s: &str) -> String {
    let (mant, exp) = match s.find('e') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    let mant = if mant.contains('.') {
        mant.trim_end_matches('0').trim_end_matches('.')
    } else {
        mant
    };
    format!("{mant}{exp}")
}

/// The message of a failed device-side `assert`.
pub fn assert_message(env: &mut Env, t: &mut Thread, site: u32) -> String {
    let msg = call_arg(env, t, site, 0);
    let file = call_arg(env, t, site, 1);
    let line = call_arg(env, t, site, 2) as u32;
    let func = call_arg(env, t, site, 3);
    let msg = read_cstr(env, t, msg).unwrap_or_default();
    let file = read_cstr(env, t, file).unwrap_or_default();
    let func = read_cstr(env, t, func).unwrap_or_default();
    format!("device assertion `{msg}` failed at {file}:{line} in {func}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_float_forms() {
        let s = Spec::default();
        assert_eq!(s.float('f', 1.5), "1.500000");
        assert_eq!(s.float('e', 12345.678), "1.234568e+04");
        assert_eq!(s.float('g', 0.0001), "0.0001");
        assert_eq!(s.float('g', 1e-5), "1e-05");
        assert_eq!(s.float('g', 123456789.0), "1.23457e+08");
        assert_eq!(s.float('f', f64::NEG_INFINITY), "-inf");
        let w = Spec {
            width: 5,
            zero: true,
            ..Default::default()
        };
        assert_eq!(w.number("-", "42"), "-0042");
    }
}
