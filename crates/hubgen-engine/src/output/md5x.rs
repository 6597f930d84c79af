//! MD5 of many buffers at once. Every output file's MD5 goes into the manifest (S3 compares it
//! with the ETag), and MD5 cannot be split inside one buffer: each 64-byte block depends on the
//! last. Sixteen buffers can go side by side, though, one per 32-bit lane of an AVX-512
//! register, which hashes a batch of pages several times faster than one after the other. On a
//! CPU without AVX-512 each buffer goes through the `md-5` crate; both give the same digests
//! (tested against it).

/// The MD5 of each buffer, in order.
pub(super) fn md5_many(inputs: &[&[u8]]) -> Vec<[u8; 16]> {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            let mut out = Vec::with_capacity(inputs.len());
            for group in inputs.chunks(LANES) {
                // SAFETY: the CPU has AVX-512F, checked just above.
                out.extend(unsafe { avx512::md5_16(group) });
            }
            return out;
        }
    }
    inputs.iter().map(|b| one(b)).collect()
}

/// One buffer's MD5, with the `md-5` crate.
pub(super) fn one(bytes: &[u8]) -> [u8; 16] {
    use md5::Digest as _;
    md5::Md5::digest(bytes).into()
}

const LANES: usize = 16;

/// The 64-byte blocks of a buffer's message: its own bytes, then the padding (0x80, zeros, and
/// the length in bits, little-endian) in one or two blocks of its own.
struct Message<'a> {
    bytes: &'a [u8],
    tail: [u8; 128],
    blocks: usize,
}

