// Tries every way out of a --fs-root folder. tests/limits/fs_root.sh makes
//   TMP/outside/secret.txt                      the host file to reach
//   TMP/root/inside.txt, TMP/root/dir/          what the guest may use
//   TMP/root/abs_link -> TMP/outside/secret.txt (an absolute host path)
//   TMP/root/rel_link -> ../outside/secret.txt
//   TMP/root/dir/up -> ../..
//   TMP/root/dir_out -> TMP/outside
//   TMP/root/root_link -> /inside.txt
// and runs `fs_escape confined TMP/outside/secret.txt` with --fs-root TMP/root:
// no way may read, create, change or name anything outside, and the root's
// own files work as usual. `fs_escape host SECRET` (no --fs-root) reads the
// host file as before.
#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static const char* secret;

// The file's first line, or the errno of opening it.
static int read_file(int dirfd, const char* path, char* out, size_t size) {
    int fd = openat(dirfd, path, O_RDONLY);
    if (fd < 0) return errno;
    ssize_t n = read(fd, out, size - 1);
    close(fd);
    out[n > 0 ? n : 0] = 0;
    return 0;
}

// The path must not lead to the secret: ENOENT, as in a chroot.
static void refused(int dirfd, const char* path) {
    char buf[64] = "";
    int err = read_file(dirfd, path, buf, sizeof buf);
    if (err != ENOENT) printf("'%s': %s (%s)\n", path, strerror(err), buf);
    CHECK(err == ENOENT);
}

static void reads_inside(const char* path) {
    char buf[64] = "";
    int err = read_file(AT_FDCWD, path, buf, sizeof buf);
    if (err || strcmp(buf, "inside\n") != 0) printf("'%s': %s\n", path, strerror(err));
    CHECK(err == 0 && strcmp(buf, "inside\n") == 0);
}

static void cwd_is(const char* expected) {
    char cwd[PATH_MAX];
    CHECK(getcwd(cwd, sizeof cwd) && strcmp(cwd, expected) == 0);
}

static void escapes(void) {
    struct stat st;
    // Paths: absolute host paths, "..", and links that point out.
    refused(AT_FDCWD, secret);
    refused(AT_FDCWD, "../outside/secret.txt");
    refused(AT_FDCWD, "/../../outside/secret.txt");
    refused(AT_FDCWD, "abs_link");
    refused(AT_FDCWD, "rel_link");
    refused(AT_FDCWD, "dir/up/outside/secret.txt");
    refused(AT_FDCWD, "dir_out/secret.txt");
    int dir = open("dir", O_RDONLY | O_DIRECTORY);
    CHECK(dir >= 0);
    refused(dir, "../../outside/secret.txt");
    refused(dir, "up/../outside/secret.txt");
    // Metadata of what lies outside.
    CHECK(stat(secret, &st) == -1 && errno == ENOENT);
    CHECK(stat("abs_link", &st) == -1 && errno == ENOENT);
    CHECK(lstat("abs_link", &st) == 0 && S_ISLNK(st.st_mode)); // the link itself is inside
    CHECK(stat("dir_out/", &st) == -1 && errno == ENOENT);
    CHECK(access(secret, F_OK) == -1 && errno == ENOENT);
    CHECK(access("dir_out/secret.txt", F_OK) == -1 && errno == ENOENT);
    // Changes outside.
    CHECK(open("dir_out/new.txt", O_CREAT | O_WRONLY, 0644) == -1 && errno == ENOENT);
    CHECK(mkdir("dir_out/newdir", 0755) == -1 && errno == ENOENT);
    CHECK(unlink("dir_out/secret.txt") == -1 && errno == ENOENT);
    CHECK(rename("dir_out/secret.txt", "stolen.txt") == -1 && errno == ENOENT);
    CHECK(linkat(AT_FDCWD, "abs_link", AT_FDCWD, "hard.txt", AT_SYMLINK_FOLLOW) == -1 &&
          errno == ENOENT);
    CHECK(truncate("abs_link", 0) == -1 && errno == ENOENT);
    CHECK(chmod("abs_link", 0777) == -1 && errno == ENOENT);
    CHECK(utimensat(AT_FDCWD, "abs_link", NULL, 0) == -1 && errno == ENOENT);
    CHECK(symlink(secret, "my_link") == 0); // a link may say anything; it resolves inside
    refused(AT_FDCWD, "my_link");
    CHECK(unlink("my_link") == 0);
    // The working directory stops at the root.
    for (int i = 0; i < 5; ++i)
        CHECK(chdir("..") == 0);
    cwd_is("/");
    refused(AT_FDCWD, "outside/secret.txt");
    // The program's own file lies outside: no host path is shown for it.
    char exe[PATH_MAX];
    CHECK(readlink("/proc/self/exe", exe, sizeof exe) == -1);
    close(dir);
}

static void inside(void) {
    reads_inside("/inside.txt");
    reads_inside("inside.txt");
    reads_inside("dir/../inside.txt");
    reads_inside("root_link");
    reads_inside("dir/up/inside.txt"); // ../.. from dir stops at the root
    CHECK(chdir("dir") == 0);
    cwd_is("/dir");
    reads_inside("../inside.txt");
    reads_inside("up/inside.txt");
    CHECK(chdir("/") == 0);
    int dir = open("/dir", O_RDONLY | O_DIRECTORY);
    CHECK(dir >= 0 && fchdir(dir) == 0);
    cwd_is("/dir");
    CHECK(chdir("..") == 0);
    cwd_is("/");
    // Creating, renaming, linking and removing inside.
    int fd = openat(dir, "created.txt", O_CREAT | O_WRONLY | O_TRUNC, 0644);
    CHECK(fd >= 0 && write(fd, "inside\n", 7) == 7);
    close(fd);
    reads_inside("/dir/created.txt");
    CHECK(rename("/dir/created.txt", "moved.txt") == 0);
    CHECK(link("moved.txt", "dir/linked.txt") == 0);
    reads_inside("dir/linked.txt");
    CHECK(mkdir("made", 0755) == 0 && rmdir("made/") == 0);
    CHECK(unlink("moved.txt") == 0 && unlinkat(dir, "linked.txt", 0) == 0);
    struct stat st;
    CHECK(stat("/", &st) == 0 && S_ISDIR(st.st_mode));
    CHECK(stat("root_link", &st) == 0 && st.st_size == 7);
    close(dir);
}

int main(int argc, char** argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: fs_escape confined|host SECRET\n");
        return 2;
    }
    secret = argv[2];
    if (strcmp(argv[1], "host") == 0) { // without --fs-root the host's files are the guest's
        char buf[64] = "";
        CHECK(read_file(AT_FDCWD, secret, buf, sizeof buf) == 0 && strcmp(buf, "secret\n") == 0);
        return check_done();
    }
    escapes();
    inside();
    return check_done();
}
