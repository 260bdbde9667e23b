// File I/O in the current directory, through stdio (buffered, with seeks)
// and through raw syscalls: openat, read, write, lseek, pread64, pwrite64,
// ftruncate, fstat/newfstatat, renameat, unlinkat, mkdirat, getdents64,
// dup/dup3 and fcntl. Output never includes host specifics (inode numbers,
// times, owners, the directory's absolute path).
#include "check.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp_names(const void* a, const void* b) {
    return strcmp(*(char* const*)a, *(char* const*)b);
}

// Lists the current directory, sorted, since readdir order is arbitrary.
static void list_dir(const char* label) {
    DIR* d = opendir(".");
    CHECK(d != NULL);
    if (!d) return;
    char* names[64];
    int n = 0;
    struct dirent* e;
    while ((e = readdir(d)) != NULL && n < 64)
        names[n++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_names);
    printf("%s:", label);
    for (int i = 0; i < n; i++) {
        struct stat st;
        char kind = '?';
        if (stat(names[i], &st) == 0)
            kind = S_ISDIR(st.st_mode) ? 'd' : S_ISREG(st.st_mode) ? 'f' : 'o';
        printf(" %s(%c)", names[i], kind);
        free(names[i]);
    }
    printf("\n");
}

static void stdio_part(void) {
    FILE* f = fopen("data.txt", "w");
    CHECK(f != NULL);
    for (int i = 0; i < 1000; i++)
        fprintf(f, "line %04d %s\n", i, i % 7 ? "plain" : "seventh");
    long written = ftell(f);
    CHECK(fclose(f) == 0);
    printf("wrote %ld bytes\n", written);

    f = fopen("data.txt", "r+");
    CHECK(f != NULL);
    char line[64];
    int lines = 0, sevenths = 0;
    while (fgets(line, sizeof line, f)) {
        lines++;
        if (strstr(line, "seventh")) sevenths++;
    }
    printf("read %d lines, %d sevenths, eof=%d\n", lines, sevenths, feof(f));
    CHECK(lines == 1000 && sevenths == 143);
    // Seek to line 500 (lines are 16 or 18 bytes) and overwrite in place.
    CHECK(fseek(f, 0, SEEK_SET) == 0);
    for (int i = 0; i < 500; i++)
        fgets(line, sizeof line, f);
    long pos = ftell(f);
    fseek(f, pos, SEEK_SET); // a seek is required between reading and writing
    fputs("LINE", f);
    fseek(f, -4, SEEK_END);
    fputs("END\n", f);
    fflush(f);
    fseek(f, pos, SEEK_SET);
    fgets(line, sizeof line, f);
    printf("line 500 at %ld: %s", pos, line);
    CHECK(strncmp(line, "LINE 0500", 9) == 0);
    rewind(f);
    fgets(line, sizeof line, f);
    printf("first: %s", line);
    fclose(f);

    // Binary fwrite/fread of structs, read back from the middle.
    struct rec {
        int32_t id;
        double value;
        char tag[4];
    } recs[100];
    for (int i = 0; i < 100; i++) {
        recs[i].id = i * 3;
        recs[i].value = i / 7.0;
        memcpy(recs[i].tag, "abc", 4);
    }
    f = fopen("recs.bin", "wb");
    CHECK(fwrite(recs, sizeof recs[0], 100, f) == 100);
    fclose(f);
    f = fopen("recs.bin", "rb");
    struct rec r;
    fseek(f, (long)(42 * sizeof r), SEEK_SET);
    CHECK(fread(&r, sizeof r, 1, f) == 1);
    printf("record 42: id=%d value=%.6f tag=%s\n", r.id, r.value, r.tag);
    CHECK(r.id == 126);
    fseek(f, 0, SEEK_END);
    printf("recs.bin size %ld\n", ftell(f));
    CHECK(fread(&r, sizeof r, 1, f) == 0 && feof(f));
    fclose(f);

    // Append mode always writes at the end.
    f = fopen("data.txt", "a");
    fputs("appended\n", f);
    fclose(f);
    struct stat st;
    CHECK(stat("data.txt", &st) == 0);
    printf("data.txt size %lld regular %d\n", (long long)st.st_size, S_ISREG(st.st_mode));
    CHECK(st.st_size == written + 9);
}