impl<'a> Message<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let whole = bytes.len() / 64;
        let rest = &bytes[whole * 64..];
        let mut tail = [0u8; 128];
        tail[..rest.len()].copy_from_slice(rest);
        tail[rest.len()] = 0x80;
        let tail_blocks = if rest.len() + 9 <= 64 { 1 } else { 2 };
        let bits = (bytes.len() as u64).wrapping_mul(8);
        tail[tail_blocks * 64 - 8..tail_blocks * 64].copy_from_slice(&bits.to_le_bytes());
        Message {
            bytes,
            tail,
            blocks: whole + tail_blocks,
        }
    }

    /// Block `k`, which must be below `blocks`.
    fn block(&self, k: usize) -> &[u8] {
        let whole = self.bytes.len() / 64;
        if k < whole {
            &self.bytes[k * 64..k * 64 + 64]
        } else {
            &self.tail[(k - whole) * 64..(k - whole) * 64 + 64]
        }
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{LANES, Message};
    use std::arch::x86_64::*;

    const K: [u32; 64] = [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391,
    ];

    /// One step: `a = b + rotl(a + f(b, c, d) + m + k, s)`, with `f` as a ternary-logic table
    /// (0xCA: F, 0xE4: G, 0x96: H, 0x39: I).
    macro_rules! step {
        ($f:literal, $a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $k:expr, $s:literal) => {
            let f = _mm512_ternarylogic_epi32::<$f>($b, $c, $d);
            let sum = _mm512_add_epi32(
                _mm512_add_epi32($a, f),
                _mm512_add_epi32($m, _mm512_set1_epi32($k as i32)),
            );
            $a = _mm512_add_epi32($b, _mm512_rol_epi32::<$s>(sum));
        };
    }

    /// The 64 steps of one block in every lane, before the block's state is added back.
    #[target_feature(enable = "avx512f")]
    fn steps(x: &[__m512i; 16], [mut a, mut b, mut c, mut d]: [__m512i; 4]) -> [__m512i; 4] {
        step!(0xCA, a, b, c, d, x[0], K[0], 7);
        step!(0xCA, d, a, b, c, x[1], K[1], 12);
        step!(0xCA, c, d, a, b, x[2], K[2], 17);
        step!(0xCA, b, c, d, a, x[3], K[3], 22);
        step!(0xCA, a, b, c, d, x[4], K[4], 7);
        step!(0xCA, d, a, b, c, x[5], K[5], 12);
        step!(0xCA, c, d, a, b, x[6], K[6], 17);
        step!(0xCA, b, c, d, a, x[7], K[7], 22);
        step!(0xCA, a, b, c, d, x[8], K[8], 7);
        step!(0xCA, d, a, b, c, x[9], K[9], 12);
        step!(0xCA, c, d, a, b, x[10], K[10], 17);
        step!(0xCA, b, c, d, a, x[11], K[11], 22);
        step!(0xCA, a, b, c, d, x[12], K[12], 7);
        step!(0xCA, d, a, b, c, x[13], K[13], 12);
        step!(0xCA, c, d, a, b, x[14], K[14], 17);
        step!(0xCA, b, c, d, a, x[15], K[15], 22);

        step!(0xE4, a, b, c, d, x[1], K[16], 5);
        step!(0xE4, d, a, b, c, x[6], K[17], 9);
        step!(0xE4, c, d, a, b, x[11], K[18], 14);
        step!(0xE4, b, c, d, a, x[0], K[19], 20);
        step!(0xE4, a, b, c, d, x[5], K[20], 5);
        step!(0xE4, d, a, b, c, x[10], K[21], 9);
        step!(0xE4, c, d, a, b, x[15], K[22], 14);
        step!(0xE4, b, c, d, a, x[4], K[23], 20);
        step!(0xE4, a, b, c, d, x[9], K[24], 5);
        step!(0xE4, d, a, b, c, x[14], K[25], 9);
        step!(0xE4, c, d, a, b, x[3], K[26], 14);
        step!(0xE4, b, c, d, a, x[8], K[27], 20);
        step!(0xE4, a, b, c, d, x[13], K[28], 5);
        step!(0xE4, d, a, b, c, x[2], K[29], 9);
        step!(0xE4, c, d, a, b, x[7], K[30], 14);
        step!(0xE4, b, c, d, a, x[12], K[31], 20);

        step!(0x96, a, b, c, d, x[5], K[32], 4);
        step!(0x96, d, a, b, c, x[8], K[33], 11);
        step!(0x96, c, d, a, b, x[11], K[34], 16);
        step!(0x96, b, c, d, a, x[14], K[35], 23);
        step!(0x96, a, b, c, d, x[1], K[36], 4);
        step!(0x96, d, a, b, c, x[4], K[37], 11);
        step!(0x96, c, d, a, b, x[7], K[38], 16);
        step!(0x96, b, c, d, a, x[10], K[39], 23);
        step!(0x96, a, b, c, d, x[13], K[40], 4);
        step!(0x96, d, a, b, c, x[0], K[41], 11);
        step!(0x96, c, d, a, b, x[3], K[42], 16);
        step!(0x96, b, c, d, a, x[6], K[43], 23);
        step!(0x96, a, b, c, d, x[9], K[44], 4);
        step!(0x96, d, a, b, c, x[12], K[45], 11);
        step!(0x96, c, d, a, b, x[15], K[46], 16);
        step!(0x96, b, c, d, a, x[2], K[47], 23);

        step!(0x39, a, b, c, d, x[0], K[48], 6);
        step!(0x39, d, a, b, c, x[7], K[49], 10);
        step!(0x39, c, d, a, b, x[14], K[50], 15);
        step!(0x39, b, c, d, a, x[5], K[51], 21);
        step!(0x39, a, b, c, d, x[12], K[52], 6);
        step!(0x39, d, a, b, c, x[3], K[53], 10);
        step!(0x39, c, d, a, b, x[10], K[54], 15);
        step!(0x39, b, c, d, a, x[1], K[55], 21);
        step!(0x39, a, b, c, d, x[8], K[56], 6);
        step!(0x39, d, a, b, c, x[15], K[57], 10);
        step!(0x39, c, d, a, b, x[6], K[58], 15);
        step!(0x39, b, c, d, a, x[13], K[59], 21);
        step!(0x39, a, b, c, d, x[4], K[60], 6);
        step!(0x39, d, a, b, c, x[11], K[61], 10);
        step!(0x39, c, d, a, b, x[2], K[62], 15);
        step!(0x39, b, c, d, a, x[9], K[63], 21);
        [a, b, c, d]
    }

    /// The MD5 of up to 16 buffers, one per lane; lanes past the buffers run empty and are
    /// dropped.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn md5_16(inputs: &[&[u8]]) -> Vec<[u8; 16]> {
        let messages: Vec<Message<'_>> = inputs.iter().map(|b| Message::new(b)).collect();
        let rounds = messages.iter().map(|m| m.blocks).max().unwrap_or(0);
        let mut a = _mm512_set1_epi32(0x67452301);
        let mut b = _mm512_set1_epi32(0xefcdab89_u32 as i32);
        let mut c = _mm512_set1_epi32(0x98badcfe_u32 as i32);
        let mut d = _mm512_set1_epi32(0x10325476);
        // The lanes' blocks side by side: word j of lane i at [i * 16 + j].
        let mut scratch = [0u32; LANES * 16];
        let lane_index = _mm512_setr_epi32(
            0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240,
        );
        for r in 0..rounds {
            let mut active: u16 = 0;
            for (i, m) in messages.iter().enumerate() {
                if r < m.blocks {
                    active |= 1 << i;
                    for (j, w) in m.block(r).chunks_exact(4).enumerate() {
                        scratch[i * 16 + j] = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                    }
                }
            }
            let mut x = [_mm512_setzero_si512(); 16];
            for (j, xj) in x.iter_mut().enumerate() {
                // SAFETY: every index is below LANES * 16 words of `scratch`.
                *xj = unsafe {
                    _mm512_i32gather_epi32::<4>(
                        _mm512_add_epi32(lane_index, _mm512_set1_epi32(j as i32)),
                        scratch.as_ptr().cast(),
                    )
                };
            }
            let (aa, bb, cc, dd) = (a, b, c, d);
            [a, b, c, d] = steps(&x, [a, b, c, d]);

            // Lanes whose message has ended keep their state.
            a = _mm512_mask_add_epi32(aa, active, aa, a);
            b = _mm512_mask_add_epi32(bb, active, bb, b);
            c = _mm512_mask_add_epi32(cc, active, cc, c);
            d = _mm512_mask_add_epi32(dd, active, dd, d);
        }
        let mut words = [[0u32; LANES]; 4];
        for (w, v) in words.iter_mut().zip([a, b, c, d]) {
            // SAFETY: 16 u32s, an unaligned store.
            unsafe { _mm512_storeu_si512(w.as_mut_ptr().cast(), v) };
        }
        (0..inputs.len())
            .map(|i| {
                let mut digest = [0u8; 16];
                for (n, w) in words.iter().enumerate() {
                    digest[n * 4..n * 4 + 4].copy_from_slice(&w[i].to_le_bytes());
                }
                digest
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digest_is_the_md5_crates_whatever_the_lengths_and_the_batch() {
        // Lengths across the padding edges (55, 56, 63, 64, 119, 120) and longer, in batches of
        // every size from 1 to 40 (more than two groups of 16, the last one partial).
        let data: Vec<u8> = (0..5000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let lengths = [
            0usize, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 121, 127, 128, 129, 1000, 4096, 4999,
        ];
        for batch in 1..=40 {
            let inputs: Vec<&[u8]> = (0..batch)
                .map(|i| {
                    let len = lengths[(i * 7 + batch) % lengths.len()];
                    &data[i..i + len.min(data.len() - i)]
                })
                .collect();
            let want: Vec<[u8; 16]> = inputs.iter().map(|b| one(b)).collect();
            assert_eq!(md5_many(&inputs), want, "batch of {batch}");
        }
        // A known value: MD5("abc").
        assert_eq!(
            crate::output::hex(&md5_many(&[b"abc"])[0]),
            "900150983cd24fb0d6963f7d28e17f72"
        );
    }

    /// The AVX-512 path itself, against the `md-5` crate: `md5_many` falls back to `one` on a
    /// CPU without it, where the test above compares `one` with itself. There this test says so
    /// on stdout, and fails under `CI` unless `HUBGEN_TEST_NO_AVX512` is set (a runner known to
    /// lack it), so the SIMD code cannot ship untested without anyone choosing that.
    #[test]
    fn the_avx512_lanes_give_the_md5_crates_digests() {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f") {
            let data: Vec<u8> = (0..3000u32)
                .map(|i| (i.wrapping_mul(40_503) >> 7) as u8)
                .collect();
            // Every padding edge in one group of 16, a partial group, and lanes of unequal
            // block counts side by side.
            let lengths = [
                0usize, 1, 55, 56, 57, 63, 64, 65, 119, 120, 121, 128, 1000, 2999, 7, 200,
            ];
            for n in [1, 5, 16] {
                let inputs: Vec<&[u8]> = lengths[..n]
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| &data[i..i + l.min(3000 - i)])
                    .collect();
                let want: Vec<[u8; 16]> = inputs.iter().map(|b| one(b)).collect();
                // SAFETY: the CPU has AVX-512F, checked just above.
                let got = unsafe { avx512::md5_16(&inputs) };
                assert_eq!(got, want, "{n} lanes");
            }
            return;
        }
        let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
        let opted_out = std::env::var_os("HUBGEN_TEST_NO_AVX512").is_some();
        println!("SKIPPED: no AVX-512F on this CPU, the SIMD MD5 path is not tested");
        assert!(
            !ci || opted_out,
            "no AVX-512F on this CI runner: the SIMD MD5 path would go untested \
             (set HUBGEN_TEST_NO_AVX512=1 to accept that)"
        );
    }
}
