// fileno(fp) is the descriptor the stream owns (c-stdio's "exposes"): a
// close() of it and then fclose() of the stream closes the descriptor twice,
// and a close() or write() through a copy of it after fclose() acts on a
// closed descriptor. A descriptor dup() made from it is another one, and a
// copy assigned a new descriptor no longer names the stream's.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>

class StatsLog {
public:
  void stop();
  void flushAndClose();

private:
  FILE *out_ = nullptr;
};

void StatsLog::stop() {
  std::fflush(out_);
  ::fsync(fileno(out_));
  ::close(fileno(out_));
  // CHECK: lent-descriptors.cpp:[[@LINE+1]]:3: warning: 'fclose' closes 'fileno(out_)' a second time
  std::fclose(out_);
  out_ = nullptr;
}

void StatsLog::flushAndClose() {
  std::fflush(out_);
  ::fsync(fileno(out_)); // OK: a use of the open stream's descriptor
  std::fclose(out_);     // OK: the only close
  out_ = nullptr;
}

void writeAfterStream(const char *path) {
  FILE *f = std::fopen(path, "w");
  if (!f)
    return;
  int fd = fileno(f);
  std::fputs("header\n", f);
  std::fclose(f);
  // CHECK: lent-descriptors.cpp:[[@LINE+1]]:3: warning: call to 'write' on 'fd' after it was closed
  ::write(fd, "trailer\n", 8);
}

void closeBoth(const char *path) {
  FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  int fd = fileno(f);
  std::fclose(f);
  // CHECK: lent-descriptors.cpp:[[@LINE+1]]:3: warning: 'close' closes 'fd' a second time
  ::close(fd);
}

void duplicated(const char *path) {
  FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  int fd = ::dup(fileno(f));
  std::fclose(f);
  ::close(fd); // OK: dup() made another descriptor
}

void reassigned(const char *path) {
  FILE *f = std::fopen(path, "r");
  if (!f)
    return;
  int fd = fileno(f);
  std::fclose(f);
  fd = ::open(path, O_RDONLY);
  ::close(fd); // OK: fd names the new descriptor
}
