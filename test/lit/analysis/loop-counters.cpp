// A close that runs in one iteration of a counted loop only: what was known
// of the counter when it closed moves with the counter (`phase == 1` at the
// close is `phase == 2` one step later), so the next iterations do not close
// or use it again. Only counters stepped up are followed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

void notify();

// Negative.
void phases(FILE *Out) {
  for (int Phase = 0; Phase < 3; ++Phase) {
    if (Phase == 0)
      fputs("header\n", Out);
    if (Phase == 1)
      fclose(Out);
    if (Phase == 2)
      notify();
  }
}
void strided(FILE *Out) {
  for (int I = 0; I < 8; I += 2)
    if (I == 4)
      fclose(Out);
}
// Positive: a later iteration's condition can still hold.
void everyLaterIteration(FILE *Out) {
  for (int I = 0; I < 3; ++I)
    if (I >= 1)
      // CHECK: loop-counters.cpp:[[@LINE+2]]:7: warning: 'fclose' closes 'Out' that may already have been closed
      // CHECK: loop-counters.cpp:[[@LINE+1]]:7: note: 'Out' was first closed here, on an earlier iteration of the loop
      fclose(Out);
}
void usedInALaterPhase(FILE *Out) {
  for (int Phase = 0; Phase < 3; ++Phase) {
    if (Phase == 1)
      fclose(Out);
    if (Phase == 2)
      // CHECK: loop-counters.cpp:[[@LINE+1]]:7: warning: call to 'fputs' on 'Out' that may have been closed
      fputs("footer\n", Out);
  }
}

// A retry loop that closes a failed stream and opens a fresh one only when
// another attempt follows: the closed stream is left only on the last
// attempt, whose counter the loop's bound then refuses, so every write in
// the loop is on an open stream; the one after it may not be.
void retried(const char *Path) {
  FILE *Out = fopen(Path, "w");
  bool Sent = false;
  for (int Attempt = 1; Attempt <= 3 && !Sent; ++Attempt) {
    if (fputs("frame\n", Out) >= 0) {
      Sent = true;
      continue;
    }
    fclose(Out);
    if (Attempt < 3)
      Out = fopen(Path, "w");
  }
  // CHECK: loop-counters.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'Out' that may have been closed
  fputs("status\n", Out);
}
