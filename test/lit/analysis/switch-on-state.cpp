// A switch on a state member teaches each case its value, and the default
// of a single case that the value is not that one: finish() closes only
// from Open or Draining and leaves Closed, write() returns in the Closed
// case, so a second finish() and a write() after it touch nothing closed.
// A write that does not look at the state is after the close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

enum class SosState { Open, Draining, Closed };

class SosPort {
public:
  void finish() {
    switch (state_) {
    case SosState::Open:
    case SosState::Draining:
      std::fclose(fp_);
      state_ = SosState::Closed;
      break;
    case SosState::Closed:
      break;
    }
  }
  void write(const char *s) {
    switch (state_) {
    case SosState::Closed:
      return;
    default:
      std::fputs(s, fp_);
    }
  }
  void writeUnchecked(const char *s) { std::fputs(s, fp_); }

private:
  FILE *fp_ = nullptr;
  SosState state_ = SosState::Open;
};

void finishTwiceThenWrite(SosPort &p) {
  p.finish();
  p.finish();
  p.write("x");
}

void finishThenWriteUnchecked(SosPort &p) {
  p.finish();
  // CHECK: switch-on-state.cpp:[[@LINE+1]]:5: warning: call to 'writeUnchecked' uses 'p.fp_' that may have been closed
  p.writeUnchecked("x");
}
