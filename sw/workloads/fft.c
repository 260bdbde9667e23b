// An iterative radix-2 complex FFT (bit reversal, then log2(N) butterfly
// passes with precomputed twiddles), forward then inverse, as the FFT
// kernels of the paper's era do. The region of interest is the transforms;
// the program checks that the inverse gives the input back and prints the
// spectrum's energy.
//
//   fft [LOG2N] [ROUNDS]   (default 14, 4: 16384 points, 4 forward+inverse pairs)
#include "fireplane_magic.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double re, im;
} Complex;

static void bit_reverse(Complex* x, int n, int bits) {
    for (int i = 0; i < n; ++i) {
        int r = 0;
        for (int b = 0; b < bits; ++b)
            r |= ((i >> b) & 1) << (bits - 1 - b);
        if (r > i) {
            const Complex t = x[i];
            x[i] = x[r];
            x[r] = t;
        }
    }
}

// In place; `sign` -1 forward, +1 inverse (unscaled).
static void fft(Complex* x, const Complex* w, int n, int bits, int sign) {
    bit_reverse(x, n, bits);
    for (int len = 2; len <= n; len <<= 1) {
        const int half = len / 2, step = n / len;
        for (int start = 0; start < n; start += len)
            for (int k = 0; k < half; ++k) {
                const Complex tw = {w[k * step].re, sign * w[k * step].im};
                Complex* a = &x[start + k];
                Complex* b = &x[start + k + half];
                const Complex t = {b->re * tw.re - b->im * tw.im, b->re * tw.im + b->im * tw.re};
                b->re = a->re - t.re;
                b->im = a->im - t.im;
                a->re += t.re;
                a->im += t.im;
            }
    }
}

int main(int argc, char** argv) {
    const int bits = argc > 1 ? atoi(argv[1]) : 14;
    const int rounds = argc > 2 ? atoi(argv[2]) : 4;
    if (bits < 2 || bits > 22 || rounds < 1) return 2;
    const int n = 1 << bits;
    Complex* x = malloc(sizeof(Complex) * (size_t)n);
    Complex* in = malloc(sizeof(Complex) * (size_t)n);
    Complex* w = malloc(sizeof(Complex) * (size_t)(n / 2));
    if (!x || !in || !w) return 1;
    for (int k = 0; k < n / 2; ++k) // w[k] = exp(-2 pi i k / n)
        w[k] = (Complex){cos(2 * M_PI * k / n), -sin(2 * M_PI * k / n)};
    unsigned s = 12345;
    for (int i = 0; i < n; ++i) {
        s = s * 1103515245u + 12345u;
        in[i] = x[i] = (Complex){(double)(s >> 8 & 0xffff) / 65536.0 - 0.5, 0.0};
    }

    double energy = 0;
    FIREPLANE_ROI_BEGIN();
    for (int r = 0; r < rounds; ++r) {
        fft(x, w, n, bits, -1);
        if (r == 0)
            for (int i = 0; i < n; ++i)
                energy += x[i].re * x[i].re + x[i].im * x[i].im;
        fft(x, w, n, bits, +1);
        for (int i = 0; i < n; ++i) {
            x[i].re /= n;
            x[i].im /= n;
        }
    }
    FIREPLANE_ROI_END();

    double err = 0;
    for (int i = 0; i < n; ++i)
        err = fmax(err, fmax(fabs(x[i].re - in[i].re), fabs(x[i].im - in[i].im)));
    printf("fft: %d points, %d rounds, spectrum energy %.9e, round trip error %s\n", n, rounds,
           energy, err < 1e-9 ? "below 1e-9" : "TOO LARGE");
    return err < 1e-9 ? 0 : 1;
}
