//! Build script: finds magic numbers for sliding-piece attacks and writes the
//! attack tables (knight, king, pawn, sliders, between, line) as Rust statics
//! into OUT_DIR, so the rules core starts with no table-building work.

use std::fmt::Write as _;
use std::path::PathBuf;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn sliding(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f, r) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f + df, r + dr) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

fn step_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut t = [0u64; 64];
    for (sq, slot) in t.iter_mut().enumerate() {
        let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
        for &(df, dr) in deltas {
            if on_board(f0 + df, r0 + dr) {
                *slot |= 1u64 << ((r0 + dr) * 8 + f0 + df);
            }
        }
    }
    t
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// One square's magic entry: (mask, magic, shift, offset).
type MagicEntry = (u64, u64, u32, usize);

/// Finds magics for all squares; returns the entries and the attack table.
fn find_magics(dirs: &[(i32, i32)], rng: &mut Rng) -> (Vec<MagicEntry>, Vec<u64>) {
    let mut entries = Vec::new();
    let mut table = Vec::new();
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Enumerate all subsets of the mask (Carry-Rippler).
        let mut occs = Vec::with_capacity(size);
        let mut atts = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(sliding(sq, sub, dirs));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut used = vec![0u64; size];
        let mut stamp = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let m = rng.sparse();
            if ((mask.wrapping_mul(m)) & 0xFF00_0000_0000_0000).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let mut ok = true;
            for (o, a) in occs.iter().zip(&atts) {
                let idx = (o.wrapping_mul(m) >> shift) as usize;
                if stamp[idx] != attempt {
                    stamp[idx] = attempt;
                    used[idx] = *a;
                } else if used[idx] != *a {
                    ok = false;
                    break;
                }
            }
            if ok {
                break m;
            }
        };
        let offset = table.len();
        table.resize(offset + size, 0);
        for (o, a) in occs.iter().zip(&atts) {
            let idx = (o.wrapping_mul(magic) >> shift) as usize;
            table[offset + idx] = *a;
        }
        entries.push((mask, magic, shift, offset));
    }
    (entries, table)
}

fn write_u64s(out: &mut String, name: &str, values: &[u64]) {
    writeln!(out, "pub(crate) static {name}: [u64; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        for v in chunk {
            write!(out, "{v:#x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let mut out = String::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);

    let knight = step_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
    let king = step_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
    let white_pawn = step_table(&[(-1, 1), (1, 1)]);
    let black_pawn = step_table(&[(-1, -1), (1, -1)]);
    write_u64s(&mut out, "KNIGHT_ATTACKS", &knight);
    write_u64s(&mut out, "KING_ATTACKS", &king);
    let mut pawns = white_pawn.to_vec();
    pawns.extend_from_slice(&black_pawn);
    write_u64s(&mut out, "PAWN_ATTACKS", &pawns);

    let mut all_table = Vec::new();
    for (name, dirs) in [("ROOK", &ROOK_DIRS), ("BISHOP", &BISHOP_DIRS)] {
        let (entries, table) = find_magics(dirs, &mut rng);
        let base = all_table.len();
        all_table.extend_from_slice(&table);
        writeln!(out, "pub(crate) static {name}_MAGICS: [Magic; 64] = [").unwrap();
        for (mask, magic, shift, offset) in entries {
            writeln!(
                out,
                "Magic {{ mask: {mask:#x}, factor: {magic:#x}, shift: {shift}, offset: {} }},",
                offset + base
            )
            .unwrap();
        }
        out.push_str("];\n");
    }
    write_u64s(&mut out, "SLIDER_ATTACKS", &all_table);

    // BETWEEN[a*64+b]: squares strictly between a and b on a line; LINE: the whole line through both.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64 {
        for b in 0..64 {
            if a == b {
                continue;
            }
            let bb = 1u64 << b;
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                if sliding(a, 0, dirs) & bb != 0 {
                    line[a * 64 + b] = (sliding(a, 0, dirs) & sliding(b, 0, dirs)) | (1 << a) | bb;
                    between[a * 64 + b] = sliding(a, bb, dirs) & sliding(b, 1 << a, dirs);
                }
            }
        }
    }
    write_u64s(&mut out, "BETWEEN", &between);
    write_u64s(&mut out, "LINE", &line);

    let path = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("tables.rs");
    std::fs::write(path, out).unwrap();
}
