//===- DeriveValidate.h - Check a draft against its record ------*- C++ -*-===//
//
// A draft is validated when errlint, running the draft rule in-process with
// the real engine, flags the C++ of its record's `before` code and stays
// quiet on the `after` code (DeriveCpp.h builds that C++). A use-after-close
// draft is checked together with the built-in close-while-in-use rule: a
// record whose failing code is a task that uses the object while it is
// closed is caught by that rule, for the draft's profile.
// Only DeriveValidate.cpp includes clang headers.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_DERIVEVALIDATE_H
#define ERRLINT_DERIVEVALIDATE_H

#include "Derive.h"
#include "DeriveCpp.h"
#include <memory>
#include <string>
#include <vector>

namespace errlint {

enum class Verdict {
  Validated,    ///< Before flagged, after quiet.
  BeforeQuiet,  ///< The before part is not flagged.
  AfterFlagged, ///< The after part is flagged.
  BothFailed,   ///< Before quiet and after flagged.
  NoCompile,    ///< The generated C++ does not compile, or the rule loads not.
  NoExample,    ///< No exampleFix, or one without before/after markers.
};

/// "validated", "before not flagged", ...
const char *verdictName(Verdict V);

/// A finding in the generated unit.
struct CheckFinding {
  FixHalf Half = FixHalf::Before;
  unsigned Line = 0;
  std::string RuleId;
  std::string Message;
  std::string LineText;
};

struct Validation {
  Verdict V = Verdict::NoExample;
  bool MissingMarkers = false; ///< exampleFix without its markers.
  std::string Why;             ///< One or two sentences for the review.
  CheckUnit Unit;
  std::vector<CheckFinding> Findings;
  std::vector<std::string> Errors; ///< The unit's compile errors.
  /// The try body was checked, and flagged.
  bool TryChecked = false, TryFlagged = false;
};

/// Checks drafts against their records. What every check shares is built
/// once, here: the compiler invocation of the generated units (running
/// clang's driver costs as much as parsing a unit) and the built-in race
/// rule (parsing it costs more than parsing a draft). check() may run on
/// several threads at once.
class DraftChecker {
public:
  DraftChecker();
  ~DraftChecker();
  DraftChecker(const DraftChecker &) = delete;
  DraftChecker &operator=(const DraftChecker &) = delete;

  /// Checks D's draft (D.hasDraft()) against D.Rec's example fix.
  Validation check(const Derived &D) const;

  struct Impl;

private:
  std::unique_ptr<Impl> P;
};

} // namespace errlint

#endif
