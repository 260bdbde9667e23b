// The default demo: an ASCII Mandelbrot set (floating point, branches and
// stdio) followed by an integer checksum over the picture.
#include <stdio.h>

enum { kWidth = 72, kHeight = 28, kMaxIterations = 2000 };

static int escape_time(double cr, double ci) {
    double zr = 0.0, zi = 0.0;
    for (int i = 0; i < kMaxIterations; ++i) {
        double zr2 = zr * zr, zi2 = zi * zi;
        if (zr2 + zi2 > 4.0) return i;
        zi = 2.0 * zr * zi + ci;
        zr = zr2 - zi2 + cr;
    }
    return kMaxIterations;
}

int main(void) {
    static const char shades[] = " .:-=+*#%@";
    unsigned long checksum = 0;
    for (int y = 0; y < kHeight; ++y) {
        char line[kWidth + 1];
        for (int x = 0; x < kWidth; ++x) {
            double cr = -2.2 + 3.0 * x / kWidth;
            double ci = -1.2 + 2.4 * y / kHeight;
            int n = escape_time(cr, ci);
            checksum = checksum * 31 + (unsigned long)n;
            line[x] = n == kMaxIterations ? '@' : shades[n % 9];
        }
        line[kWidth] = '\0';
        puts(line);
    }
    printf("checksum %016lx\n", checksum);
    return 0;
}
