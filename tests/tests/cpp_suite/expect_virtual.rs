//! Expected results of the C++ suite's function-pointer and virtual-function kernels,
//! computed in plain Rust from the launch's inputs.

use super::check::*;
use oxicc_emu::{Launch, Outcome};

/// Checks kernel `name`; `None` when this module does not know it.
pub fn check(name: &str, l: &Launch, o: &Outcome) -> Option<Check> {
    Some(match name {
        "function_pointers" => {
            let (x, pairs) = (i32s(l, "in"), i32s(l, "pairs"));
            let table = [|v: i32| v + 3, |v: i32| -v, |v: i32| v * v];
            let (mut out, mut new_pairs) = (vec![], vec![]);
            for (i, &v) in x.iter().enumerate() {
                let pick = if v & 1 != 0 { 1 } else { 0 }; // neg : add3 (table indices)
                let local = [1, 0][((v >> 1) & 1) as usize]; // neg, add3
                let mut r = table[i % 3](v) + table[pick](v) + table[local](v);
                let f = table[(i + 1) % 3];
                r += f(f(v % 100));
                r += 2 * table[2](v % 50) - table[0](v % 50);
                r += 1000; // `pick` is never `sq`
                out.push(r);
                let (lo, hi) = (pairs[2 * i], pairs[2 * i + 1]);
                new_pairs.extend([hi + i as i32, lo - i as i32]);
            }
            all([eq_i32(o, "out", &out), eq_i32(o, "pairs", &new_pairs)])
        }
        "funcptr_copied_args" => {
            // Each call copies the argument once (copy constructor adds 100); odd threads
            // call `twice` through the pointer.
            let x = i32s(l, "in");
            let mut want = vec![];
            for (i, &v) in x.iter().enumerate() {
                let copied = v + 100;
                want.extend([if i & 1 == 1 { 2 * copied } else { copied }, copied]);
            }
            eq_i32(o, "out", &want)
        }
        "virtual_shapes" => {
            // Shape: area 0, sides 0, id 1; Rect(v, 3): area 3v, sides 4, id 2;
            // Square(v): area v*v + 1, sides 4, id 3; Tri(v, 4): area 0, sides 3, id 1.
            // sizeof: Shape 16 (vptr, id), Rect 24, Tri 24 (Itanium layout, as nvcc).
            let x = i32s(l, "in");
            let want: Vec<i32> = x
                .iter()
                .map(|&v| {
                    let (area, sides, id) = match (v & 0xff) % 4 {
                        0 => (0, 0, 1),
                        1 => (3 * v, 4, 2),
                        2 => (v * v + 1, 4, 3),
                        _ => (0, 3, 1),
                    };
                    let describe = area * 100 + sides;
                    let by_ref = area + id;
                    describe + by_ref + (v * v + 1) + 3 * v + v * 4 / 2 + 16 + 240 + 2400
                })
                .collect();
            eq_i32(o, "out", &want)
        }
        "multi_interface_particles" => {
            // Thread i % 3 picks Dust(v, v & 7), Ember(v, v & 15, heat = (v >> 4) & 3) or
            // Comet(v) = Ember(v, 5, 2) with mass 30 and alpha 7; three steps dt = 1, 2, 3.
            let x = i32s(l, "in");
            let (mut pos, mut shading, mut flags) = (vec![], vec![], vec![]);
            for (i, &v) in x.iter().enumerate() {
                let light = (i & 15) as i32;
                let (p, color, alpha) = match i % 3 {
                    0 => (v + 6, 2 * (v & 7) + light, 255),
                    1 => {
                        let heat = (v >> 4) & 3;
                        (
                            (v + 6 * heat) * 3,
                            (v & 15) + light + 100 * heat,
                            128 - heat,
                        )
                    }
                    _ => ((v + 12) * 30, 5 + light + 200, 7),
                };
                pos.push(p);
                shading.push(color * 1000 + alpha);
                flags.push(if i % 3 == 1 { 2 } else { 3 });
            }
            all([
                eq_i32(o, "pos", &pos),
                eq_i32(o, "shading", &shading),
                eq_i32(o, "flags", &flags),
            ])
        }
        "base_assign_tail_padding" => {
            // nvcc's layout: `tag` at offset 5, inside `Sample`'s padding; sizeof 8. A reset
            // copies `value` and `flags` only.
            let x = i32s(l, "in");
            let out: Vec<i32> = (x.iter().enumerate())
                .map(|(i, &v)| {
                    let (value, flags) = if v % 3 == 0 { (v / 2, 7) } else { (v, 1) };
                    value * 1000 + flags * 100 + (i % 100) as i32 + 8_000_000
                })
                .collect();
            eq_i32(o, "out", &out)
        }
        "member_pointer_select" => {
            // choice c: field c % 3 (alive, age, energy), rule (c / 3) % 3 (grow v + b,
            // decay v / 2 - b, virtual mix); odd threads use HotRule (b 7, mix 5v - b),
            // even ones Rule (b 3, mix 3v + b). The field grows by the rule's result.
            let (mut cells, choice) = (i32s(l, "cells"), i32s(l, "choice"));
            let mut out = vec![];
            for (i, &c) in choice.iter().enumerate() {
                let (f, op) = ((c % 3) as usize, (c / 3) % 3);
                let hot = i & 1 == 1;
                let bias = if hot { 7 } else { 3 };
                let x = cells[3 * i + f];
                let v = match op {
                    0 => x + bias,
                    1 => x / 2 - bias,
                    _ if hot => x * 5 - bias,
                    _ => x * 3 + bias,
                };
                cells[3 * i + f] += v;
                out.push(v + 1000 + if f == 2 { 10000 } else { 0 });
            }
            all([eq_i32(o, "cells", &cells), eq_i32(o, "out", &out)])
        }
        "device_polymorphic_list" => {
            // Thread i pushes one node per code (len 6) to the front of its list: c % 3 == 0
            // adds c, == 1 multiplies by c % 5 + 1, == 2 subtracts 1 (a Tally, counted
            // when deleted). The list is applied from the last code to the first.
            let (x, codes) = (i32s(l, "in"), i32s(l, "codes"));
            let len = 6;
            let (mut out, mut freed) = (vec![], vec![]);
            for (i, &v0) in x.iter().enumerate() {
                let (mut v, mut sum, mut tally) = (v0, 0, 0);
                for &c in codes[i * len..(i + 1) * len].iter().rev() {
                    v = match c % 3 {
                        0 => v.wrapping_add(c),
                        1 => v.wrapping_mul(c % 5 + 1),
                        _ => {
                            tally += 1;
                            v - 1
                        }
                    };
                    sum += v & 0xff;
                }
                out.push(v);
                freed.push(tally * 1000 + sum);
            }
            all([eq_i32(o, "out", &out), eq_i32(o, "freed", &freed)])
        }
        _ => return None,
    })
}
