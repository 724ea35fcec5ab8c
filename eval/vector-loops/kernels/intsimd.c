// Integer SIMD of every element width: i8, i16, i32, i64 arithmetic,
// saturation, averages, multiplies, shifts, compares, bit counts.
// Part of LoopUArch's vectorized-loop corpus.
#include <stdint.h>

void int_add_i8(long n, int8_t *restrict c, const int8_t *restrict a,
                const int8_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

void int_adds_u8(long n, uint8_t *restrict c, const uint8_t *restrict a,
                 const uint8_t *restrict b) {
  for (long i = 0; i < n; ++i) {
    unsigned s = a[i] + b[i];
    c[i] = s > 255 ? 255 : s;
  }
}

void int_avg_u8(long n, uint8_t *restrict c, const uint8_t *restrict a,
                const uint8_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = (uint8_t)((a[i] + b[i] + 1) >> 1);
}

void int_mul_i16(long n, int16_t *restrict c, const int16_t *restrict a,
                 const int16_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] * b[i];
}

void int_mulhi_i16(long n, int16_t *restrict c, const int16_t *restrict a,
                   const int16_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = (int16_t)((a[i] * b[i]) >> 16);
}

int32_t int_dot_i16(long n, const int16_t *a, const int16_t *b) {
  int32_t s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

void int_mul_i32(long n, int32_t *restrict c, const int32_t *restrict a,
                 const int32_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] * b[i];
}

void int_madd_i32(long n, int32_t *restrict c, const int32_t *restrict a,
                  int32_t k) {
  for (long i = 0; i < n; ++i)
    c[i] += a[i] * k + 3;
}

void int_mul_i64(long n, int64_t *restrict c, const int64_t *restrict a,
                 const int64_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] * b[i];
}

void int_add_i64(long n, int64_t *restrict c, const int64_t *restrict a,
                 const int64_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

void int_shift_i32(long n, uint32_t *restrict c, const uint32_t *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = (a[i] << 3) ^ (a[i] >> 5);
}

void int_varshift_i32(long n, uint32_t *restrict c, const uint32_t *restrict a,
                      const uint32_t *restrict s) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] >> (s[i] & 31);
}

void int_abs_i32(long n, int32_t *restrict c, const int32_t *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] < 0 ? -a[i] : a[i];
}

void int_max_i16(long n, int16_t *restrict c, const int16_t *restrict a,
                 const int16_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] > b[i] ? a[i] : b[i];
}

void int_popcnt_u32(long n, uint32_t *restrict c, const uint32_t *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = __builtin_popcount(a[i]);
}

void int_popcnt_u64(long n, uint64_t *restrict c, const uint64_t *restrict a) {
  for (long i = 0; i < n; ++i)
    c[i] = __builtin_popcountll(a[i]);
}

long int_count_eq_u8(long n, const uint8_t *a, uint8_t v) {
  long k = 0;
  for (long i = 0; i < n; ++i)
    k += a[i] == v;
  return k;
}

void int_sad_u8(long n, int32_t *restrict out, const uint8_t *restrict a,
                const uint8_t *restrict b) {
  int32_t s = 0;
  for (long i = 0; i < n; ++i)
    s += a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
  *out = s;
}

void int_xorshift_u64(long n, uint64_t *restrict s) {
  for (long i = 0; i < n; ++i) {
    uint64_t x = s[i];
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s[i] = x;
  }
}

void int_hash_mul_u32(long n, uint32_t *restrict h, const uint32_t *restrict k) {
  for (long i = 0; i < n; ++i)
    h[i] = (k[i] * 2654435761u) >> 16;
}

void int_and_or_u8(long n, uint8_t *restrict c, const uint8_t *restrict a,
                   const uint8_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = (a[i] & 0x0f) | (b[i] & 0xf0);
}

void int_widen_mul_u8(long n, uint16_t *restrict c, const uint8_t *restrict a,
                      const uint8_t *restrict b) {
  for (long i = 0; i < n; ++i)
    c[i] = (uint16_t)(a[i] * b[i]);
}

void int_min_u32(long n, uint32_t *restrict c, const uint32_t *restrict a,
                 uint32_t cap) {
  for (long i = 0; i < n; ++i)
    c[i] = a[i] < cap ? a[i] : cap;
}
