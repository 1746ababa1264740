// A setter (`void bind(FILE *f) { out_ = f; }`) points the object's member
// at what its argument points at: the object's destructor writes through
// it into a stream the caller closed before the object's scope ends. One
// rebound to another stream, or to nothing, before the close does not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

class Sink {
public:
  void bind(FILE *out) { out_ = out; }
  ~Sink() {
    if (out_)
      std::fputs("bye\n", out_);
      // CHECK: setter-binds-member.cpp:[[@LINE-1]]:7: warning: call to 'fputs' on 'out_' after it was closed
      // CHECK: note: 'out_' is closed here
      // CHECK: note: the destructor runs here, where 'sink' is destroyed
  }

private:
  FILE *out_ = nullptr;
};

void closedBeforeTheSink(const char *path) {
  Sink sink;
  FILE *fp = std::fopen(path, "a");
  if (!fp)
    return;
  sink.bind(fp);
  std::fclose(fp);
}

void reboundFirst(const char *path) {
  Sink sink;
  FILE *fp = std::fopen(path, "a");
  if (!fp)
    return;
  sink.bind(fp);
  sink.bind(nullptr);
  std::fclose(fp);
}

void closedAfterTheSink(const char *path) {
  FILE *fp = std::fopen(path, "a");
  if (!fp)
    return;
  {
    Sink sink;
    sink.bind(fp);
  }
  std::fclose(fp);
}
