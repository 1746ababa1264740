// A reference bound in a range-for's body through a pointer member of the
// element (`Conn &c = *d.conn;`) names that element's object, as `d.conn->`
// does: a second close of it in the same iteration is found, and a close in
// one iteration says nothing of the next element's.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <vector>

struct LrpExport {
  FILE *Out;
  bool Partial;
};

void lrpFinish(std::vector<LrpExport> &Exports) {
  for (LrpExport &E : Exports) {
    FILE *&Out = E.Out;
    if (E.Partial)
      std::fclose(Out);
    // CHECK: loop-reference-through-pointer.cpp:[[@LINE+1]]:5: warning: 'fclose' closes 'Out' that may already have been closed
    std::fclose(Out);
  }
}

struct LrpDeparture {
  FILE **Log;
};

void lrpCloseEach(std::vector<LrpDeparture> &Deps) {
  for (LrpDeparture &D : Deps) {
    FILE *&Log = *D.Log;
    std::fputs("departed\n", Log);
    std::fclose(Log);
  }
}

void lrpCloseTwice(std::vector<LrpDeparture> &Deps) {
  for (LrpDeparture &D : Deps) {
    FILE *&Log = *D.Log;
    std::fclose(Log);
    // CHECK: loop-reference-through-pointer.cpp:[[@LINE+1]]:5: warning: 'fclose' closes 'Log' a second time
    std::fclose(Log);
  }
}