static void posix_part(void) {
    umask(022); // so the printed permission bits do not depend on the caller's umask
    int fd = open("raw.bin", O_CREAT | O_RDWR | O_TRUNC, 0640);
    CHECK(fd >= 0);
    unsigned char buf[10000];
    for (int i = 0; i < 10000; i++)
        buf[i] = (unsigned char)(i * 37 + (i >> 8));
    ssize_t n = write(fd, buf, sizeof buf);
    CHECK(n == 10000);
    off_t end = lseek(fd, 0, SEEK_CUR);
    off_t back = lseek(fd, 1234, SEEK_SET);
    unsigned char got[100];
    CHECK(read(fd, got, 100) == 100 && memcmp(got, buf + 1234, 100) == 0);
    printf("raw: end %lld, seek %lld, now %lld\n", (long long)end, (long long)back,
           (long long)lseek(fd, 0, SEEK_CUR));
    // pread/pwrite leave the file offset alone.
    CHECK(pwrite(fd, "XYZ", 3, 5000) == 3);
    CHECK(pread(fd, got, 6, 4999) == 6);
    printf("pread: %c%c%c%c (offset %lld)\n", got[1], got[2], got[3],
           got[4] == buf[5003] ? '=' : '!', (long long)lseek(fd, 0, SEEK_CUR));
    // A hole: seek past the end and write, the gap reads as zeros.
    lseek(fd, 20000, SEEK_SET);
    CHECK(write(fd, "!", 1) == 1);
    CHECK(pread(fd, got, 10, 15000) == 10);
    int zeros = 1;
    for (int i = 0; i < 10; i++)
        if (got[i]) zeros = 0;
    struct stat st;
    CHECK(fstat(fd, &st) == 0);
    printf("after hole: size %lld zeros %d mode %o\n", (long long)st.st_size, zeros,
           (unsigned)(st.st_mode & 0777));
    CHECK(st.st_size == 20001 && zeros && (st.st_mode & 0777) == 0640);
    CHECK(ftruncate(fd, 100) == 0);
    CHECK(fstat(fd, &st) == 0 && st.st_size == 100);
    // Reading at EOF returns 0.
    lseek(fd, 0, SEEK_END);
    CHECK(read(fd, got, 10) == 0);
    // dup shares the offset; fcntl reads flags.
    int fd2 = dup(fd);
    lseek(fd, 10, SEEK_SET);
    printf("dup offset %lld, accmode rdwr %d, cloexec %d\n", (long long)lseek(fd2, 0, SEEK_CUR),
           (fcntl(fd2, F_GETFL) & O_ACCMODE) == O_RDWR, fcntl(fd2, F_GETFD) & FD_CLOEXEC);
    int fd3 = dup2(fd, 40);
    CHECK(fd3 == 40);
    close(fd3);
    close(fd2);
    CHECK(close(fd) == 0);
    CHECK(close(fd) == -1 && errno == EBADF);

    // Errors come back as -1 with errno.
    errno = 0;
    CHECK(open("does-not-exist", O_RDONLY) == -1 && errno == ENOENT);
    CHECK(open("raw.bin", O_CREAT | O_EXCL | O_WRONLY, 0600) == -1 && errno == EEXIST);
    CHECK(access("raw.bin", R_OK | W_OK) == 0);
    CHECK(access("nope", F_OK) == -1 && errno == ENOENT);
    CHECK(read(-1, got, 1) == -1 && errno == EBADF);

    // Directories, renames and links.
    CHECK(mkdir("sub", 0755) == 0);
    CHECK(mkdir("sub", 0755) == -1 && errno == EEXIST);
    CHECK(rename("raw.bin", "sub/moved.bin") == 0);
    CHECK(link("data.txt", "hard.txt") == 0);
    CHECK(symlink("data.txt", "soft.txt") == 0);
    char target[64];
    ssize_t tl = readlink("soft.txt", target, sizeof target - 1);
    CHECK(tl == 8);
    target[tl > 0 ? tl : 0] = '\0';
    struct stat ls, hs;
    CHECK(lstat("soft.txt", &ls) == 0 && stat("hard.txt", &hs) == 0);
    printf("symlink -> %s islink %d, hard nlink %d\n", target, S_ISLNK(ls.st_mode),
           (int)hs.st_nlink);
    char cwd[4096];
    CHECK(getcwd(cwd, sizeof cwd) != NULL && cwd[0] == '/');
    CHECK(chdir("sub") == 0);
    list_dir("in sub");
    CHECK(chdir("..") == 0);
    list_dir("top");
    CHECK(unlink("sub/moved.bin") == 0);
    CHECK(rmdir("sub") == 0);
    CHECK(unlink("hard.txt") == 0 && unlink("soft.txt") == 0);
    CHECK(unlink("data.txt") == 0 && unlink("recs.bin") == 0);
    CHECK(unlink("data.txt") == -1 && errno == ENOENT);
    list_dir("after cleanup");
}

int main(void) {
    stdio_part();
    posix_part();
    return check_done();
}
