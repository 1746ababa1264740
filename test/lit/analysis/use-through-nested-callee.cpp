// A use two calls deep (`utnReport()` calling `utnPut()`, which writes) is reported
// at the caller's call, with a note at the write and one at the call in
// utnReport()'s own body that reaches it: the line its author wrote.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

static void utnPut(std::FILE *F) { std::fputs("row\n", F); }

static void utnReport(std::FILE *F) {
  std::fputs("header\n", stderr);
  utnPut(F);
}

void utnRun(std::FILE *F) {
  std::fclose(F);
  // CHECK: use-through-nested-callee.cpp:[[@LINE+5]]:3: warning: call to 'utnReport' uses 'F' after it was closed
  // CHECK: use-through-nested-callee.cpp:[[@LINE-2]]:3: note: 'F' is closed here
  // CHECK: use-through-nested-callee.cpp:7:36: note: 'utnReport' uses it here
  // CHECK: use-through-nested-callee.cpp:11:3: note: through this call in 'utnReport'
  // CHECK-NOT: note: through
  utnReport(F);
}

void utnDirect(std::FILE *F) {
  std::fclose(F);
  // CHECK: use-through-nested-callee.cpp:[[@LINE+3]]:3: warning: call to 'utnPut' uses 'F' after it was closed
  // CHECK: use-through-nested-callee.cpp:7:36: note: 'utnPut' uses it here
  // CHECK-NOT: through this call
  utnPut(F);
}
