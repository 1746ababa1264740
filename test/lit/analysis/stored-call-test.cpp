// A flag that holds a test of a call's result and is never changed after
// (`bool ok = scanSlide(s, x) == ScanStatus::Ok; if (!ok) return;`) tests
// that result: the callee closed only where it returned FocusLost, so past
// the flag's test the object is open. A flag assigned again says nothing
// of the call any more.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -I%S/../Inputs | FileCheck %s --implicit-check-not=warning:
#include "streaming.h"
#include <string>

enum class ScanStatus { Ok, FocusLost };

bool focus(AuditChannel &scanner);

ScanStatus scanSlide(AuditChannel &scanner, const std::string &slide) {
  if (!focus(scanner)) {
    scanner.close();
    return ScanStatus::FocusLost;
  }
  scanner.send("scan " + slide);
  return ScanStatus::Ok;
}

void checkedThroughFlag(AuditChannel &scanner, const std::string &slide) {
  bool ok = scanSlide(scanner, slide) == ScanStatus::Ok;
  if (!ok)
    return;
  scanner.send("overview " + slide);
}

void flagOverwritten(AuditChannel &scanner, const std::string &slide, bool force) {
  bool ok = scanSlide(scanner, slide) == ScanStatus::Ok;
  if (force)
    ok = true;
  if (!ok)
    return;
  scanner.send("overview " + slide);
  // CHECK: stored-call-test.cpp:[[@LINE-1]]:11: warning: call to 'send' on 'scanner' that may have been closed
}
