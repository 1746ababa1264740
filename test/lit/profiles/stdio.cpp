// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>

bool fail();

void useAfterFclose(const char *path) {
  FILE *f = fopen(path, "w");
  fputs("header\n", f);
  fclose(f);
  // CHECK: stdio.cpp:[[@LINE+1]]:3: warning: call to 'fprintf' on 'f' after it was closed [errlint-use-after-close]
  fprintf(f, "%d\n", 1);
  // CHECK: stdio.cpp:[[@LINE+1]]:3: warning: call to 'fwrite' on 'f' after it was closed [errlint-use-after-close]
  fwrite("x", 1, 1, f);
  // CHECK: stdio.cpp:[[@LINE+1]]:3: warning: 'fclose' closes 'f' a second time [errlint-double-close]
  fclose(f);
  // CHECK: stdio.cpp:[[@LINE-7]]:3: note: 'f' was first closed here
}

void errorPath(FILE *f) {
  if (fail())
    fclose(f);
  // CHECK: stdio.cpp:[[@LINE+1]]:3: warning: 'fclose' closes 'f' that may already have been closed [errlint-double-close]
  fclose(f);
}

// Negative: reopened with fopen or freopen; queries of other streams.
void reopened(const char *path) {
  FILE *f = fopen(path, "r");
  fclose(f);
  f = fopen(path, "r");
  fgetc(f);
  fclose(f);
  f = std::fopen(path, "r");
  FILE *g = freopen(path, "r", f);
  (void)g;
  fgetc(f);
  fclose(f);
}

// freopen() first closes the stream it is given: given one fclose() already
// freed, it is a use after close, and the stream it returns is open.
void reopenedAfterClose(const char *path) {
  FILE *f = fopen(path, "a");
  fclose(f);
  // CHECK: stdio.cpp:[[@LINE+1]]:7: warning: call to 'freopen' on 'f' after it was closed [errlint-use-after-close]
  f = freopen(path, "a", f);
  fputs("x", f);
}

// Negative: the classic guard by nulling the pointer.
void nulled(FILE *f) {
  fclose(f);
  f = nullptr;
  if (f)
    fputs("x", f);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
