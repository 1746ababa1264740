// The state one call of a class's method leaves a raw pointer member in,
// seen by a later call. rotate() closes the stream and points fp_ at a new
// one, but returns early where fopen() failed: fp_ is left pointing at the
// closed stream, which the class's own `if (fp_)` tests take as open. A
// close() or destructor after it closes a second time, a write after it
// writes to the closed stream. A second close is reported where the class
// makes it, once (not again where a caller destroys the object or calls
// close()); a use, where a caller makes it after the failed rotation. A
// rotation that resets the pointer, a close() that is the object's end,
// and a closer that returns early when already stopped are not sources.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

class DeliveryLog {
public:
  ~DeliveryLog() { close(); }
  void append(const char *line) {
    if (!file_)
      return;
    if (written_ > 4096)
      rotateLocked();
    // CHECK: earlier-call-left-closed.cpp:[[@LINE+1]]:17: warning: call to 'fprintf' on 'file_' that may have been closed [errlint-use-after-close]
    written_ += std::fprintf(file_, "%s\n", line);
  }
  void close() {
    if (!file_)
      return;
    // CHECK: earlier-call-left-closed.cpp:[[@LINE+2]]:5: warning: 'fclose' closes 'file_' that may already have been closed [errlint-double-close]
    // CHECK: note: 'file_' may still be closed by an earlier call to 'append', which closes it here and leaves it set
    std::fclose(file_);
    file_ = nullptr;
  }

private:
  // A private helper is not seeded: the public calls that run it are.
  bool rotateLocked() {
    std::fclose(file_);
    std::FILE *fresh = std::fopen("delivery.log", "a");
    if (!fresh)
      return false;
    file_ = fresh;
    written_ = 0;
    return true;
  }
  std::FILE *file_ = nullptr;
  int written_ = 0;
};

// The same in a struct: the destructor's `if (fp_)` holds where rotate()
// failed, because a stream fclose() was given was not null. Reported once,
// in the destructor, not again where a caller destroys one.
struct Journal {
  std::FILE *fp_ = nullptr;
  // CHECK: earlier-call-left-closed.cpp:[[@LINE+1]]:25: warning: 'fclose' closes 'fp_' that may already have been closed [errlint-double-close]
  ~Journal() { if (fp_) std::fclose(fp_); }
  bool rotate() {
    std::fclose(fp_);
    std::FILE *next = std::fopen("journal.1", "a");
    if (!next)
      return false;
    fp_ = next;
    return true;
  }
  // Not reported here: a write is wrong only after a failed rotate(),
  // which is where a caller makes it.
  void write(const char *s) {
    if (fp_)
      std::fputs(s, fp_);
  }
};

void rotateOnce() {
  Journal j;
  j.fp_ = std::fopen("journal", "a");
  if (!j.fp_)
    return;
  if (!j.rotate())
    std::puts("rotation failed");
}

void rotateThenWrite(Journal &j) {
  if (!j.rotate())
    // CHECK: earlier-call-left-closed.cpp:[[@LINE+1]]:7: warning: call to 'write' uses 'j.fp_' after it was closed [errlint-use-after-close]
    j.write("rotation failed");
  // CHECK: earlier-call-left-closed.cpp:[[@LINE+1]]:5: warning: call to 'write' uses 'j.fp_' that may have been closed [errlint-use-after-close]
  j.write("rotated");
}

// A caller that sees a helper's failed rotation through a pointer it
// tests: closed where rotateFile() returned false, and not null there.
bool rotateFile(std::FILE *&fp) {
  std::fclose(fp);
  std::FILE *next = std::fopen("spool.1", "a");
  if (!next)
    return false;
  fp = next;
  return true;
}

void spool() {
  std::FILE *f = std::fopen("spool", "a");
  if (!f)
    return;
  if (!rotateFile(f))
    std::puts("rotation failed");
  if (f)
    // CHECK: earlier-call-left-closed.cpp:[[@LINE+1]]:5: warning: 'fclose' closes 'f' that may already have been closed [errlint-double-close]
    std::fclose(f);
}

void spoolChecked() {
  std::FILE *f = std::fopen("spool", "a");
  if (!f)
    return;
  if (!rotateFile(f))
    return;
  std::fclose(f);
}

// Correct: the rotation resets the pointer (to the new stream or null), and
// every use tests it.
class GoodLog {
public:
  ~GoodLog() {
    if (fp_)
      std::fclose(fp_);
  }
  void write(const char *s) {
    if (!fp_)
      return;
    if (++lines_ > 1000)
      rotate();
    if (fp_)
      std::fputs(s, fp_);
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  void rotate() {
    std::fclose(fp_);
    fp_ = std::fopen("good.log", "a");
    lines_ = 0;
  }
  std::FILE *fp_ = nullptr;
  int lines_ = 0;
};

// Correct: close() ends the object; a write after it would be the caller's
// mistake, found where a caller makes it.
class Plain {
public:
  void write(const char *s) { std::fputs(s, fp_); }
  void close() { std::fclose(fp_); }
  std::FILE *fp_ = nullptr;
};

// Correct: stop() is a closer that returns early once stopped.
class Stopper {
public:
  void stop() {
    if (stopped_)
      return;
    stopped_ = true;
    std::fclose(fp_);
  }
  void write(const char *s) {
    if (stopped_)
      return;
    std::fputs(s, fp_);
  }
  std::FILE *fp_ = nullptr;
  bool stopped_ = false;
};

void closedThenTested() {
  GoodLog g;
  g.write("a");
  g.close();
  g.write("b");
}
