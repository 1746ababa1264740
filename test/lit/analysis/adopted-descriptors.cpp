// fdopen(fd) makes a stream that owns fd: fclose() of the stream closes the
// descriptor too (c-stdio's "adopt"), so a close() or a write() on fd after
// it is a double close or a use after close. Where fdopen() failed, or the
// stream was made from a dup() of fd, fd is still the caller's to close.
// fdopendir(fd) adopts fd the same way (posix-dir), and readdir() after
// closedir() reads a freed stream.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

int writeStatus(const char *path, int code) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    return -1;
  FILE *f = ::fdopen(fd, "w");
  if (!f) {
    ::close(fd); // OK: fdopen() failed, fd is still ours
    return -1;
  }
  std::fprintf(f, "status=%d\n", code);
  std::fclose(f);
  // CHECK: adopted-descriptors.cpp:[[@LINE+1]]:3: warning: 'close' closes 'fd' a second time
  ::close(fd);
  return 0;
}

void trailerAfterStream(int fd) {
  FILE *f = ::fdopen(fd, "a");
  if (!f)
    return;
  std::fputs("body\n", f);
  std::fclose(f);
  // CHECK: adopted-descriptors.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'fd' after it was closed
  ::write(fd, "\n", 1);
}

void streamOfACopy(int fd) {
  FILE *f = ::fdopen(::dup(fd), "w");
  if (f) {
    std::fputs("copy\n", f);
    std::fclose(f);
  }
  ::write(fd, "end\n", 4); // OK: the stream owned the dup(), not fd
  ::close(fd);             // OK
}

void streamOnly(int fd) {
  FILE *f = ::fdopen(fd, "r");
  if (!f) {
    ::close(fd);
    return;
  }
  char line[128];
  while (std::fgets(line, sizeof line, f))
    std::fputs(line, stdout);
  std::fclose(f); // OK: closes fd once
}

int countEntries(const char *dir) {
  int dfd = ::open(dir, O_RDONLY | O_DIRECTORY);
  if (dfd < 0)
    return -1;
  DIR *d = ::fdopendir(dfd);
  if (d == nullptr) {
    ::close(dfd);
    return -1;
  }
  int n = 0;
  while (::readdir(d) != nullptr)
    ++n;
  ::closedir(d);
  ::close(dfd);
  // CHECK: adopted-descriptors.cpp:[[@LINE-1]]:3: warning: 'close' closes 'dfd' a second time [errlint-double-close]
  return n;
}

int rescan(const char *dir) {
  DIR *d = ::opendir(dir);
  if (d == nullptr)
    return -1;
  ::closedir(d);
  return ::readdir(d) != nullptr;
  // CHECK: adopted-descriptors.cpp:[[@LINE-1]]:10: warning: call to 'readdir' on 'd' after it was closed [errlint-use-after-close]
}
